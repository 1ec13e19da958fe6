import { asCompleted } from '@/lib/as-completed'
import { connectAllowed } from '@/lib/connect-sources'
import { checkFeedUrl, FeedError, readManifest, type FeedManifest } from '@/workspace/feed/format/manifest'
import { displayName, pathInRepositoryFolder } from '@/workspace/feed/format/names'
import { bodyWithin, megabytes } from '@/workspace/files/read-within'
import { importFile } from '@/workspace/import/import-file'
import { MAX_FILE_BYTES } from '@/workspace/readers/detect'
import { readFeedCheck, writeFeedCheck } from '@/workspace/store/feed-check-records'
import {
  forgetFeedFiles,
  readFeedFileStates,
  readFeedState,
  removeFeedFile,
  writeFeedFileState,
  writeFeedState,
} from '@/workspace/store/feed-records'
import type { FeedFileState, FeedState, WorkspaceDatabase } from '@/workspace/store/records'
import { FeedClient, type FeedClientOptions } from './feed-client'
import { fetchFile, filesOf, hashUnchanged, moved, recordFailure, type FeedItem, type Fetched } from './scan-file-fetch'
import { progressReporter, type FeedProgress } from './sync-progress'
import { loadSnapshot } from './snapshot-sync'
import { syncTeamFiles } from './team-files'
import { syncCatalogueFiles, type CatalogueSync } from './catalogue-files'

export interface FeedSyncOptions extends FeedClientOptions {
  database: WorkspaceDatabase
  onProgress?: (progress: FeedProgress) => void
  now?: () => string
  /** Scan files asked for at once (`FILE_CONCURRENCY` when not given). */
  concurrency?: number
  /**
   * Byte caps (tests lower them): the manifest, each scan file before decompression, the team's
   * history and decisions files, each reference catalogue before decompression.
   */
  limits?: { manifest?: number; file?: number; team?: number; catalogue?: number }
}

/**
 * Scan files asked for at once: what a browser opens to one host over HTTP/1.1 (6 connections),
 * so none waits in the browser's own queue; an HTTP/2 CDN would take more, but the files are
 * stored one transaction at a time, and more requests would only hold more files in memory.
 */
export const FILE_CONCURRENCY = 6

/** The largest manifest Vigil reads: some 300,000 files listed with their hashes. */
export const MAX_MANIFEST_BYTES = 32 * 1024 * 1024

export interface FeedSyncReport {
  syncedAt: string
  manifestUnchanged: boolean
  repositories: number
  files: number
  /** Files downloaded and imported again. */
  fetched: number
  /** Files whose repositories landed from the feed's snapshot. */
  fromSnapshot: number
  /** The snapshot's parts fetched, and why it (or what is left of it) was not used. */
  snapshot?: { parts: number; repositories: number; bytes: number; refused?: string }
  /** Files whose hash, ETag or Last-Modified said they had not changed. */
  unchanged: number
  /** Repositories the feed had brought and nothing else holds now, removed with their findings. */
  removed: string[]
  /** Findings new, and fixed, across the fetched files. */
  added: number
  fixed: number
  /** Runs of the feed that took the team's history, when its history file was read. */
  historyRuns?: number
  /** Decisions of the team's decisions file this workspace did not hold yet. */
  decisionsAdded?: number
  /** The reference catalogues the manifest lists (CISA's KEV, FIRST's EPSS), each with what the sync did with it. */
  catalogues?: CatalogueSync[]
  /** Files that could not be synced, each in words; they keep their last good state. */
  problems: string[]
  requests: number
  tokenSent: boolean
}

/** A report of a sync with nothing counted yet. */
const emptyReport = (
  fields: Pick<FeedSyncReport, 'syncedAt' | 'manifestUnchanged' | 'repositories' | 'files'>,
): FeedSyncReport => ({
  ...fields,
  fetched: 0,
  fromSnapshot: 0,
  unchanged: 0,
  removed: [],
  added: 0,
  fixed: 0,
  problems: [],
  requests: 0,
  tokenSent: false,
})

