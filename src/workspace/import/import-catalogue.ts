import { CatalogueError, type Catalogue } from '@/workspace/intelligence/catalogues'
import { readEpssScores, scoreDateFromFileName, type EpssReading } from '@/workspace/intelligence/epss-scores'
import { readKevCatalogue, readKevDocument, type KevReading } from '@/workspace/intelligence/kev-catalogue'
import {
  catalogueEntriesText,
  catalogueNames,
  catalogueSize,
  catalogueVersion,
  skippedText,
} from '@/workspace/intelligence/stored-catalogue'
import { saveCatalogue } from '@/workspace/store/catalogue-records'
import type { WorkspaceDatabase } from '@/workspace/store/records'

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

/** Where a catalogue's text comes from: FIRST's CSV, CISA's JSON as text, or that JSON already parsed. */
export type CatalogueSource = { csv: string } | { kevText: string } | { document: unknown }

/**
 * The catalogue a file holds, read as Vigil's readers read it: an EPSS file whose first line is
 * missing takes its day from its name (`epss_scores-YYYY-MM-DD.csv`). Throws `CatalogueError`
 * for a file that is no catalogue of the kind, or holds no entries.
 */
export function readCatalogueFile(name: string, source: CatalogueSource): KevReading | EpssReading {
  const reading =
    'csv' in source
      ? readEpssScores(source.csv, scoreDateFromFileName(name.split(/[\\/]/).pop() ?? name))
      : 'kevText' in source
        ? readKevCatalogue(source.kevText)
        : readKevDocument(source.document)
  if (catalogueSize(reading.catalogue) === 0)
    throw new CatalogueError(`This file holds ${catalogueNames[reading.catalogue.kind]} with no entries.`)
  return reading
}

/**
 * Keeps a catalogue a file holds in the workspace, when it is newer than the one held. A file that
 * is meant as a catalogue but cannot be read as one throws `CatalogueError`.
 */
export async function importCatalogue(
  database: () => Promise<WorkspaceDatabase>,
  file: { name: string; origin: 'file' | 'feed'; importedAt: string },
  source: CatalogueSource,
): Promise<CatalogueOutcome> {
  const { catalogue, skipped, warnings } = readCatalogueFile(file.name, source)
  const formatName = catalogueNames[catalogue.kind]
  const saving = await saveCatalogue(await database(), catalogue, {
    file: file.name,
    origin: file.origin,
    importedAt: file.importedAt,
    skipped,
  })
  const what = `${catalogueEntriesText(catalogue)}, ${catalogueVersion(catalogue)}`
  const summary =
    saving.status === 'kept' ? saving.note : `${what}${saving.replaced ? `: replaces ${saving.replaced}` : ''}.`
  return {
    status: 'catalogue',
    file: file.name,
    formatName,
    kind: catalogue.kind,
    saved: saving.status === 'saved',
    summary,
    warnings: [...(skipped > 0 ? [`${skippedText(skipped)}.`] : []), ...warnings],
  }
}
