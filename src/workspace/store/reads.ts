import type { StoredAdvisoryIndex } from '@/workspace/projections/advisory-index'
import type { RepositoryDigest } from '@/workspace/projections/digest'
import type { Finding } from '@/workspace/model/model'
import type { KeptTimeline } from '@/workspace/projections/workspace-times'
import { findingsOfPages, unpackPages } from './finding-pages'
import { counterOf, generationOf } from './counters'
import type { ImportPage, KeptTimelineRecord, WorkspaceDatabase, WorkspaceSchema } from './records'
import { type ImportRecord, type RepositorySummary, type RunRecord } from '@/workspace/model/repository-records'

/** Summaries read at once: read whole, they held the page's main thread long, copying them (docs/benchmarks.md). */
const SUMMARIES_PER_READ = 1000

/**
 * Every repository's summary, what the lists and the dashboard read: a thousand at a time, each
 * read a request of its own. Each summary is whole (one write makes it), and a write landing
 * between two reads shows in the later ones only: the page reads again after each change it
 * hears of. Starting again at every change instead, as the digests do, could go on for as long
 * as a feed's first sync, which changes the workspace every batch.
 */
export const listRepositories = (database: WorkspaceDatabase): Promise<RepositorySummary[]> =>
  readWhole(database, 'repositories', SUMMARIES_PER_READ, (summary) => summary.name)

/**
 * A store read whole in key order, `size` records a request: each copy is small enough to leave
 * the thread free between them, and a write waits for one request, not for all of them.
 */
export async function readWhole<Name extends 'repositories' | 'repositoryRuns'>(
  database: WorkspaceDatabase,
  name: Name,
  size: number,
  keyOf: (record: WorkspaceSchema[Name]['value']) => IDBValidKey,
): Promise<WorkspaceSchema[Name]['value'][]> {
  const records: WorkspaceSchema[Name]['value'][] = []
  for (;;) {
    const last = records.at(-1)
    const batch = await database.getAll(
      name,
      last === undefined ? null : IDBKeyRange.lowerBound(keyOf(last), true),
      size,
    )
    records.push(...batch)
    if (batch.length < size) return records
  }
}

export async function findingsOf(database: WorkspaceDatabase, repository: string): Promise<Finding[]> {
  return findingsOfPages(unpackPages(await database.getAllFromIndex('pages', 'repository', repository)))
}

/** The runs stored for a repository: each tool's run, when it scanned, and who brought it. */
export const listRuns = async (database: WorkspaceDatabase, repository: string): Promise<RunRecord[]> =>
  (await database.get('repositoryRuns', repository))?.runs ?? []

/** How many digests the first read asks for, and the bounds of the later reads. */
const FIRST_READ = 100
const MIN_READ = 25
const MAX_READ = 1_000
/**
 * What a read of digests may take, the next read's size aiming at it: the page copies each read's
 * digests in one task, which a keystroke waits for: reads of a fixed size made long tasks on a
 * slow CPU (docs/benchmarks.md).
 */
const READ_BUDGET_MS = 16

/** The next read's size: as many digests as the last read's pace fits in the budget. */
export function nextReadSize(size: number, tookMs: number): number {
  return Math.min(MAX_READ, Math.max(MIN_READ, Math.round((size * READ_BUDGET_MS) / Math.max(tookMs, 1))))
}

/** How many times the findings have changed: the digests of one generation are always the same. */
export const readGeneration = (database: WorkspaceDatabase): Promise<number> =>
  generationOf(database.transaction('indexes', 'readonly').objectStore('indexes'))

/**
 * Every repository's digest, what the organisation-wide screens read, with the generation they
 * belong to. Read a few at a time, as many as a short task copies (see READ_BUDGET_MS), each read a
 * transaction of its own that checks the generation: smaller copies leave frames free between
 * them, and a write (a decision) waits for one read, not all of them. An import landing in between
 * starts the reading again.
 */
export async function listDigests(
  database: WorkspaceDatabase,
  { onRead }: { onRead?: (digests: number) => void } = {},
): Promise<{ digests: RepositoryDigest[]; generation: number }> {
  for (;;) {
    const read = await readDigestsOfOneGeneration(database, onRead)
    if (read) return read
  }
}

