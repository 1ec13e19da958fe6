import type { Catalogue } from '@/workspace/intelligence/catalogues'
import {
  catalogueNames,
  catalogueVersion,
  compareCatalogues,
  type CatalogueOrigin,
  type HeldCatalogues,
  type StoredCatalogue,
} from '@/workspace/intelligence/stored-catalogue'
import { countChange } from './counters'
import { readGeneration } from './reads'
import type { WorkspaceDatabase } from './records'
import { writeWhole } from './write-transaction'

/** What saving a catalogue did: replaced the one held (or was the first), or kept the newer one held. */
export type CatalogueSaving = { status: 'saved'; replaced?: string } | { status: 'kept'; note: string }

/**
 * Keeps a catalogue, one of each kind, when it is newer than the one held: an older or the same
 * catalogue changes nothing and says so. A saved one counts as a change of the findings'
 * generation, as the views join it to them.
 */
export async function saveCatalogue(
  database: WorkspaceDatabase,
  catalogue: Catalogue,
  origin: CatalogueOrigin,
): Promise<CatalogueSaving> {
  const transaction = database.transaction(['catalogues', 'indexes'], 'readwrite')
  return writeWhole(transaction, async (): Promise<CatalogueSaving> => {
    const store = transaction.objectStore('catalogues')
    const held = await store.get(catalogue.kind)
    const name = catalogueNames[catalogue.kind]
    if (held) {
      const order = compareCatalogues(catalogue, held)
      if (order < 0) {
        return {
          status: 'kept',
          note: `This file holds ${name}, ${catalogueVersion(catalogue)}: older than the one the workspace holds (${catalogueVersion(held)}), which is kept.`,
        }
      }
      if (order === 0) {
        return {
          status: 'kept',
          note: `The workspace holds ${name}, ${catalogueVersion(held)}, already: nothing changed.`,
        }
      }
    }
    await store.put({ ...catalogue, ...origin } as StoredCatalogue)
    await countChange(transaction.objectStore('indexes'))
    return held ? { status: 'saved', replaced: catalogueVersion(held) } : { status: 'saved' }
  })
}

/** The catalogues the workspace holds: both, or those named (the policy's checks read KEV alone). */
export async function readCatalogues(
  database: WorkspaceDatabase,
  kinds: readonly StoredCatalogue['kind'][] = ['kev', 'epss'],
): Promise<HeldCatalogues> {
  const [kev, epss] = await Promise.all([
    kinds.includes('kev') ? database.get('catalogues', 'kev') : undefined,
    kinds.includes('epss') ? database.get('catalogues', 'epss') : undefined,
  ])
  return {
    ...(kev?.kind === 'kev' ? { kev } : {}),
    ...(epss?.kind === 'epss' ? { epss } : {}),
  }
}

/**
 * The catalogues, read again only when the workspace changed since (its findings' generation,
 * which a saved catalogue counts too): a decision makes a new data source, not new catalogues.
 */
export function catalogueReader(open: () => Promise<WorkspaceDatabase>): () => Promise<HeldCatalogues> {
  let kept: { generation: number; held: Promise<HeldCatalogues> } | undefined
  return async () => {
    const database = await open()
    const generation = await readGeneration(database)
    if (kept?.generation !== generation) {
      const held = readCatalogues(database)
      kept = { generation, held }
      // A failed read is not kept: the next one tries again.
      held.catch(() => (kept = undefined))
    }
    return kept.held
  }
}
