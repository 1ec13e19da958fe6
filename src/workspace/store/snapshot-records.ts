import { unwrap } from 'idb'
import { byName, type SnapshotRepository } from '@/workspace/feed/format/snapshot'
import type { RunHistory } from '@/workspace/history/finding-history'
import { triageSummaries } from '@/workspace/projections/triage-summary'
import { addToCounter, countChange } from './counters'
import { flattenLog } from './decision-records'
import { PACKED_RUN, SNAPSHOT_GROUP_PREFIX } from './record-keys'
import { putRepositoryRuns } from './history-records'
import { writeWhole } from './write-transaction'
import type { FeedFileState, WorkspaceDatabase } from './records'
import { type FindingsPage } from '@/workspace/model/repository-records'

type SnapshotStore = 'repositories' | 'digests' | 'pages' | 'feedFileGroups'

/** A repository of a feed's snapshot, ready to store: its runs name the feed, its files are resolved. */
export interface SnapshotLanding {
  /** The snapshot's repository, its runs' history read back into the workspace's own (`historyFromSnapshot`). */
  repository: Omit<SnapshotRepository, 'history'> & { history: RunHistory[] }
  files: FeedFileState[]
}

/** A repository's pages up to this many characters in all are stored in one record (`PackedPages`). */
const PACKED_CHARACTERS = 1_000_000

const packs = (pages: readonly FindingsPage[]) =>
  pages.length > 1 && pages.reduce((characters, page) => characters + page.findingsJson.length, 0) <= PACKED_CHARACTERS

/**
 * Stores repositories of a feed's snapshot in one transaction, each whole: its summary, digest,
 * runs, pages, history and import records, and what the feed knows of its files. A repository the
 * workspace holds meanwhile (imported by hand, or by the feed file by file) is left as it is:
 * the names of those stored are returned.
 */
export async function storeSnapshotRepositories(
  database: WorkspaceDatabase,
  landings: readonly SnapshotLanding[],
  now: Date,
): Promise<string[]> {
  const transaction = database.transaction(
    ['repositories', 'pages', 'repositoryRuns', 'imports', 'digests', 'indexes', 'decisions', 'feedFileGroups'],
    'readwrite',
    { durability: 'relaxed' },
  )
  return writeWhole(transaction, async () => {
    const stored: string[] = []
    // The names the workspace holds between the batch's first and last (parts are cut in the order
    // of the names, and sorted here again): one request per batch, not one per repository.
    const names = landings.map((item) => item.repository.name).sort(byName)
    const held =
      names.length === 0
        ? new Set<string>()
        : new Set(await transaction.objectStore('repositories').getAllKeys(IDBKeyRange.bound(names[0], names.at(-1)!)))
    const landing = landings.filter((item) => !held.has(item.repository.name))
    const log = landing.length > 0 ? flattenLog(await transaction.objectStore('decisions').getAll()) : []
    const triage =
      log.length > 0
        ? triageSummaries(
            landing.map((item) => item.repository.digest),
            log,
            now,
          )
        : undefined
    // A few records a repository, put on the bare stores: a promise and two listeners for
    // each were a tenth of the sync. A failed put aborts the transaction, and its end says why.
    const raw = unwrap(transaction)
    const put = (store: SnapshotStore, record: unknown) => raw.objectStore(store).put(record)
    for (const { repository } of landing) {
      const summary = { ...repository.summary, triage: triage?.get(repository.name) }
      if (!summary.triage) delete summary.triage
      put('repositories', summary)
      put('digests', repository.digest)
      putRepositoryRuns(raw.objectStore('repositoryRuns'), {
        repository: repository.name,
        runs: repository.runs,
        history: repository.history,
      })
      if (packs(repository.pages))
        put('pages', { repository: repository.name, run: PACKED_RUN, page: 0, pages: repository.pages })
      else for (const page of repository.pages) put('pages', page)
      stored.push(repository.name)
    }
    // What the feed knows of the batch's files, in a group of its own (FeedFileGroup).
    const files = landing.flatMap((item) => item.files)
    if (files.length > 0) put('feedFileGroups', { group: `${SNAPSHOT_GROUP_PREFIX}${crypto.randomUUID()}`, files })
    // The batch's imports in one record (ImportPage), counted beside it.
    const imports = landing.flatMap((item) => item.repository.imports)
    if (imports.length > 0) {
      raw.objectStore('imports').add({ page: imports })
      await addToCounter(transaction.objectStore('indexes'), 'pagedImports', imports.length)
    }
    if (stored.length > 0) await countChange(transaction.objectStore('indexes'))
    return stored
  })
}
