import type { IDBPTransaction } from 'idb'
import { digestOf } from '@/workspace/projections/digest'
import { uniqueFindings } from '@/workspace/model/duplicate-findings'
import { FINDING_MODEL_VERSION, type Finding, type ReadResult, type TimeSource } from '@/workspace/model/model'
import { addScanToRun, type RunHistory } from '@/workspace/history/finding-history'
import { scanOf } from '@/workspace/history/scan-of'
import { summaryOf, type RepositoryDetails } from './aggregates'
import { isPacked, loadedPage, pagesOf, unpackPages, writePackedApart, type LoadedPage } from './finding-pages'
import { triageSummaries } from '@/workspace/projections/triage-summary'
import { countChange } from './counters'
import { flattenLog } from './decision-records'
import { putRepositoryRuns } from './history-records'
import { writeWhole } from './write-transaction'
import type { WorkspaceDatabase, WorkspaceSchema } from './records'
import {
  type ApiDocumentRecord,
  type ChangeCounts,
  type ImportRecord,
  type RunOrigin,
  type RunRecord,
} from '@/workspace/model/repository-records'

export interface ImportRequest {
  /** The file's name as the user sees it (with its folder, when one was imported). */
  file: string
  repository: string
  /** Details about the repository a feed or the dialog knows (description, url, visibility). */
  details?: RepositoryDetails
  results: ReadResult[]
  now: string
  /** Who brings it: a feed removes only what it brought. */
  origin?: RunOrigin
  /** The file's modification time (ISO 8601), the scan time of a file that gives none. */
  fileTime?: string
}

export interface ImportOutcome {
  records: ImportRecord[]
  /** The runs this file holds now, for the feed's record of what it brought. */
  runs: string[]
}

type WriteTransaction = IDBPTransaction<
  WorkspaceSchema,
  ('repositories' | 'pages' | 'repositoryRuns' | 'imports' | 'digests' | 'indexes' | 'decisions')[],
  'readwrite'
>

/** The results of one file for one run, with what they replace. */
interface RunImport {
  run: string
  tool: string
  results: ReadResult[]
  findings: Finding[]
  /** Runs an older Vigil gave these results: their findings are compared and replaced, their history taken over. */
  formerRuns: Set<string>
}

function byRun(results: ReadResult[]): RunImport[] {
  const runs = new Map<string, RunImport>()
  for (const result of results) {
    const entry = runs.get(result.run) ?? {
      run: result.run,
      tool: result.tool,
      results: [],
      findings: [],
      formerRuns: new Set<string>(),
    }
    entry.results.push(result)
    for (const former of result.formerRuns ?? []) if (former !== result.run) entry.formerRuns.add(former)
    runs.set(result.run, entry)
  }
  // A run read from one result keeps that result's list: its findings are not copied.
  for (const entry of runs.values())
    entry.findings =
      entry.results.length === 1 ? entry.results[0].findings : entry.results.flatMap((result) => result.findings)
  return [...runs.values()]
}

const validTime = (time: string | undefined): time is string => !!time && !Number.isNaN(Date.parse(time))

/** What changed between the findings a run had (by key, as JSON) and the ones it has now. */
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

/**
 * A write transaction's requests, made one after the other and awaited together at its end: a
 * transaction runs them in order, and the worker goes on (the next page, the summary, the digest)
 * while the storage writes what it was handed. A failed request aborts the transaction, and the
 * final wait throws its error.
 */
class Requests {
  private readonly pending: Promise<unknown>[] = []

  add(request: Promise<unknown>): void {
    // Marked handled now, so that a failure before the final wait is not reported twice.
    request.catch(() => undefined)
    this.pending.push(request)
  }

  settled(): Promise<unknown> {
    return Promise.all(this.pending)
  }
}

/**
 * Replaces one run's pages: the run's own, and the pages an older Vigil stored under the same
 * tool's name (before runs existed), whose findings are read again rather than compared. Gives
 * the repository's pages after it.
 */