type ManifestRead =
  /** A 304 after a sync that settled: the sync ends here, with this report. */
  | { kind: 'settled'; report: FeedSyncReport }
  | { kind: 'read'; manifest: FeedManifest; manifestUnchanged: boolean; previous?: FeedState; response: Response }

/**
 * The manifest, conditionally. The small check first: its validators are the full state's (both
 * are written as a sync ends), and a 304 after a sync that settled ends the sync without reading
 * the stored manifest. A failure here changes nothing.
 */
async function readFeedManifest(
  client: FeedClient,
  options: FeedSyncOptions,
  now: () => string,
): Promise<ManifestRead> {
  const { database, manifestUrl, pageOrigin } = options
  const check = await readFeedCheck(database, manifestUrl)
  const validators = check?.etag || check?.lastModified ? check : undefined
  let previous = validators ? undefined : await readFeedState(database, manifestUrl)
  let response = await client.get(manifestUrl, 'the feed manifest', validators ?? (previous?.manifest ? previous : {}))
  if (response.status === 304 && check?.settled) {
    const syncedAt = now()
    await writeFeedCheck(database, manifestUrl, { ...check, syncedAt })
    const { repositories, files } = check.settled
    const report = emptyReport({ syncedAt, manifestUnchanged: true, repositories, files })
    return {
      kind: 'settled',
      report: { ...report, unchanged: files, requests: client.requests, tokenSent: client.tokenSent },
    }
  }
  if (validators) {
    previous = await readFeedState(database, manifestUrl)
    // The full state went missing: the manifest is read whole again.
    if (response.status === 304 && !previous?.manifest) response = await client.get(manifestUrl, 'the feed manifest')
  }
  // Until this sync ends, the next one reads everything.
  if (check) await writeFeedCheck(database, manifestUrl, {})
  if (response.status === 304 && previous?.manifest) {
    return { kind: 'read', manifest: previous.manifest, manifestUnchanged: true, previous, response }
  }
  if (response.status === 404) throw new FeedError(`There is no feed manifest at ${manifestUrl} (HTTP 404).`)
  if (!response.ok) {
    throw new FeedError(`The feed answered HTTP ${response.status} for its manifest at ${manifestUrl}.`)
  }
  const limit = options.limits?.manifest ?? MAX_MANIFEST_BYTES
  const bytes = await bodyWithin(
    response,
    limit,
    () =>
      new FeedError(
        `The feed manifest is larger than ${megabytes(limit)}, and Vigil reads manifests up to ${megabytes(limit)}: split the feed, or list fewer files in it.`,
      ),
  )
  const manifest = readManifest(new TextDecoder().decode(bytes), response.url || manifestUrl, pageOrigin)
  return { kind: 'read', manifest, manifestUnchanged: false, previous, response }
}

/** Imports one fetched file into its repository, and keeps what the feed now says of it. */
async function landFetchedFile(
  fetched: Fetched & { outcome: { kind: 'fetched' } },
  report: FeedSyncReport,
  options: FeedSyncOptions,
  now: () => string,
) {
  const { database, manifestUrl } = options
  const { outcome, file, repository, state } = fetched
  const name = displayName(file.url, manifestUrl)
  const imported = await importFile(
    database,
    {
      name,
      blob: outcome.bytes,
      repository: repository.name,
      fileName: pathInRepositoryFolder(name, repository.name),
      origin: { kind: 'feed', manifestUrl },
      fileTime: outcome.lastModified,
      details: {
        description: repository.description,
        url: repository.url,
        isPrivate: repository.isPrivate,
        languages: repository.languages,
      },
    },
    () => {},
    now,
  )
  if (imported.status !== 'imported') {
    report.problems.push(`${file.url}: ${imported.status === 'refused' ? imported.reason : 'no repository'}`)
    await recordFailure(database, fetched, report.syncedAt)
    return
  }
  report.fetched += 1
  for (const record of imported.records) {
    report.added += record.changes.added
    report.fixed += record.changes.fixed
  }
  const runs = imported.records.flatMap((record) => record.run ?? [])
  // Renamed in the manifest: what it brought to the old name leaves with the old name. A file that
  // now holds other runs (another tool, another target) takes its old ones away.
  const leaving =
    state && (moved(fetched) ? state : { ...state, runs: state.runs?.filter((run) => !runs.includes(run)) })
  if (leaving && (!leaving.runs || leaving.runs.length > 0) && (await removeFeedFile(database, manifestUrl, leaving))) {
    report.removed.push(leaving.repository)
  }
  await writeFeedFileState(
    database,
    {
      url: file.url,
      repository: repository.name,
      runs,
      etag: outcome.etag,
      lastModified: outcome.lastModified,
      sha256: outcome.sha256,
    },
    state,
  )
}

