import type { DecisionEntry } from '@/workspace/triage/decision-log'
import type { IDBPObjectStore } from 'idb'
import type { RepositoryDigest } from '@/workspace/projections/digest'
import { listDigests } from './reads'
import { DECISION_PAGE_PREFIX, PENDING_COUNTS_ID } from './record-keys'
import { flattenLog } from './decision-records'
import { generationOf } from './counters'
import type { DecisionRecord, PendingCountsMarker, WorkspaceDatabase, WorkspaceSchema } from './records'
import { type TriageSummary } from '@/workspace/model/repository-records'
import { repositoriesTouched, triageSummaries } from '@/workspace/projections/triage-summary'

export const listDecisions = async (database: WorkspaceDatabase): Promise<DecisionEntry[]> =>
  flattenLog(await database.getAll('decisions'))

/** The log as a screen holds it, with the keys of the records it was read from. */
export interface LogRead {
  log: readonly DecisionEntry[]
  keys: ReadonlySet<string>
  /** Whether decisions written with `counts: 'later'` wait for their counts (`settleCounts`). */
  countsWaiting: boolean
}

/**
 * The log, reading only the records added since `previous` (the store only grows: entries are
 * never edited or removed, save with the whole workspace, which a missing key shows). The same
 * log, not a copy, when nothing was added; added entries come after the others. With
 * `recordsPerRead`, the records are read that many entries to a transaction, and a page alone (a
 * worker's long read): the browser serves a database's requests in turn, and a decision being
 * saved then waits for one of them, not for the whole log. A record added between
 * two of them may be missed, and is read with the next call.
 */
export async function readLog(
  database: WorkspaceDatabase,
  previous?: LogRead,
  { recordsPerRead }: { recordsPerRead?: number } = {},
): Promise<LogRead> {
  const transaction = database.transaction('decisions', 'readonly')
  const keys = new Set(await transaction.store.getAllKeys())
  const countsWaiting = keys.delete(PENDING_COUNTS_ID)
  let grown = previous !== undefined && previous.keys.size <= keys.size
  if (previous && grown) for (const key of previous.keys) if (!keys.has(key)) grown = false
  const from = grown ? previous : undefined
  if (!from && recordsPerRead === undefined) {
    const log = flattenLog(await transaction.store.getAll())
    return { log, keys, countsWaiting }
  }
  const added = from ? [...keys].filter((key) => !from.keys.has(key)) : [...keys]
  if (from && added.length === 0) return { log: from.log, keys: from.keys, countsWaiting }
  const records: (DecisionRecord | undefined)[] = []
  for (const [at, part] of readParts(added, recordsPerRead).entries()) {
    const store = at === 0 ? transaction.store : database.transaction('decisions', 'readonly').store
    records.push(...(await Promise.all(part.map((key) => store.get(key)))))
  }
  const read = flattenLog(records.filter((record) => record !== undefined))
  return { log: from ? [...from.log, ...read] : read, keys, countsWaiting }
}

/** Keys to read together: `perRead` entries' records at most, a page (thousands of entries) alone. */
function readParts(keys: readonly string[], perRead: number | undefined): string[][] {
  if (perRead === undefined) return [[...keys]]
  const parts: string[][] = []
  let entries: string[] = []
  for (const key of keys) {
    if (key.startsWith(DECISION_PAGE_PREFIX)) parts.push([key])
    else if (entries.push(key) === perRead) {
      parts.push(entries)
      entries = []
    }
  }
  if (entries.length > 0) parts.push(entries)
  return parts
}

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

const markerOf = (record: unknown): PendingCountsMarker | undefined =>
  (record as PendingCountsMarker | undefined)?.id === PENDING_COUNTS_ID ? (record as PendingCountsMarker) : undefined

