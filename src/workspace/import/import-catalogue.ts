import { CatalogueError, type Catalogue } from '@/workspace/intelligence/catalogues'
import { readEpssScores, scoreDateFromFileName } from '@/workspace/intelligence/epss-scores'
import { readKevDocument } from '@/workspace/intelligence/kev-catalogue'
import { catalogueNames, catalogueSize, catalogueVersion } from '@/workspace/intelligence/stored-catalogue'
import { saveCatalogue } from '@/workspace/store/catalogue-records'
import type { WorkspaceDatabase } from '@/workspace/store/records'
import { plural } from '@/lib/format'

/** What importing a catalogue did: kept (new or newer), or not (older, the same), with why. */
export interface CatalogueOutcome {
  status: 'catalogue'
  file: string
  formatName: string
  kind: Catalogue['kind']
  /** True when the workspace now holds this file's catalogue. */
  saved: boolean
  /** One sentence: what it holds, and what it replaced or why it was not kept. */
  summary: string
  warnings: string[]
}

/** The catalogue a file's text holds: EPSS's CSV when `csv`, else the parsed KEV document. */
export function readCatalogueFile(
  name: string,
  source: { csv: string } | { document: unknown },
): { catalogue: Catalogue; skipped: number; warnings: string[] } {
  return 'csv' in source
    ? readEpssScores(source.csv, scoreDateFromFileName(name.split(/[\\/]/).pop() ?? name))
    : readKevDocument(source.document)
}

/**
 * Keeps a catalogue a file holds in the workspace, when it is newer than the one held. A file that
 * is meant as a catalogue but cannot be read as one throws `CatalogueError`.
 */
export async function importCatalogue(
  database: () => Promise<WorkspaceDatabase>,
  file: { name: string; origin: 'file' | 'feed'; importedAt: string },
  source: { csv: string } | { document: unknown },
): Promise<CatalogueOutcome> {
  const { catalogue, skipped, warnings } = readCatalogueFile(file.name, source)
  const formatName = catalogueNames[catalogue.kind]
  const size = catalogueSize(catalogue)
  if (size === 0) throw new CatalogueError(`This file holds ${formatName} with no entries: nothing was kept.`)
  const saving = await saveCatalogue(await database(), catalogue, {
    file: file.name,
    origin: file.origin,
    importedAt: file.importedAt,
    skipped,
  })
  const what = `${catalogue.kind === 'kev' ? plural(size, 'vulnerability', 'vulnerabilities') : plural(size, 'CVE score')}, ${catalogueVersion(catalogue)}`
  const summary =
    saving.status === 'kept' ? saving.note : `${what}${saving.replaced ? `: replaces ${saving.replaced}` : ''}.`
  return {
    status: 'catalogue',
    file: file.name,
    formatName,
    kind: catalogue.kind,
    saved: saving.status === 'saved',
    summary,
    warnings: [...(skipped > 0 ? [`${plural(skipped, 'entry', 'entries')} left out, unreadable.`] : []), ...warnings],
  }
}
