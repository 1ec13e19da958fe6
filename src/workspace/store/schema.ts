import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb'
import type { StoredAdvisoryIndex } from '@/workspace/projections/advisory-index'
import { digestOf, type RepositoryDigest } from '@/workspace/projections/digest'
import { uniqueFindings } from '@/workspace/model/identity'
import type { FeedManifest } from '@/workspace/feed/format/manifest'
import { FINDING_MODEL_VERSION, type Finding } from '@/workspace/model/model'
import {
  emptyApiSummary,
  type FindingsPage,
  type ImportRecord,
  type RepositorySummary,
  type RunRecord,
} from '@/workspace/model/repository-records'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { addScanToRun, type RunHistory } from '@/workspace/history/finding-history'
import { scanOf } from '@/workspace/history/scan-of'
import type { KeptTimeline } from '@/workspace/projections/workspace-times'

/** Kept here too: the tests and the store's callers open, name and delete workspaces through the schema. */
export { deleteWorkspace, workspaceName } from './workspace-names'

/** Findings are stored in pages of this many, per repository and run: few records to write and read. */
export const PAGE_SIZE = 1000
export const SCHEMA_VERSION = 9

/**
 * A small repository's pages in one record, as a feed's snapshot lands them: a record each cost a
 * first sync more than their size. Keyed as the first page of the run `PACKED_RUN` (no run's
 * name), read as the pages it holds (`unpackPages`), and split into them again by the first
 * import or removal that changes the repository.
 */
export interface PackedPages {
  repository: string
  run: typeof PACKED_RUN
  page: 0
  pages: FindingsPage[]
}

/** A NUL first: no run is named so (runs are named from files and tools). */
export const PACKED_RUN = '\u0000packed'

/** A page as workspaces before version 8 stored it: its findings as objects. */
interface LegacyFindingsPage extends Omit<FindingsPage, 'findingsJson'> {
  findings?: Finding[]
}

/** An older page's findings; none for a page that lost its list, so that its workspace still opens. */
const legacyFindings = (page: { findings?: unknown }): Finding[] =>
  Array.isArray(page.findings) ? (page.findings as Finding[]) : []

/**
 * A repository's runs and each run's history, in one record: a repository's few runs are read and
 * written together, and the browser's cost is per record (a feed's first sync writes 10,000). Its
 * key is its repository, given beside it (`putRepositoryRuns`): the browser reads a key path from
 * a copy of the record, and a record of histories is costly to copy.
 */
export interface RepositoryRuns {
  repository: string
  runs: RunRecord[]
  /** Each run's history: its scans and when each finding was first seen, last seen, fixed and seen again. */
  history: RunHistory[]
}

/** Writes a repository's runs under its name (the store has no key path). */
export const putRepositoryRuns = <Result>(
  store: { put(value: RepositoryRuns, key: string): Result },
  record: RepositoryRuns,
): Result => store.put(record, record.repository)

/**
 * Imports recorded together (a batch of a feed's snapshot, some thousand files): one record for
 * them all, where one record each made a write per file. It names no repository, so the store's
 * repository index leaves it out; `PagedImportsRecord` counts its entries.
 */
export interface ImportPage {
  id?: number
  page: ImportRecord[]
}

/** The imports a record of the imports store holds: a page's, or the record itself. */
export const importsIn = (record: ImportRecord | ImportPage): ImportRecord[] =>
  'page' in record ? record.page : [record]

/** How many imports the import pages hold, kept beside them so that counting the log reads none. */
export interface PagedImportsRecord {
  name: 'pagedImports'
  value: number
}

/** What Vigil knows of a scan file of a feed since it last fetched it, for conditional requests. */
export interface FeedFileState {
  url: string
  repository: string
  /** The runs this file brought into its repository: what leaves with it. */
  runs?: string[]
  etag?: string
  lastModified?: string
  sha256: string
  /** The file's last failures: not asked for again before `retryAt` while the manifest lists the same version. */
  failure?: { count: number; retryAt: string; manifestSha256?: string }
  /** The record that keeps it (`FeedFileGroup`), as read: never stored. */
  group?: string
}

/**
 * The states of feeds' files in one record: a repository's (its name is the group), or those a
 * snapshot's batch of repositories brought (a group of its own, `SNAPSHOT_GROUP_PREFIX`), as a
 * first sync writes 10,000 repositories. A file written again moves to its repository's group.
 */