/** `onRead` hears how many digests were read so far, after each read. */
async function readDigestsOfOneGeneration(database: WorkspaceDatabase, onRead?: (digests: number) => void) {
  let generation: number | undefined
  const digests: RepositoryDigest[] = []
  let size = FIRST_READ
  for (;;) {
    const started = performance.now()
    const transaction = database.transaction(['digests', 'indexes'], 'readonly')
    const after = digests.at(-1)?.repository
    const [batch, batchGeneration] = await Promise.all([
      transaction.objectStore('digests').getAll(after === undefined ? null : IDBKeyRange.lowerBound(after, true), size),
      generationOf(transaction.objectStore('indexes')),
    ])
    await transaction.done
    if (generation !== undefined && batchGeneration !== generation) return undefined
    generation = batchGeneration
    for (const digest of batch) digests.push(digest)
    onRead?.(digests.length)
    if (batch.length < size) return { digests, generation }
    size = nextReadSize(size, performance.now() - started)
  }
}

/** The stored advisory index, if it was built from the digests as they are now. */
export async function readAdvisoryIndex(database: WorkspaceDatabase): Promise<StoredAdvisoryIndex | undefined> {
  const store = database.transaction('indexes', 'readonly').objectStore('indexes')
  const [record, generation] = await Promise.all([store.get('vulnerabilities'), generationOf(store)])
  return record?.name === 'vulnerabilities' && record.generation === generation ? record : undefined
}

/**
 * Keeps an advisory index for the next visit, unless the findings changed since the digests it
 * was built from were read (it would be stale on arrival).
 */
export async function saveAdvisoryIndex(database: WorkspaceDatabase, index: StoredAdvisoryIndex): Promise<boolean> {
  const transaction = database.transaction('indexes', 'readwrite')
  const store = transaction.objectStore('indexes')
  const current = (await generationOf(store)) === index.generation
  if (current) await store.put(index)
  await transaction.done
  return current
}

/** The imports a record of the imports store holds: a page's, or the record itself. */
export const importsIn = (record: ImportRecord | ImportPage): ImportRecord[] =>
  'page' in record ? record.page : [record]

/** How many imports the workspace records, and the newest of them, newest first. */
export interface ImportHistory {
  count: number
  newest: ImportRecord[]
}

/**
 * The import history as the data-sources page shows it: a feed of 10,000 repositories records
 * 30,000 imports, which no screen lists whole (read whole, they held the page's main thread long:
 * docs/benchmarks.md). Imports alone are counted by the repository index, those in pages by
 * their counter.
 */
export async function readImportHistory(database: WorkspaceDatabase, newest: number): Promise<ImportHistory> {
  const transaction = database.transaction(['imports', 'indexes'], 'readonly')
  const store = transaction.objectStore('imports')
  const alone = store.index('repository').count()
  const paged = counterOf(transaction.objectStore('indexes'), 'pagedImports')
  const records: ImportRecord[] = []
  for (let cursor = await store.openCursor(null, 'prev'); cursor && records.length < newest;) {
    records.push(
      ...importsIn(cursor.value)
        .toReversed()
        .slice(0, newest - records.length),
    )
    if (records.length < newest) cursor = await cursor.continue()
  }
  return { count: (await alone) + (await paged), newest: records }
}

/** The dashboard's timeline kept from a visit, if the findings and `inputs` are the same and time has not changed it. */
export async function readKeptTimeline(
  database: WorkspaceDatabase,
  inputs: string,
  now: number,
): Promise<KeptTimeline | undefined> {
  const store = database.transaction('indexes', 'readonly').objectStore('indexes')
  const [record, generation] = await Promise.all([store.get('timeline'), generationOf(store)])
  if (record?.name !== 'timeline' || record.generation !== generation || record.inputs !== inputs) return undefined
  return now < record.timeline.validUntil ? record.timeline : undefined
}

/** Keeps the dashboard's timeline for the next visit, unless the findings changed since it was worked out. */
export async function keepTimeline(database: WorkspaceDatabase, record: KeptTimelineRecord): Promise<boolean> {
  const transaction = database.transaction('indexes', 'readwrite')
  const store = transaction.objectStore('indexes')
  const current = (await generationOf(store)) === record.generation
  if (current) await store.put(record)
  await transaction.done
  return current
}
