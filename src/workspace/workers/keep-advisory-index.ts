import { buildAdvisoryIndex } from '@/workspace/projections/advisory-index'
import { occurrencesFromDigests } from '@/workspace/source/occurrence-indexes'
import { workspaceRepositories } from '@/workspace/source/repository-rows'
import { listDigests, listRepositories, readAdvisoryIndex, saveAdvisoryIndex } from '@/workspace/store/reads'
import type { WorkspaceDatabase } from '@/workspace/store/records'

/**
 * Builds and keeps the advisory index of the workspace as it is now, unless a current one is
 * kept already: run off the page after imports, so that the next visit to `/vulnerabilities`
 * shows its groups at once. False when nothing was kept (current already, or changed meanwhile).
 */
export async function keepAdvisoryIndex(database: WorkspaceDatabase): Promise<boolean> {
  if (await readAdvisoryIndex(database)) return false
  const repositories = workspaceRepositories(await listRepositories(database))
  const { digests, generation } = await listDigests(database)
  const { vulnerabilities } = await occurrencesFromDigests(digests, repositories)
  return buildAdvisoryIndex(vulnerabilities, repositories, generation, {
    save: (index) => saveAdvisoryIndex(database, index),
  }).saved
}