export interface FeedFileGroup {
  group: string
  files: FeedFileState[]
}

/** A NUL first: no repository is named so. */
export const SNAPSHOT_GROUP_PREFIX = '\u0000snapshot:'

/** A feed's last sync: its manifest's validators and the repositories it names. */
export interface FeedState {
  manifestUrl: string
  etag?: string
  lastModified?: string
  /** When the last sync finished whole. */
  syncedAt?: string
  repositories: string[]
  /** The manifest as last read, for a sync that finds it unchanged (304). */
  manifest?: FeedManifest
  /** The history and decisions files it names, as last read whole. */
  teamFiles?: TeamFileState[]
}

/** A team file of a feed (history, decisions) and its validators. */
export interface TeamFileState {
  url: string
  etag?: string
  lastModified?: string
  /** For a decisions file: the ids of its entries, to tell which local decisions it lacks (not published). */
  decisionIds?: string[]
}

/**
 * How many times the workspace's findings changed: each import and removal adds one in its own
 * transaction, so an index built from older digests is known to be stale.
 */
export interface GenerationRecord {
  name: 'generation'
  value: number
}

/**
 * The dashboard's trends and overdue counts over every repository, kept for the next visit: good
 * while the findings (`generation`), the decisions and the days to fix (`inputs`) are the same,
 * until `validUntil` (the next midnight, due date, expiry or day of age that would change them).
 */
export interface KeptTimelineRecord {
  name: 'timeline'
  generation: number
  inputs: string
  timeline: KeptTimeline
}

/**
 * Repositories whose counts wait for decisions already written: a bulk step's parts, and its undo,
 * are saved without them, and `settleCounts` brings them up to date afterwards (from a worker,
 * or on the workspace's next read when the tab closed first). Kept in the decisions store, so
 * that writing decisions never waits for the counts' own long writes; `version` changes with
 * each write, so a settling that read an older log knows to go again.
 */
export interface PendingCountsMarker {
  id: typeof PENDING_COUNTS_ID
  repositories: string[] | 'all'
  version: string
}

/** A NUL first, as the pages': no decision's id is this. */
export const PENDING_COUNTS_ID = '\u0000pending-counts'

/**
 * Decisions written together (a bulk step's part, its undo): one record for them all, where one
 * record each made a write per decision. Its id starts with `DECISION_PAGE_PREFIX`, which no
 * decision's id does. The log is every entry, alone or in a page (`flattenLog`).
 */
export interface DecisionPage {
  id: string
  page: DecisionEntry[]
}

/** A NUL first: page ids sort apart from (before) every decision's own. */
export const DECISION_PAGE_PREFIX = '\u0000page:'

const isPendingCountsMarker = (record: DecisionEntry | PendingCountsMarker): record is PendingCountsMarker =>
  record.id === PENDING_COUNTS_ID

/** What the decisions store holds. */
export type DecisionRecord = DecisionEntry | DecisionPage | PendingCountsMarker

/** The decision log from the decisions store's records (the pending counts' marker left out). */
export function flattenLog(records: readonly DecisionRecord[]): DecisionEntry[] {
  const log: DecisionEntry[] = []
  for (const record of records) {
    if ('page' in record) for (const entry of record.page) log.push(entry)
    else if (!isPendingCountsMarker(record)) log.push(record)
  }
  return log
}

export interface WorkspaceSchema extends DBSchema {
  repositories: { key: string; value: RepositorySummary }
  pages: { key: [string, string, number]; value: FindingsPage | PackedPages; indexes: { repository: string } }
  repositoryRuns: { key: string; value: RepositoryRuns }
  imports: { key: number; value: ImportRecord | ImportPage; indexes: { repository: string } }
  feeds: { key: string; value: FeedState }
  feedFileGroups: { key: string; value: FeedFileGroup }
  digests: { key: string; value: RepositoryDigest }
  indexes: { key: string; value: StoredAdvisoryIndex | KeptTimelineRecord | CounterRecord }
  decisions: { key: string; value: DecisionRecord }
}

export type WorkspaceDatabase = IDBPDatabase<WorkspaceSchema>
type UpgradeTransaction = IDBPTransaction<WorkspaceSchema, StoreNames<WorkspaceSchema>[], 'versionchange'>

/** The error a write fails with when the browser's storage quota is used up. */
export class StorageFullError extends Error {
  constructor() {
    super(
      'The browser’s storage for Vigil is full: nothing of this file was saved. Delete old data or free disk space.',
    )
    this.name = 'StorageFullError'
  }
}

