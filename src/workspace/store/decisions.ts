import type { DecisionEntry } from '@/workspace/triage/decision-log'
import type { IDBPObjectStore } from 'idb'
import { DECISION_PAGE_PREFIX, flattenLog, type WorkspaceDatabase, type WorkspaceSchema } from './schema'
import { repositoriesTouched, triageSummaries } from './triage-summary'

export const listDecisions = async (database: WorkspaceDatabase): Promise<DecisionEntry[]> =>
  flattenLog(await database.getAll('decisions'))

type DecisionsStore = IDBPObjectStore<
  WorkspaceSchema,
  ('decisions' | 'digests' | 'repositories' | 'indexes')[],
  'decisions',
  'readwrite'
>

/** Every page's id: the strings that start with the prefix. */
const pageRange = () => IDBKeyRange.bound(DECISION_PAGE_PREFIX, `${DECISION_PAGE_PREFIX}\uffff`)

/** The ids of every stored entry, alone or in a page. */
async function storedIds(store: DecisionsStore): Promise<Set<string>> {
  const [keys, pages] = await Promise.all([store.getAllKeys(), store.getAll(pageRange())])
  const ids = new Set<string>(keys)
  for (const { id } of flattenLog(pages)) ids.add(id)
  return ids
}

/** Whether the counts of the repositories decisions touch are brought up to date with them, or with a later call. */
export type CountsTiming = 'now' | 'later'

const pendingKey = 'pending-counts'

export interface RecordOptions {
  counts?: CountsTiming
  /**
   * The entries were just made here, each with a new random id: none can be stored already, and
   * the log's ids (all of them, a read that grows with it) are not read to find out. They are
   * written as one record (`DecisionPage`).
   */
  newIds?: boolean
}

/**
 * Appends decision entries (never editing one), and in the same transaction brings the counts of
 * every repository they can change up to date: a repository's own, or every repository for a
 * decision on an advisory everywhere. Entries already stored (by id) are not added twice, so the
 * feed's decisions can be applied again and again. With `counts: 'later'` (a bulk step's parts but
 * its last), the repositories are noted instead and the next call with `counts: 'now'` (or
 * `settlePendingCounts`) weighs the whole log once for all of them.
 */
export async function recordDecisionEntries(
  database: WorkspaceDatabase,
  entries: readonly DecisionEntry[],
  now: Date = new Date(),
  { counts = 'now', newIds = false }: RecordOptions = {},
): Promise<number> {
  const transaction = database.transaction(['decisions', 'digests', 'repositories', 'indexes'], 'readwrite')
  // A failed write rejects with its own error below; the transaction's abort is that same failure.
  transaction.done.catch(() => undefined)
  const store = transaction.objectStore('decisions')
  const indexes = transaction.objectStore('indexes')
  const [known, pendingRecord] = await Promise.all([
    entries.length > 0 && !newIds ? storedIds(store) : undefined,
    indexes.get(pendingKey),
  ])
  const added = known ? entries.filter((entry) => !known.has(entry.id)) : entries
  if (newIds) {
    if (added.length > 0) await store.add({ id: `${DECISION_PAGE_PREFIX}${crypto.randomUUID()}`, page: [...added] })
  } else {
    // Queued at once: one request after another in the transaction, without a wait between each.
    await Promise.all(added.map((entry) => store.add(entry)))
  }
  const pending = pendingRecord?.name === pendingKey ? pendingRecord.repositories : undefined
  const touched = joinTouched(pending, added.length > 0 ? repositoriesTouched(added) : new Set())
  if (counts === 'later') {
    if (touched === 'all' || touched.size > 0)
      await indexes.put({ name: pendingKey, repositories: touched === 'all' ? 'all' : [...touched] })
    await transaction.done
    return added.length
  }
  if (pending !== undefined) await indexes.delete(pendingKey)
  if (touched === 'all' || touched.size > 0) {
    const log = flattenLog(await store.getAll())
    const digests =
      touched === 'all'
        ? await transaction.objectStore('digests').getAll()
        : (await Promise.all([...touched].map((name) => transaction.objectStore('digests').get(name)))).filter(
            (digest) => digest !== undefined,
          )
    const summaries = triageSummaries(digests, log, now)
    const repositories = transaction.objectStore('repositories')
    for (const [name, triage] of summaries) {
      const summary = await repositories.get(name)
      if (summary) await repositories.put({ ...summary, triage })
    }
  }
  await transaction.done
  return added.length
}

function joinTouched(pending: string[] | 'all' | undefined, touched: Set<string> | 'all'): Set<string> | 'all' {
  if (pending === 'all' || touched === 'all') return 'all'
  return pending === undefined ? touched : new Set([...pending, ...touched])
}

/**
 * Brings up to date the counts a bulk step cut short left waiting (see `recordDecisionEntries`);
 * says whether any were.
 */
export async function settlePendingCounts(database: WorkspaceDatabase, now: Date = new Date()): Promise<boolean> {
  const record = await database.get('indexes', pendingKey)
  if (record?.name !== pendingKey) return false
  await recordDecisionEntries(database, [], now)
  return true
}

/**
 * Brings every repository's counts up to date with the decisions as they stand at `now`: after an
 * accepted risk expired, the counts of the repositories it covered change without any write.
 */
export async function refreshTriageCounts(database: WorkspaceDatabase, now: Date = new Date()): Promise<void> {
  const transaction = database.transaction(['decisions', 'digests', 'repositories'], 'readwrite')
  const log = flattenLog(await transaction.objectStore('decisions').getAll())
  if (log.length > 0) {
    const summaries = triageSummaries(await transaction.objectStore('digests').getAll(), log, now)
    const repositories = transaction.objectStore('repositories')
    for (const [name, triage] of summaries) {
      const summary = await repositories.get(name)
      if (summary) await repositories.put({ ...summary, triage })
    }
  }
  await transaction.done
}
