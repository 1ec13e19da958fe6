import type { CatalogueStatus } from '@/data/catalogue-status'
import { heldCatalogueStatuses } from '@/workspace/intelligence/stored-catalogue'
import type { WorkspaceIndexes } from '@/workspace/source/workspace-indexes'

/** The catalogues a workspace holds, as the screens show them. */
export async function catalogueStatusesOf(indexes: WorkspaceIndexes | undefined): Promise<CatalogueStatus[]> {
  return heldCatalogueStatuses((await indexes?.catalogues?.()) ?? {})
}