export function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22)
}

/** The error opening a workspace written by a newer Vigil than this one. */
export class NewerWorkspaceError extends Error {
  constructor() {
    super(
      'Your workspace was saved by a newer version of Vigil than this page. Reload the page to get the newer version; your data is kept.',
    )
    this.name = 'NewerWorkspaceError'
  }
}

/** The error opening a workspace that another tab keeps open at an older version, so it cannot be upgraded. */
export class BlockedWorkspaceError extends Error {
  constructor() {
    super(
      'Another tab keeps your workspace open with an older version of Vigil, so this page cannot read it. Close or reload the other Vigil tabs, then reload this page; your data is kept.',
    )
    this.name = 'BlockedWorkspaceError'
  }
}

/** The stores of schema version 1 (the migration tests build old workspaces with them). */
export function createVersionOneStores(database: IDBPDatabase) {
  database.createObjectStore('repositories', { keyPath: 'name' })
  database
    .createObjectStore('findings', { keyPath: ['repository', 'tool', 'page'] })
    .createIndex('repository', 'repository')
  database.createObjectStore('imports', { keyPath: 'id', autoIncrement: true }).createIndex('repository', 'repository')
}

/** A store of versions 6 to 8, one record per run: `runs` or `history`. */
export function createLegacyRunStore(database: IDBPDatabase, name: 'runs' | 'history') {
  database.createObjectStore(name, { keyPath: ['repository', 'run'] }).createIndex('repository', 'repository')
}

export async function openWorkspace(name: string): Promise<WorkspaceDatabase> {
  // An upgrade another tab blocks waits until that tab closes the workspace, which may be never.
  let refuse = (_error: Error) => {}
  const blocked = new Promise<never>((_resolve, reject) => (refuse = reject))
  try {
    const opened = openDB<WorkspaceSchema>(name, SCHEMA_VERSION, {
      upgrade(database, oldVersion, _newVersion, transaction) {
        const untyped = database as unknown as IDBPDatabase
        // The stores each version added, in order from the stored version; version 1 creates the
        // first ones. An older workspace's records follow in migrateRecords.
        if (oldVersion < 1) createVersionOneStores(untyped)
        // Version 3 remembers feeds and their files (a record per file until version 9).
        if (oldVersion < 3) database.createObjectStore('feeds', { keyPath: 'manifestUrl' })
        if (oldVersion >= 1 && oldVersion < 3) untyped.createObjectStore('feedFiles', { keyPath: 'url' })
        // Version 4 keeps a digest of each repository for the organisation-wide screens (built
        // for older workspaces when their findings move to runs).
        if (oldVersion < 4) database.createObjectStore('digests', { keyPath: 'repository' })
        // Version 5 keeps the advisory index of the organisation-wide view, and a change counter.
        if (oldVersion < 5) database.createObjectStore('indexes', { keyPath: 'name' })
        // Version 6 stores findings per run (not per tool name) and records each run and who brought it.
        if (oldVersion < 6) {
          database
            .createObjectStore('pages', { keyPath: ['repository', 'run', 'page'] })
            .createIndex('repository', 'repository')
          // Decisions on findings: appended, never edited, beside the findings so no import erases them.
          database.createObjectStore('decisions', { keyPath: 'id' })
          if (oldVersion < 1) untyped.deleteObjectStore('findings')
        }
        // Versions 6 to 8 kept a record per run, and from 7 one per run's history: an older
        // workspace's steps still write them, and version 9's groups them by repository.
        if (oldVersion >= 1 && oldVersion < 6) createLegacyRunStore(untyped, 'runs')
        if (oldVersion >= 1 && oldVersion < 7) createLegacyRunStore(untyped, 'history')
        // Version 9 keeps a repository's runs and their history in one record, and its feed files' states in another.
        if (oldVersion < 9) {
          database.createObjectStore('repositoryRuns')
          database.createObjectStore('feedFileGroups', { keyPath: 'group' })
        }
        // A step that throws aborts the upgrade: the workspace stays at its version, nothing half done.
        if (oldVersion >= 1) void migrateRecords(transaction, oldVersion).catch(() => transaction.abort())
      },
      // Another tab upgrades or deletes the workspace: let it.
      blocking: (_current, _blocked, event) => (event.target as IDBDatabase).close(),
      blocked: () => refuse(new BlockedWorkspaceError()),
    })
    // Opened once the other tab lets go after all: closed, as this page has said it cannot read it.
    void blocked.catch(() => opened.then((database) => database.close()).catch(() => undefined))
    return await Promise.race([opened, blocked])
  } catch (error) {
    if (error instanceof DOMException && error.name === 'VersionError') throw new NewerWorkspaceError()
    throw error
  }
}

