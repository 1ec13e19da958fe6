import { openDB, type IDBPDatabase } from 'idb'
import { afterEach } from 'vitest'
import { unpackPages } from '@/workspace/store/finding-pages'
import { emptyCounts } from '@/data/findings'
import { createLegacyRunStore, createVersionOneStores } from '@/workspace/store/migrations'
import { deleteWorkspace } from '@/workspace/store/workspace-names'
import { openWorkspace } from '@/workspace/store/open'
import type { WorkspaceDatabase } from '@/workspace/store/records'
import { emptyApiSummary, type RepositorySummary } from '@/workspace/model/repository-records'

const opened: { name: string; database: WorkspaceDatabase }[] = []

/** A new, empty workspace database, closed and deleted after the test (with `closeTestWorkspacesAfterEach`). */
export async function freshWorkspace(name = `vigil-workspace-test-${crypto.randomUUID()}`): Promise<WorkspaceDatabase> {
  const database = await openWorkspace(name)
  opened.push({ name, database })
  return database
}

export function closeTestWorkspacesAfterEach() {
  afterEach(async () => {
    for (const { name, database } of opened.splice(0)) {
      database.close()
      await deleteWorkspace(name)
    }
  })
}

/**
 * The object stores of a workspace at schema `version` (1 to 8), as that Vigil created them: the
 * migration tests write an older workspace's records into them, then open it with this one.
 */
export function createStoresOfVersion(database: IDBPDatabase, version: number) {
  createVersionOneStores(database)
  if (version >= 3) {
    database.createObjectStore('feeds', { keyPath: 'manifestUrl' })
    database.createObjectStore('feedFiles', { keyPath: 'url' })
  }
  if (version >= 4) database.createObjectStore('digests', { keyPath: 'repository' })
  if (version >= 5) database.createObjectStore('indexes', { keyPath: 'name' })
  if (version >= 6) {
    database.deleteObjectStore('findings')
    database
      .createObjectStore('pages', { keyPath: ['repository', 'run', 'page'] })
      .createIndex('repository', 'repository')
    createLegacyRunStore(database, 'runs')
    database.createObjectStore('decisions', { keyPath: 'id' })
  }
  if (version >= 7) createLegacyRunStore(database, 'history')
}

/**
 * A workspace named `name` at schema `version` (6 to 8), holding the records of `source` as that
 * Vigil stored them (runs, and from version 7 their history, a record each; pages with findings as
 * objects before version 8), closed for this Vigil to open. `more` writes into it before it closes.
 */
export async function olderWorkspace(
  name: string,
  version: 6 | 7 | 8,
  source: WorkspaceDatabase,
  more: (old: IDBPDatabase) => Promise<void> = async () => {},
) {
  const old = await openDB(name, version, { upgrade: (database) => createStoresOfVersion(database, version) })
  for (const store of ['repositories', 'digests', 'indexes'] as const)
    for (const record of await source.getAll(store)) await old.put(store, record)
  for (const run of await runsAsRecords(source)) await old.put('runs', run)
  if (version >= 7) for (const run of await historyAsRecords(source)) await old.put('history', run)
  const pages = version >= 8 ? unpackPages(await source.getAll('pages')) : await pagesAsObjects(source)
  for (const page of pages) await old.put('pages', page)
  await more(old)
  old.close()
}

/** Runs as workspaces of versions 6 to 8 stored them: a record each. */
export const runsAsRecords = async (source: WorkspaceDatabase) =>
  (await source.getAll('repositoryRuns')).flatMap((record) => record.runs)

/** Runs' histories as workspaces of versions 7 and 8 stored them: a record each. */
const historyAsRecords = async (source: WorkspaceDatabase) =>
  (await source.getAll('repositoryRuns')).flatMap((record) => record.history)

/** Pages as workspaces before version 8 stored them: their findings as objects, not JSON text. */
export async function pagesAsObjects(source: WorkspaceDatabase) {
  return unpackPages(await source.getAll('pages')).map(({ findingsJson, ...page }) => ({
    ...page,
    findings: JSON.parse(findingsJson) as unknown,
  }))
}

/** A repository's summary with nothing found, as an import of an empty scan writes it. */
export const emptySummary = (name: string, description = ''): RepositorySummary => ({
  name,
  description,
  url: '',
  languages: [],
  scannedAt: '2026-11-20T10:00:00.000Z',
  tools: ['Trivy'],
  counts: emptyCounts(),
  apis: emptyApiSummary(),
  coverage: { policyIssues: false, vulnerabilities: true, apiSurface: false },
})
