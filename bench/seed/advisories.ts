import { indexVulnerabilities } from '../../src/data/advisory-groups'
import { fromStoredAdvisoryIndex } from '../../src/workspace/projections/advisory-index'
import { occurrencesFromDigests } from '../../src/workspace/source/occurrence-indexes'
import { workspaceRepositories } from '../../src/workspace/source/repository-rows'
import { listDigests, listRepositories, readAdvisoryIndex } from '../../src/workspace/store/reads'
import { showAdvisories } from '../reference/advisory-rows'
import { openSignedInWorkspace } from './signed-in-workspace'

/**
 * The plain-DOM advisories of the signed-in user's workspace: the index Vigil's grouped view
 * reads (the kept one, else built from the digests), rendered by the reference's rows.
 */
async function show() {
  const database = await openSignedInWorkspace()
  const repositories = workspaceRepositories(await listRepositories(database))
  const kept = await readAdvisoryIndex(database)
  let index = kept && fromStoredAdvisoryIndex(kept, repositories)
  if (!index) {
    const { digests } = await listDigests(database)
    index = indexVulnerabilities((await occurrencesFromDigests(digests, repositories)).vulnerabilities, repositories)
  }
  database.close()
  showAdvisories(index, repositories)
}

show().catch((error: unknown) => {
  document.body.dataset.error = String(error)
})