/**
 * The records of an older workspace brought to this version, one version's step after the other
 * (each reads what the one before wrote), in the upgrade's transaction.
 */
async function migrateRecords(transaction: UpgradeTransaction, oldVersion: number) {
  // Version 2 counts API endpoints in each summary; summaries of version 1 had none.
  if (oldVersion < 2) await addApiSummaries(transaction)
  // Version 6 stores findings per run, not per tool name.
  if (oldVersion < 6) await moveToRuns(transaction)
  // Version 7 keeps each run's history: a version 6 workspace starts it from the runs it holds.
  if (oldVersion === 6) await startHistory(transaction)
  // Version 8 keeps each page's findings as JSON text.
  if (oldVersion < 8) await pagesAsText(transaction)
  // Version 9 keeps a repository's runs and their history in one record, and its feed files' states in another.
  if (oldVersion < 9) {
    await groupRunsByRepository(transaction)
    await groupFeedFilesByRepository(transaction)
  }
}

async function addApiSummaries(transaction: UpgradeTransaction) {
  let cursor = await transaction.objectStore('repositories').openCursor()
  while (cursor) {
    if (!cursor.value.apis) await cursor.update({ ...cursor.value, apis: emptyApiSummary() })
    cursor = await cursor.continue()
  }
}

/**
 * Moves the pages of a workspace written before runs existed: each tool's pages become the run
 * named after the tool, marked with the first finding model, so the next import of that tool
 * replaces them (its findings are read again, not compared). Runs of the repositories a feed
 * listed are the feed's, as the feed held whole repositories then.
 */
async function moveToRuns(transaction: UpgradeTransaction) {
  const untyped = transaction as unknown as IDBPTransaction<unknown, string[], 'versionchange'>
  const feeds = (await transaction.objectStore('feeds').getAll()) as FeedState[]
  const feedOf = new Map<string, string>()
  for (const feed of feeds) for (const repository of feed.repositories) feedOf.set(repository, feed.manifestUrl)
  const summaries = new Map(
    ((await transaction.objectStore('repositories').getAll()) as RepositorySummary[]).map((summary) => [
      summary.name,
      summary,
    ]),
  )
  const runs = new Map<string, RunRecord>()
  const legacyPages = untyped.objectStore('pages')
  let cursor = await untyped.objectStore('findings').openCursor()
  while (cursor) {
    const stored = cursor.value as { repository: string; tool: string; page: number; findings?: Finding[] }
    const old = { ...stored, findings: legacyFindings(stored) }
    await legacyPages.put({
      repository: old.repository,
      run: old.tool,
      tool: old.tool,
      page: old.page,
      modelVersion: 1,
      findings: old.findings,
    })
    const id = `${old.repository}\u0000${old.tool}`
    const record = runs.get(id)
    if (record) record.findings += old.findings.length
    else {
      const scannedAt = summaries.get(old.repository)?.scannedAt ?? new Date(0).toISOString()
      const manifestUrl = feedOf.get(old.repository)
      runs.set(id, {
        repository: old.repository,
        run: old.tool,
        tool: old.tool,
        format: old.findings.some((finding) => finding.kind === 'endpoint') ? 'openapi' : 'sarif',
        file: old.tool,
        importedAt: scannedAt,
        scannedAt,
        timeSource: 'import',
        modelVersion: 1,
        origin: manifestUrl ? { kind: 'feed', manifestUrl } : { kind: 'hand' },
        findings: old.findings.length,
      })
    }
    cursor = await cursor.continue()
  }
  for (const record of runs.values()) await untyped.objectStore('runs').put(record)
  untyped.db.deleteObjectStore('findings')
  // Every digest again, from the pages as they are now (workspaces before version 4 had none).
  for (const name of summaries.keys()) {
    const stored = (await legacyPages.index('repository').getAll(name)) as LegacyFindingsPage[]
    await transaction.objectStore('digests').put(digestOf(name, uniqueFindings(stored.flatMap(legacyFindings))))
  }
}