/** Whether the counts of the repositories decisions touch are brought up to date in the same transaction, or by `settleCounts` after. */
export type CountsTiming = 'now' | 'later'

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
 * Appends decision entries (never editing one). With `counts: 'now'` the same transaction brings
 * the counts of every repository they can change up to date: a repository's own, or every
 * repository for a decision on an advisory everywhere. With `counts: 'later'` (a bulk step and
 * its undo) the transaction holds the decisions store alone and notes the repositories instead
 * (`PendingCountsMarker`), for `settleCounts`: a decision is saved without waiting for a long
 * read (the days to fix') of the findings, or for thousands of repositories' counts. Entries
 * already stored (by id) are not added twice, so the feed's decisions can be applied again and
 * again.
 */
export async function recordDecisionEntries(
  database: WorkspaceDatabase,
  entries: readonly DecisionEntry[],
  now: Date = new Date(),
  { counts = 'now', newIds = false }: RecordOptions = {},
): Promise<number> {
  const transaction =
    counts === 'later'
      ? database.transaction(['decisions'], 'readwrite')
      : database.transaction(['decisions', 'digests', 'repositories', 'indexes'], 'readwrite')
  // A failed write rejects with its own error below; the transaction's abort is that same failure.
  transaction.done.catch(() => undefined)
  const store = transaction.objectStore('decisions') as unknown as DecisionsStore
  const [known, marker] = await Promise.all([
    entries.length > 0 && !newIds ? storedIds(store) : undefined,
    store.get(PENDING_COUNTS_ID).then(markerOf),
  ])
  const added = known ? entries.filter((entry) => !known.has(entry.id)) : entries
  if (newIds) {
    if (added.length > 0) await store.add({ id: `${DECISION_PAGE_PREFIX}${crypto.randomUUID()}`, page: [...added] })
  } else {
    // Queued at once: one request after another in the transaction, without a wait between each.
    await Promise.all(added.map((entry) => store.add(entry)))
  }
  const touched = joinTouched(marker?.repositories, added.length > 0 ? repositoriesTouched(added) : new Set())
  if (counts === 'later') {
    if (touched === 'all' || touched.size > 0)
      await store.put({
        id: PENDING_COUNTS_ID,
        repositories: touched === 'all' ? 'all' : [...touched],
        version: crypto.randomUUID(),
      })
    await transaction.done
    return added.length
  }
  if (marker) await store.delete(PENDING_COUNTS_ID)
  if (touched === 'all' || touched.size > 0) {
    const log = flattenLog(await store.getAll())
    const digestStore = transaction.objectStore('digests')
    const digests =
      touched === 'all'
        ? await digestStore.getAll()
        : (await Promise.all([...touched].map((name) => digestStore.get(name)))).filter(
            (digest) => digest !== undefined,
          )
    await putSummaries(transaction.objectStore('repositories'), triageSummaries(digests, log, now))
  }
  await transaction.done
  return added.length
}

function joinTouched(pending: string[] | 'all' | undefined, touched: Set<string> | 'all'): Set<string> | 'all' {
  if (pending === 'all' || touched === 'all') return 'all'
  return pending === undefined ? touched : new Set([...pending, ...touched])
}

interface SummariesStore {
  get: (name: string) => Promise<{ triage?: TriageSummary } | undefined>
  put: (summary: never) => Promise<unknown>
}

/** Each repository's summary with its new counts, the requests queued one after another. */
async function putSummaries(store: SummariesStore, summaries: Map<string, TriageSummary>): Promise<void> {
  const names = [...summaries.keys()]
  const stored = await Promise.all(names.map((name) => store.get(name)))
  await Promise.all(
    stored.map((summary, at) =>
      summary ? store.put({ ...summary, triage: summaries.get(names[at]) } as never) : undefined,
    ),
  )
}

/** Digests read by a settling, kept while the findings' generation is theirs. */
interface KeptDigests {
  generation: number
  digests: Map<string, RepositoryDigest>
}

/**
 * The digests of the repositories named (or of every one), with the generation they are of. Those
 * `kept` of the same generation are not read again: a settling that goes again weighs the same
 * digests (parsed once: `countedFindings` keeps what it read of each).
 */
async function digestsOf(
  database: WorkspaceDatabase,
  repositories: readonly string[] | 'all',
  kept: KeptDigests | undefined,
): Promise<KeptDigests & { list: RepositoryDigest[] }> {
  if (repositories === 'all') {
    const { digests, generation } = await listDigests(database)
    const reused = kept?.generation === generation ? kept.digests : undefined
    const list = digests.map((digest) => reused?.get(digest.repository) ?? digest)
    return { generation, digests: new Map(list.map((digest) => [digest.repository, digest])), list }
  }
  let generation: number | undefined
  let known = new Map<string, RepositoryDigest>()
  const list: RepositoryDigest[] = []
  for (let at = 0; at === 0 || at < repositories.length; at += PER_TRANSACTION) {
    const transaction = database.transaction(['digests', 'indexes'], 'readonly')
    const digestStore = transaction.objectStore('digests')
    const current = await generationOf(transaction.objectStore('indexes'))
    // The findings changed between two reads: read them all again.
    if (generation !== undefined && current !== generation) return digestsOf(database, repositories, undefined)
    if (generation === undefined && kept?.generation === current) known = kept.digests
    generation = current
    const read = await Promise.all(
      repositories.slice(at, at + PER_TRANSACTION).map((name) => known.get(name) ?? digestStore.get(name)),
    )
    for (const digest of read) if (digest !== undefined) list.push(digest)
  }
  const digests = new Map(known)
  for (const digest of list) digests.set(digest.repository, digest)
  return { generation: generation!, digests, list }
}

/**
 * Writes counts a few hundred repositories to a transaction: the browser serves a database's
 * requests one after another, and a decision being saved then waits for one of them, not for
 * thousands. Each checks the findings' generation first: an import since the digests were read
 * weighed its own repositories' counts, which these would undo. Says whether all were written.
 */
async function writeSummaries(
  database: WorkspaceDatabase,
  summaries: Map<string, TriageSummary>,
  generation: number,
): Promise<boolean> {
  const names = [...summaries.keys()]
  for (let at = 0; at < names.length; at += PER_TRANSACTION) {
    const write = database.transaction(['repositories', 'indexes'], 'readwrite')
    write.done.catch(() => undefined)
    if ((await generationOf(write.objectStore('indexes'))) !== generation) return false
    const part = new Map(names.slice(at, at + PER_TRANSACTION).map((name) => [name, summaries.get(name)!]))
    await putSummaries(write.objectStore('repositories') as unknown as SummariesStore, part)
    await write.done
  }
  return true
}

/** Repositories read or written per transaction by a settling. */
const PER_TRANSACTION = 250

/** A worker's reads of the log: entries alone, that many to a transaction (a page is read alone). */
export const LOG_RECORDS_PER_READ = 500

/** Runs `task` alone among every tab and worker of this origin settling the same workspace, where the browser can tell. */
function alone<T>(database: WorkspaceDatabase, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks ? (locks.request(`vigil-counts:${database.name}`, task) as Promise<T>) : task()
}

/**
 * Brings up to date the counts that decisions written with `counts: 'later'` left waiting, and
 * those of `expired` (repositories whose accepted risks ran out since their counts were weighed:
 * time alone changes them; 'all' for every repository). The log and the digests are read in short
 * transactions of their own and the counts written in another, so that decisions made meanwhile
 * are saved at once; those decisions (a new version of the marker) or an import (a new
 * generation) make it go again, reading only the log's new records and the digests not read yet.
 * Says whether any counts were waiting.
 */
export async function settleCounts(
  database: WorkspaceDatabase,
  now: Date = new Date(),
  expired: readonly string[] | 'all' = [],
): Promise<boolean> {
  return alone(database, async () => {
    let waiting = false
    let extra: readonly string[] | 'all' = expired
    let log: LogRead | undefined
    let kept: KeptDigests | undefined
    for (;;) {
      // The marker before the log: entries written in between are weighed now, and again with their own marker.
      const marker = markerOf(await database.get('decisions', PENDING_COUNTS_ID))
      const touched = joinTouched(marker?.repositories, extra === 'all' ? 'all' : new Set(extra))
      if (touched !== 'all' && touched.size === 0) return waiting
      waiting = true
      log = await readLog(database, log, { recordsPerRead: LOG_RECORDS_PER_READ })
      const digests = await digestsOf(database, touched === 'all' ? 'all' : [...touched], kept)
      kept = digests
      const summaries = triageSummaries(digests.list, log.log, now)
      if (!(await writeSummaries(database, summaries, digests.generation))) continue
      extra = []
      if (!marker) return waiting
      const clear = database.transaction('decisions', 'readwrite')
      const latest = markerOf(await clear.store.get(PENDING_COUNTS_ID))
      if (latest?.version === marker.version) await clear.store.delete(PENDING_COUNTS_ID)
      await clear.done
      if (latest?.version === marker.version) return waiting
    }
  })
}