/**
 * The scan files: those whose manifest hash is the one imported are not asked for; the rest are
 * fetched (at most `concurrency` at once) and each imported in its own transaction. An interrupted
 * run keeps what landed.
 */
async function syncScanFiles(
  client: FeedClient,
  items: readonly FeedItem[],
  landedFromSnapshot: ReadonlySet<string>,
  report: FeedSyncReport,
  options: FeedSyncOptions,
  now: () => string,
) {
  const unchanged = (url: string) => {
    if (landedFromSnapshot.has(url)) report.fromSnapshot += 1
    else report.unchanged += 1
  }
  const known = (item: FeedItem) => hashUnchanged(item) && !item.state?.failure
  const asked = items.filter((item) => !known(item))
  const progress = progressReporter(items, asked, options.onProgress)
  progress.send(true)
  for (const item of items) {
    if (!known(item)) continue
    unchanged(item.file.url)
    progress.settled(item, false)
  }
  const fileLimit = options.limits?.file ?? MAX_FILE_BYTES
  const concurrency = Math.max(1, options.concurrency ?? FILE_CONCURRENCY)
  const fetchOne = (item: FeedItem) => fetchFile(client, item, fileLimit, report.syncedAt)
  try {
    for await (const fetched of asCompleted(asked, concurrency, fetchOne)) {
      const { outcome, file, state } = fetched
      if (outcome.kind === 'unchanged') {
        unchanged(file.url)
        if (state?.failure) await writeFeedFileState(options.database, { ...state, failure: undefined }, state)
      } else if (outcome.kind === 'waiting') report.problems.push(outcome.text)
      else if (outcome.kind === 'problem') {
        report.problems.push(outcome.text)
        await recordFailure(options.database, fetched, report.syncedAt)
      } else await landFetchedFile({ ...fetched, outcome }, report, options, now)
      progress.settled(fetched, true)
    }
    progress.send(true)
  } catch (error) {
    if (!(error instanceof FeedError)) throw error
    throw new FeedError(
      `${error.message} The sync stopped after ${progress.counts.done} of ${items.length} files: what was synced is kept, and the rest of the workspace keeps its last good state. The next sync goes on from there.`,
    )
  }
}

/**
 * Syncs the workspace with a feed: reads the manifest (conditionally), fetches only the files
 * whose hash, ETag or Last-Modified changed, imports each in its own transaction, and removes the
 * repositories the feed brought that left the manifest. A failure of the manifest changes
 * nothing; an interrupted sync keeps what landed and the rest as it was, and says so.
 */