function replaceRun(
  transaction: WriteTransaction,
  requests: Requests,
  repository: string,
  entry: RunImport,
  pages: LoadedPage[],
): { pages: LoadedPage[]; changes: ChangeCounts; findings: Finding[] } {
  const store = transaction.objectStore('pages')
  const previous = new Map<string, string>()
  let reread = 0
  const after: LoadedPage[] = []
  for (const loaded of pages) {
    const { page } = loaded
    const ours =
      (page.run === entry.run || entry.formerRuns.has(page.run)) && page.modelVersion === FINDING_MODEL_VERSION
    const legacy = page.modelVersion < FINDING_MODEL_VERSION && (page.run === entry.run || page.tool === entry.tool)
    if (!ours && !legacy) {
      after.push(loaded)
      continue
    }
    if (ours) for (const finding of loaded.findings) previous.set(finding.key, JSON.stringify(finding))
    else reread += loaded.findings.length
    requests.add(store.delete([page.repository, page.run, page.page]))
  }
  const byKey = new Map<string, Finding>()
  for (const finding of entry.findings) if (!byKey.has(finding.key)) byKey.set(finding.key, finding)
  const findings = [...byKey.values()]
  for (const written of pagesOf(repository, entry.run, entry.tool, findings)) {
    requests.add(store.put(written.page))
    after.push(written)
  }
  const changes = changesBetween(previous, findings)
  if (reread > 0) changes.reread = reread
  return { pages: after, changes, findings }
}

/**
 * When a run's scan ran: the time the file gives; else the file's modification time; else the
 * import's, with a sentence for the import report saying which.
 */
function datedScan(
  scanTime: string | undefined,
  request: ImportRequest,
): { scannedAt: string; timeSource: TimeSource; warning?: string } {
  if (scanTime) return { scannedAt: scanTime, timeSource: 'scan' }
  if (validTime(request.fileTime)) {
    const scannedAt = new Date(request.fileTime).toISOString()
    return {
      scannedAt,
      timeSource: 'file',
      warning: `The file gives no scan time: its findings are dated by the file's modification time (${scannedAt}).`,
    }
  }
  return {
    scannedAt: request.now,
    timeSource: 'import',
    warning: `The file gives no scan time: its findings are dated by the time of this import (${request.now}).`,
  }
}

/**
 * A run an older Vigil named otherwise becomes this one: its history (first-seen dates, so due
 * dates stay) goes to this run unless this run has one, and its record goes. Its pages are
 * compared and replaced with the run's own.
 */
function takeOverFormerRuns(entry: RunImport, runs: Map<string, RunRecord>, histories: Map<string, RunHistory>) {
  for (const former of entry.formerRuns) {
    const old = histories.get(former)
    if (old) {
      if (!histories.has(entry.run)) histories.set(entry.run, { ...old, run: entry.run })
      histories.delete(former)
    }
    runs.delete(former)
  }
}

/**
 * Writes one file's results in one transaction: it lands whole or not at all. Each run in the
 * file replaces what that run held for the repository (CodeQL for JavaScript and for Python are
 * two runs of one tool, and both stay); a scan older than the one stored for its run replaces
 * nothing. The summary, the digest and the change counter follow in the same transaction.
 */
