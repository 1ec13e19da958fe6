import { deleteDB, openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb'
import { base64url } from 'jose'
import { countExposure, type EndpointExposure } from '@/data/endpoints'
import { emptyCounts, type FindingCounts } from '@/data/findings'
import type { StoredAdvisoryIndex } from './advisory-index'
import { digestOf, type RepositoryDigest } from './digest'
import type { FeedManifest } from './feed-manifest'
import { languagesOf } from './languages'
import {
  locationOf,
  type ApiDocumentInfo,
  type EndpointFinding,
  type Finding,
  type FormatId,
  type ReadResult,
} from './model'

/** Findings are stored in pages of this many, per repository and tool. */
export const PAGE_SIZE = 1000
export const SCHEMA_VERSION = 5

/** What the repositories list and the dashboard read: one small record per repository. */
export interface RepositorySummary {
  name: string
  description: string
  url: string
  isPrivate: boolean
  languages: string[]
  /** The newest scan time of its files, else when it was imported (ISO 8601). */
  scannedAt: string
  tools: string[]
  counts: FindingCounts
  apis: ApiSummary
}

/** An imported API description, as the workspace lists it. */
export interface ApiDocumentRecord extends ApiDocumentInfo {
  /** The tool name its endpoints are stored under (title and version). */
  tool: string
  file: string
  endpoints: number
  importedAt: string
}

/** A repository's API surface counted for the lists and the dashboard, without loading endpoints. */
export interface ApiSummary extends EndpointExposure {
  documents: ApiDocumentRecord[]
}

export const emptyApiSummary = (): ApiSummary => ({ endpoints: 0, sensitive: 0, exposed: 0, documents: [] })

export interface FindingsPage {
  repository: string
  tool: string
  page: number
  findings: Finding[]
}

export interface ChangeCounts {
  added: number
  updated: number
  unchanged: number
  /** Findings of the last import of this tool that this one no longer has. */
  fixed: number
}

export interface ImportRecord {
  id?: number
  file: string
  format: FormatId
  tool: string
  repository: string
  at: string
  changes: ChangeCounts
  warnings: string[]
}

/** What Vigil knows of a scan file of a feed since it last fetched it, for conditional requests. */
export interface FeedFileState {
  url: string
  repository: string
  etag?: string
  lastModified?: string
  sha256: string
}

/** A feed's last sync: its manifest's validators and the repositories it brought. */
export interface FeedState {
  manifestUrl: string
  etag?: string
  lastModified?: string
  /** When the last sync finished whole. */
  syncedAt?: string
  repositories: string[]
  /** The manifest as last read, for a sync that finds it unchanged (304). */
  manifest?: FeedManifest
}

interface WorkspaceSchema extends DBSchema {
  repositories: { key: string; value: RepositorySummary }
  findings: { key: [string, string, number]; value: FindingsPage; indexes: { repository: string } }
  imports: { key: number; value: ImportRecord; indexes: { repository: string } }
  feeds: { key: string; value: FeedState }
  feedFiles: { key: string; value: FeedFileState }
  digests: { key: string; value: RepositoryDigest }
  indexes: { key: string; value: StoredAdvisoryIndex | GenerationRecord }
}

/**
 * How many times the workspace's findings changed: each import and removal adds one in its own
 * transaction, so an index built from older digests is known to be stale.
 */
interface GenerationRecord {
  name: 'generation'
  value: number
}

export type WorkspaceDatabase = IDBPDatabase<WorkspaceSchema>
type UpgradeTransaction = IDBPTransaction<WorkspaceSchema, StoreNames<WorkspaceSchema>[], 'versionchange'>
type WriteTransaction = IDBPTransaction<
  WorkspaceSchema,
  ('repositories' | 'findings' | 'imports' | 'digests' | 'indexes')[],
  'readwrite'
>

/** One workspace per signed-in identity: two people sharing a browser never see each other's data. */
export async function workspaceName(issuer: string, subject: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${issuer}\n${subject}`))
  return `vigil-workspace-${base64url.encode(new Uint8Array(digest)).slice(0, 22)}`
}

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

/** The stores of schema version 1 (the migration test builds an old workspace with them). */
export function createVersionOneStores(database: IDBPDatabase<WorkspaceSchema> | IDBPDatabase) {
  const typed = database as IDBPDatabase<WorkspaceSchema>
  typed.createObjectStore('repositories', { keyPath: 'name' })
  typed
    .createObjectStore('findings', { keyPath: ['repository', 'tool', 'page'] })
    .createIndex('repository', 'repository')
  typed.createObjectStore('imports', { keyPath: 'id', autoIncrement: true }).createIndex('repository', 'repository')
}

export function openWorkspace(name: string): Promise<WorkspaceDatabase> {
  return openDB<WorkspaceSchema>(name, SCHEMA_VERSION, {
    upgrade(database, oldVersion, _newVersion, transaction) {
      // Migrations run in order from the stored version; version 1 creates the stores.
      if (oldVersion < 1) createVersionOneStores(database)
      // Version 2 counts API endpoints in each summary; summaries of version 1 had none.
      if (oldVersion >= 1 && oldVersion < 2) void addApiSummaries(transaction)
      // Version 3 remembers feeds and their files.
      if (oldVersion < 3) {
        database.createObjectStore('feeds', { keyPath: 'manifestUrl' })
        database.createObjectStore('feedFiles', { keyPath: 'url' })
      }
      // Version 4 keeps a digest of each repository for the organisation-wide screens.
      if (oldVersion < 4) {
        database.createObjectStore('digests', { keyPath: 'repository' })
        if (oldVersion >= 1) void addDigests(transaction)
      }
      // Version 5 keeps the advisory index of the organisation-wide view, and a change counter.
      if (oldVersion < 5) database.createObjectStore('indexes', { keyPath: 'name' })
    },
    // Another tab upgrades or deletes the workspace: let it.
    blocking: (_current, _blocked, event) => (event.target as IDBDatabase).close(),
  })
}

async function addApiSummaries(transaction: UpgradeTransaction) {
  let cursor = await transaction.objectStore('repositories').openCursor()
  while (cursor) {
    if (!cursor.value.apis) await cursor.update({ ...cursor.value, apis: emptyApiSummary() })
    cursor = await cursor.continue()
  }
}

async function addDigests(transaction: UpgradeTransaction) {
  const findings = transaction.objectStore('findings')
  for (const name of await transaction.objectStore('repositories').getAllKeys()) {
    const pages = await findings.index('repository').getAll(name)
    await transaction.objectStore('digests').put(digestOf(name, dedupe(pages.flatMap((page) => page.findings))))
  }
}

export const deleteWorkspace = (name: string) => deleteDB(name)

export function countFindings(findings: Iterable<Finding>): FindingCounts {
  const counts = emptyCounts()
  for (const finding of findings) {
    if (finding.kind === 'vulnerability') {
      counts.vulnerabilities += 1
      counts.bySeverity[finding.severity] += 1
    } else if (finding.kind === 'policy-issue') {
      counts.policyIssues += 1
      counts.byEnforcement[finding.enforcementStatus] += 1
    }
  }
  return counts
}

/** Endpoints, the sensitive ones, and those of them that need no authentication. */
export const countEndpoints = (findings: Finding[]): EndpointExposure =>
  countExposure(findings.filter((finding): finding is EndpointFinding => finding.kind === 'endpoint'))

/** One finding per key: a file that lists the same finding twice counts it once. */
export function dedupe(findings: Finding[]): Finding[] {
  const byKey = new Map<string, Finding>()
  for (const finding of findings) if (!byKey.has(finding.key)) byKey.set(finding.key, finding)
  return [...byKey.values()]
}

function changesBetween(previous: Map<string, string>, next: Finding[]): ChangeCounts {
  const changes: ChangeCounts = { added: 0, updated: 0, unchanged: 0, fixed: 0 }
  const seen = new Set<string>()
  for (const finding of next) {
    seen.add(finding.key)
    const before = previous.get(finding.key)
    if (before === undefined) changes.added += 1
    else if (before === JSON.stringify(finding)) changes.unchanged += 1
    else changes.updated += 1
  }
  for (const key of previous.keys()) if (!seen.has(key)) changes.fixed += 1
  return changes
}

async function pagesOf(transaction: WriteTransaction, repository: string): Promise<FindingsPage[]> {
  return transaction.objectStore('findings').index('repository').getAll(repository)
}

export interface ImportRequest {
  /** The file's name as the user sees it (with its folder, when one was imported). */
  file: string
  repository: string
  /** Details about the repository a feed or the dialog knows (description, url, visibility). */
  details?: Partial<Pick<RepositorySummary, 'description' | 'url' | 'isPrivate' | 'languages'>>
  results: ReadResult[]
  now: string
}

export interface ImportOutcome {
  records: ImportRecord[]
}

/**
 * Writes one file's results in one transaction: it lands whole or not at all. Re-importing a
 * (repository, tool) replaces that tool's findings for the repository and records what changed.
 */
export async function importResults(database: WorkspaceDatabase, request: ImportRequest): Promise<ImportOutcome> {
  // Relaxed durability: still all or nothing, without waiting for the disk on every file (a feed
  // lands thousands); an OS crash may lose the newest imports, which a re-import or re-sync brings back.
  const transaction = database.transaction(['repositories', 'findings', 'imports', 'digests', 'indexes'], 'readwrite', {
    durability: 'relaxed',
  })
  try {
    const findingsStore = transaction.objectStore('findings')
    const existing = await pagesOf(transaction, request.repository)
    const records: ImportRecord[] = []
    const byTool = new Map<string, { results: ReadResult[]; findings: Finding[] }>()
    for (const result of request.results) {
      const entry = byTool.get(result.tool) ?? { results: [], findings: [] }
      entry.results.push(result)
      entry.findings.push(...result.findings)
      byTool.set(result.tool, entry)
    }
    let pages = existing
    // The API descriptions this file brings; one replaces the last import of the same description.
    const documents: ApiDocumentRecord[] = []
    for (const [tool, entry] of byTool) {
      const previous = new Map<string, string>()
      for (const page of pages) {
        if (page.tool !== tool) continue
        for (const finding of page.findings) previous.set(finding.key, JSON.stringify(finding))
        await findingsStore.delete([page.repository, page.tool, page.page])
      }
      const findings = dedupe(entry.findings)
      const written: FindingsPage[] = []
      for (let start = 0, page = 0; start < findings.length; start += PAGE_SIZE, page += 1) {
        const record = {
          repository: request.repository,
          tool,
          page,
          findings: findings.slice(start, start + PAGE_SIZE),
        }
        await findingsStore.put(record)
        written.push(record)
      }
      pages = [...pages.filter((page) => page.tool !== tool), ...written]
      const [first] = entry.results
      if (first.apiDocument) {
        documents.push({
          ...first.apiDocument,
          tool,
          file: request.file,
          endpoints: findings.length,
          importedAt: request.now,
        })
      }
      records.push({
        file: request.file,
        format: first.format,
        tool,
        repository: request.repository,
        at: request.now,
        changes: changesBetween(previous, findings),
        warnings: entry.results.flatMap((result) => result.warnings),
      })
    }

    const repositories = transaction.objectStore('repositories')
    const before = await repositories.get(request.repository)
    const allFindings = pages.flatMap((page) => page.findings)
    const unique = dedupe(allFindings)
    const scannedAt = request.results
      .map((result) => result.scannedAt)
      .filter((time): time is string => !!time && !Number.isNaN(Date.parse(time)))
      .sort()
      .at(-1)
    const summary: RepositorySummary = {
      name: request.repository,
      description: request.details?.description ?? before?.description ?? '',
      url: request.details?.url ?? before?.url ?? '',
      isPrivate: request.details?.isPrivate ?? before?.isPrivate ?? true,
      languages:
        request.details?.languages ??
        languagesOf(
          [
            ...request.results.flatMap((result) => result.files),
            ...allFindings.flatMap((finding) => locationOf(finding)?.file ?? []),
          ],
          request.results.flatMap((result) => result.ecosystems),
          before?.languages ?? [],
        ),
      scannedAt: [scannedAt ?? request.now, before?.scannedAt ?? ''].sort().at(-1) as string,
      // Scanners only: API descriptions are listed under apis.documents.
      tools: [
        ...new Set([
          ...(before?.tools ?? []),
          ...[...byTool].filter(([, entry]) => !entry.results[0].apiDocument).map(([tool]) => tool),
        ]),
      ].sort(),
      counts: countFindings(unique),
      apis: {
        ...countEndpoints(allFindings),
        documents: [...(before?.apis?.documents ?? []).filter((document) => !byTool.has(document.tool)), ...documents],
      },
    }
    await repositories.put(summary)
    await transaction.objectStore('digests').put(digestOf(request.repository, unique))
    await countChange(transaction.objectStore('indexes'))
    const imports = transaction.objectStore('imports')
    for (const record of records) record.id = await imports.add(record)
    await transaction.done
    return { records }
  } catch (error) {
    // Whatever failed, nothing of this file stays.
    try {
      transaction.abort()
    } catch {
      // already finished
    }
    await transaction.done.catch(() => undefined)
    if (isQuotaError(error) || isQuotaError(transaction.error)) throw new StorageFullError()
    throw error
  }
}

export function listRepositories(database: WorkspaceDatabase): Promise<RepositorySummary[]> {
  return database.getAll('repositories')
}

export async function findingsOf(database: WorkspaceDatabase, repository: string): Promise<Finding[]> {
  const pages = await database.getAllFromIndex('findings', 'repository', repository)
  return pages.flatMap((page) => page.findings)
}

const DIGESTS_PER_READ = 500

/**
 * Every repository's digest, what the organisation-wide screens read, with the generation they
 * belong to. Read a few hundred at a time: each read's records are copied in on the main thread,
 * and smaller copies leave frames free between them.
 */
export async function listDigests(
  database: WorkspaceDatabase,
): Promise<{ digests: RepositoryDigest[]; generation: number }> {
  const transaction = database.transaction(['digests', 'indexes'], 'readonly')
  const generation = await generationOf(transaction.objectStore('indexes'))
  const store = transaction.objectStore('digests')
  const digests: RepositoryDigest[] = []
  for (;;) {
    const after = digests.at(-1)?.repository
    const batch = await store.getAll(after === undefined ? null : IDBKeyRange.lowerBound(after, true), DIGESTS_PER_READ)
    digests.push(...batch)
    if (batch.length < DIGESTS_PER_READ) break
  }
  await transaction.done
  return { digests, generation }
}

type IndexesStore = { get: (name: string) => Promise<StoredAdvisoryIndex | GenerationRecord | undefined> }

async function generationOf(store: IndexesStore): Promise<number> {
  const record = await store.get('generation')
  return record?.name === 'generation' ? record.value : 0
}

/** One more change to the findings, counted in the transaction that makes it. */
async function countChange(store: IndexesStore & { put: (record: GenerationRecord) => Promise<unknown> }) {
  await store.put({ name: 'generation', value: (await generationOf(store)) + 1 })
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

export function listImports(database: WorkspaceDatabase): Promise<ImportRecord[]> {
  return database.getAll('imports')
}

/** Removes repositories (a feed's that left its manifest) with their findings, in one transaction. */
export async function removeRepositories(database: WorkspaceDatabase, names: string[]): Promise<void> {
  const transaction = database.transaction(['repositories', 'findings', 'digests', 'indexes'], 'readwrite')
  await countChange(transaction.objectStore('indexes'))
  for (const name of names) {
    await transaction.objectStore('repositories').delete(name)
    await transaction.objectStore('digests').delete(name)
    for (const key of await transaction.objectStore('findings').index('repository').getAllKeys(name)) {
      await transaction.objectStore('findings').delete(key)
    }
  }
  await transaction.done
}

export const readFeedState = (database: WorkspaceDatabase, manifestUrl: string) => database.get('feeds', manifestUrl)
export const writeFeedState = (database: WorkspaceDatabase, state: FeedState) => database.put('feeds', state)

export async function readFeedFileStates(database: WorkspaceDatabase): Promise<Map<string, FeedFileState>> {
  return new Map((await database.getAll('feedFiles')).map((state) => [state.url, state]))
}

export const writeFeedFileState = (database: WorkspaceDatabase, state: FeedFileState) =>
  database.put('feedFiles', state)

export async function forgetFeedFiles(database: WorkspaceDatabase, urls: string[]): Promise<void> {
  const transaction = database.transaction('feedFiles', 'readwrite')
  for (const url of urls) await transaction.store.delete(url)
  await transaction.done
}