/**
 * The history of a workspace written before it was kept: each run read with this finding model
 * counts as one scan at its scan time, so its findings are first seen then. Runs an older Vigil
 * read start their history at their next import.
 */
async function startHistory(transaction: UpgradeTransaction) {
  const untyped = transaction as unknown as IDBPTransaction<unknown, string[], 'versionchange'>
  const runs = (await untyped.objectStore('runs').getAll()) as RunRecord[]
  for (const run of runs) {
    if (run.modelVersion !== FINDING_MODEL_VERSION) continue
    const pages = (await transaction
      .objectStore('pages')
      .getAll(
        IDBKeyRange.bound([run.repository, run.run, 0], [run.repository, run.run, Infinity]),
      )) as unknown as LegacyFindingsPage[]
    const scan = scanOf({
      repository: run.repository,
      run: run.run,
      tool: run.tool,
      findings: pages.flatMap(legacyFindings),
      scannedAt: run.scannedAt,
      timeSource: run.timeSource,
    })
    await untyped.objectStore('history').put(addScanToRun(undefined, scan))
  }
}

/** Each page's findings from a list of objects to JSON text (version 8). */
async function pagesAsText(transaction: UpgradeTransaction) {
  let cursor = await transaction.objectStore('pages').openCursor()
  while (cursor) {
    const legacy = cursor.value as unknown as LegacyFindingsPage
    const { findings: _findings, ...page } = legacy
    await cursor.update({ ...page, findingsJson: JSON.stringify(legacyFindings(legacy)) })
    cursor = await cursor.continue()
  }
}

/** Records of one repository apart: what version 9 groups into one record per repository. */
function byRepository<Item extends { repository: string }>(items: readonly Item[]): Map<string, Item[]> {
  const grouped = new Map<string, Item[]>()
  for (const item of items) {
    const group = grouped.get(item.repository)
    if (group) group.push(item)
    else grouped.set(item.repository, [item])
  }
  return grouped
}

/** Each repository's runs and their histories, from a record each to one record per repository (version 9). */
async function groupRunsByRepository(transaction: UpgradeTransaction) {
  const untyped = transaction as unknown as IDBPTransaction<unknown, string[], 'versionchange'>
  const runs = byRepository((await untyped.objectStore('runs').getAll()) as RunRecord[])
  const histories = byRepository((await untyped.objectStore('history').getAll()) as RunHistory[])
  for (const repository of new Set([...runs.keys(), ...histories.keys()]))
    await putRepositoryRuns(transaction.objectStore('repositoryRuns'), {
      repository,
      runs: runs.get(repository) ?? [],
      history: histories.get(repository) ?? [],
    })
  untyped.db.deleteObjectStore('runs')
  untyped.db.deleteObjectStore('history')
}

/** The states of feeds' files, from a record each to one record per repository (version 9). */
async function groupFeedFilesByRepository(transaction: UpgradeTransaction) {
  const untyped = transaction as unknown as IDBPTransaction<unknown, string[], 'versionchange'>
  const states = byRepository((await untyped.objectStore('feedFiles').getAll()) as FeedFileState[])
  for (const [group, files] of states) await transaction.objectStore('feedFileGroups').put({ group, files })
  untyped.db.deleteObjectStore('feedFiles')
}

/** A count kept in the indexes store: the findings' changes, or the imports in import pages. */
type CounterRecord = GenerationRecord | PagedImportsRecord

type IndexesStore = {
  get: (name: string) => Promise<StoredAdvisoryIndex | KeptTimelineRecord | CounterRecord | undefined>
}

/** A counter's value; 0 before its first count. */
export async function counterOf(store: IndexesStore, name: CounterRecord['name']): Promise<number> {
  const record = await store.get(name)
  return record?.name === name ? record.value : 0
}

/** Adds `amount` to a counter, in the transaction of the change it counts. */
export async function addToCounter(
  store: IndexesStore & { put: (record: CounterRecord) => Promise<unknown> },
  name: CounterRecord['name'],
  amount: number,
) {
  await store.put({ name, value: (await counterOf(store, name)) + amount })
}

export const generationOf = (store: IndexesStore): Promise<number> => counterOf(store, 'generation')

/** One more change to the findings, counted in the transaction that makes it. */
export const countChange = (store: IndexesStore & { put: (record: CounterRecord) => Promise<unknown> }) =>
  addToCounter(store, 'generation', 1)
