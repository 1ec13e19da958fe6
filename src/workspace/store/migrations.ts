import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb'
import { digestOf } from '@/workspace/projections/digest'
import { uniqueFindings } from '@/workspace/model/duplicate-findings'
import { FINDING_MODEL_VERSION, type Finding } from '@/workspace/model/model'
import {
  emptyApiSummary,
  type FindingsPage,
  type RepositorySummary,
  type RunRecord,
} from '@/workspace/model/repository-records'
import { addScanToRun, type RunHistory } from '@/workspace/history/finding-history'
import { scanOf } from '@/workspace/history/scan-of'
import { putRepositoryRuns } from './history-records'
import type { FeedFileState, FeedState, WorkspaceSchema } from './records'

/** The version the migrations bring a workspace to: one more with each step added below. */
export const SCHEMA_VERSION = 10

type UpgradeTransaction = IDBPTransaction<WorkspaceSchema, StoreNames<WorkspaceSchema>[], 'versionchange'>

/** A page as workspaces before version 8 stored it: its findings as objects. */
interface LegacyFindingsPage extends Omit<FindingsPage, 'findingsJson'> {
  findings?: Finding[]
}

/** An older page's findings; none for a page that lost its list, so that its workspace still opens. */
const legacyFindings = (page: { findings?: unknown }): Finding[] =>
  Array.isArray(page.findings) ? (page.findings as Finding[]) : []

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

/**
 * Brings a workspace from `oldVersion` (0: none yet) to `SCHEMA_VERSION`, in the open's upgrade
 * transaction: the stores first, then the records.
 */
export function upgradeWorkspace(
  database: IDBPDatabase<WorkspaceSchema>,
  oldVersion: number,
  transaction: UpgradeTransaction,
) {
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
  // Version 10 keeps the reference catalogues (CISA's KEV, FIRST's EPSS), one record each.
  if (oldVersion < 10) database.createObjectStore('catalogues', { keyPath: 'kind' })
  // A step that throws aborts the upgrade: the workspace stays at its version, nothing half done.
  if (oldVersion >= 1) void migrateRecords(transaction, oldVersion).catch(() => transaction.abort())
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