export async function importResults(database: WorkspaceDatabase, request: ImportRequest): Promise<ImportOutcome> {
  // Relaxed durability: still all or nothing, without waiting for the disk on every file (a feed
  // lands thousands); an OS crash may lose the newest imports, which a re-import or re-sync brings back.
  const transaction = database.transaction(
    ['repositories', 'pages', 'repositoryRuns', 'imports', 'digests', 'indexes', 'decisions'],
    'readwrite',
    {
      durability: 'relaxed',
    },
  )
  return writeWhole(transaction, async () => {
    const entries = byRun(request.results)
    const repositories = transaction.objectStore('repositories')
    // Everything the import reads is asked for at once, before anything is written.
    const [storedPages, storedRuns, before, log] = await Promise.all([
      transaction.objectStore('pages').index('repository').getAll(request.repository),
      transaction.objectStore('repositoryRuns').get(request.repository),
      repositories.get(request.repository),
      transaction.objectStore('decisions').getAll().then(flattenLog),
    ])
    // A packed repository (a snapshot's) is written page by page from now on (writePackedApart).
    const packed = storedPages.filter(isPacked)
    let pages = unpackPages(storedPages).map(loadedPage)
    const runs = new Map((storedRuns?.runs ?? []).map((run) => [run.run, run]))
    const histories = new Map((storedRuns?.history ?? []).map((run) => [run.run, run]))
    const requests = new Requests()
    const records: ImportRecord[] = []
    const documents: ApiDocumentRecord[] = []
    const touched: string[] = []
    for (const entry of entries) {
      const [first] = entry.results
      const scanTime = entry.results
        .map((result) => result.scannedAt)
        .filter(validTime)
        .sort()
        .at(-1)
      const stored = runs.get(entry.run)
      const warnings = entry.results.flatMap((result) => result.warnings)
      const dated = datedScan(scanTime, request)
      const older =
        !!scanTime &&
        stored?.timeSource === 'scan' &&
        stored.modelVersion === FINDING_MODEL_VERSION &&
        scanTime < stored.scannedAt
      if (!older) takeOverFormerRuns(entry, runs, histories)
      if (dated.warning && entry.findings.some((finding) => finding.kind !== 'endpoint')) warnings.push(dated.warning)
      // Every scan joins the run's history, an older one too: it fills in the past and changes nothing now.
      const scan = scanOf({
        repository: request.repository,
        run: entry.run,
        tool: entry.tool,
        findings: entry.findings,
        scannedAt: dated.scannedAt,
        timeSource: dated.timeSource,
      })
      histories.set(entry.run, addScanToRun(histories.get(entry.run), scan))
      const base = {
        file: request.file,
        format: first.format,
        tool: entry.tool,
        run: entry.run,
        repository: request.repository,
        at: request.now,
      }
      if (older) {
        records.push({
          ...base,
          changes: { added: 0, updated: 0, unchanged: 0, fixed: 0 },
          warnings: [
            ...warnings,
            `This scan (${scanTime}) is older than the one already imported for this run (${stored?.scannedAt}): nothing was replaced.`,
          ],
        })
        continue
      }
      const replaced = replaceRun(transaction, requests, request.repository, entry, pages)
      const { changes, findings } = replaced
      pages = replaced.pages
      for (const [run, record] of runs)
        if (record.modelVersion < FINDING_MODEL_VERSION && record.tool === entry.tool) runs.delete(run)
      const record: RunRecord = {
        repository: request.repository,
        run: entry.run,
        tool: entry.tool,
        format: first.format,
        file: request.file,
        importedAt: request.now,
        scannedAt: dated.scannedAt,
        timeSource: dated.timeSource,
        modelVersion: FINDING_MODEL_VERSION,
        // A run imported by hand stays the person's when a feed brings a newer scan of it: a feed
        // removes only what it brought, and the person brought this run first.
        origin: stored?.origin.kind === 'hand' ? stored.origin : (request.origin ?? { kind: 'hand' }),
        findings: findings.length,
      }
      runs.set(entry.run, record)
      touched.push(entry.run)
      if (first.apiDocument) {
        documents.push({
          ...first.apiDocument,
          tool: entry.tool,
          file: request.file,
          endpoints: findings.length,
          importedAt: request.now,
        })
      }
      records.push({ ...base, changes, warnings })
    }

    // While the storage writes the pages, the summary and the digest are made.
    const unique = uniqueFindings(pages.flatMap((loaded) => loaded.findings))
    const replacedTools = new Set(documents.map((document) => document.tool))
    const summary = summaryOf({
      name: request.repository,
      findings: unique,
      runs: [...runs.values()],
      results: request.results,
      documents: [
        ...(before?.apis?.documents ?? []).filter((document) => !replacedTools.has(document.tool)),
        ...documents,
      ],
      details: request.details,
      before,
    })
    const digest = digestOf(request.repository, unique)
    if (log.length > 0) summary.triage = triageSummaries([digest], log, new Date(request.now)).get(request.repository)
    const imports = transaction.objectStore('imports')
    const kept = new Set(pages.map((loaded) => loaded.page))
    for (const request of writePackedApart(transaction.objectStore('pages'), packed, (page) => kept.has(page)))
      requests.add(request)
    requests.add(repositories.put(summary))
    requests.add(transaction.objectStore('digests').put(digest))
    requests.add(
      putRepositoryRuns(transaction.objectStore('repositoryRuns'), {
        repository: request.repository,
        runs: [...runs.values()],
        history: [...histories.values()],
      }),
    )
    requests.add(countChange(transaction.objectStore('indexes')))
    for (const record of records) requests.add(imports.add(record).then((id) => (record.id = id)))
    await requests.settled()
    return { records, runs: touched }
  })
}
