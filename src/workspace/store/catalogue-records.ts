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

/** The catalogues the workspace holds. */
export async function readCatalogues(database: WorkspaceDatabase): Promise<HeldCatalogues> {
  const [kev, epss] = await Promise.all([database.get('catalogues', 'kev'), database.get('catalogues', 'epss')])
  return {
    ...(kev?.kind === 'kev' ? { kev } : {}),
    ...(epss?.kind === 'epss' ? { epss } : {}),
  }
}