export async function syncFeed(options: FeedSyncOptions): Promise<FeedSyncReport> {
  const { database, manifestUrl, pageOrigin } = options
  const address = checkFeedUrl(manifestUrl, pageOrigin)
  if (options.connectSrc && !connectAllowed(address, options.connectSrc, pageOrigin)) {
    throw new FeedError(
      `This Vigil's Content-Security-Policy lets it fetch only from ${options.connectSrc.join(' ')} (connect-src), and the feed at ${address.origin} is not one of them. Ask whoever hosts Vigil to add ${address.origin} to connect-src (docs/security.md).`,
    )
  }
  const now = options.now ?? (() => new Date().toISOString())
  const client = new FeedClient(options)
  const read = await readFeedManifest(client, options, now)
  if (read.kind === 'settled') return read.report
  const { manifest, manifestUnchanged, previous, response } = read

  const syncedAt = now()
  // A workspace that lacks repositories of the feed loads them from its snapshot first, if it has one.
  const snapshot = await loadSnapshot({
    manifest,
    manifestUrl,
    database,
    get: (url, what) => client.get(url, what),
    onProgress: (loaded) => options.onProgress?.({ done: 0, total: 0, ...loaded }),
    now,
  }).catch((error: unknown) => {
    if (!(error instanceof FeedError)) throw error
    throw new FeedError(
      `${error.message} The sync stopped while it loaded the feed's snapshot: what landed is kept, and the next sync goes on from there.`,
    )
  })
  const states = await readFeedFileStates(database)
  const items = filesOf(manifest).map((item) => ({ ...item, state: states.get(item.file.url) }))
  const report = emptyReport({
    syncedAt,
    manifestUnchanged,
    repositories: manifest.repositories.length,
    files: items.length,
  })
  report.added = snapshot?.added ?? 0
  if (snapshot) {
    report.snapshot = { parts: snapshot.parts, repositories: snapshot.repositories, bytes: snapshot.bytes }
    if (snapshot.refused) report.snapshot.refused = snapshot.refused
  }
  await syncScanFiles(client, items, snapshot?.landed ?? new Set<string>(), report, options, now)

  // Files that left the manifest take what they brought, never what was imported by hand.
  const listed = new Set(items.map((item) => item.file.url))
  const gone = [...states.values()].filter((state: FeedFileState) => !listed.has(state.url))
  for (const state of gone) {
    if (await removeFeedFile(database, manifestUrl, state)) report.removed.push(state.repository)
  }
  await forgetFeedFiles(database, gone)
  const team = await syncTeamFiles({
    manifest,
    manifestUrl,
    manifestUnchanged,
    database,
    get: (url, what, conditional) => client.get(url, what, conditional),
    previous: previous?.teamFiles,
    now: report.syncedAt,
    limit: options.limits?.team ?? MAX_FILE_BYTES,
  })
  report.problems.push(...team.problems)
  if (team.historyRuns !== undefined) report.historyRuns = team.historyRuns
  if (team.decisionsAdded !== undefined) report.decisionsAdded = team.decisionsAdded
  const catalogues = await syncCatalogueFiles({
    manifest,
    database,
    get: (url, what, conditional) => client.get(url, what, conditional),
    previous: previous?.catalogues,
    now: report.syncedAt,
    limit: options.limits?.catalogue ?? MAX_FILE_BYTES,
  })
  report.problems.push(...catalogues.problems)
  if (catalogues.catalogues.length > 0) report.catalogues = catalogues.catalogues
  const etag = manifestUnchanged ? previous?.etag : (response.headers.get('ETag') ?? undefined)
  const lastModified = manifestUnchanged ? previous?.lastModified : (response.headers.get('Last-Modified') ?? undefined)
  await writeFeedState(database, {
    manifestUrl,
    etag,
    lastModified,
    syncedAt: report.syncedAt,
    repositories: [...new Set(manifest.repositories.map((repository) => repository.name))],
    manifest,
    teamFiles: team.states,
    catalogues: catalogues.states,
  })
  // Settled: every file landed, nothing waits for a retry, the team's files and the catalogues were
  // read, and every file and catalogue has its hash in the manifest (one without is asked for
  // again, conditionally, at each sync).
  const settled =
    report.problems.length === 0 &&
    items.every((item) => item.file.sha256) &&
    (manifest.catalogues ?? []).every((catalogue) => catalogue.sha256)
  await writeFeedCheck(database, manifestUrl, {
    etag,
    lastModified,
    syncedAt: report.syncedAt,
    settled: settled ? { repositories: report.repositories, files: report.files } : undefined,
  })
  report.requests = client.requests
  report.tokenSent = client.tokenSent
  return report
}
