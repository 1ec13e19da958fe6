import { connectAllowed } from '@/lib/connect-sources'
import { isLoopback } from '@/lib/loopback'
import { sha256Hex } from '@/lib/sha256'
import {
  checkFeedUrl,
  FeedError,
  readManifest,
  type FeedFile,
  type FeedManifest,
  type FeedRepository,
} from '@/workspace/feed/format/manifest'
import { MAX_FILE_BYTES } from '@/workspace/readers/detect'
import { displayName, pathInRepositoryFolder } from '@/workspace/feed/format/names'
import { loadSnapshot } from './snapshot-sync'
import { syncTeamFiles } from './team-files'
import { importFile } from '@/workspace/import/import-file'
import { bodyWithin, megabytes } from '@/workspace/files/read-within'
import {
  forgetFeedFiles,
  readFeedFileStates,
  readFeedState,
  removeFeedFile,
  writeFeedFileState,
  writeFeedState,
} from '@/workspace/store/feed-records'
import { readFeedCheck, writeFeedCheck } from '@/workspace/store/feed-check-records'
import type { FeedFileState, WorkspaceDatabase } from '@/workspace/store/schema'

export interface FeedSyncOptions {
  manifestUrl: string
  /** The page's origin: an https page refuses an http feed. */
  pageOrigin: string
  /** The signed-in user's access token, sent as a bearer token only where `inTokenScope` allows. */
  token?: string
  database: WorkspaceDatabase
  fetch?: typeof fetch
  onProgress?: (progress: FeedProgress) => void
  now?: () => string
  /** Whether the browser says it is online (an offline sync says so rather than "unreachable"). */
  online?: () => boolean
  /** Scan files asked for at once (`FILE_CONCURRENCY` when not given). */
  concurrency?: number
  /**
   * The page's `connect-src` sources. A worker takes its policy from its own response, not from
   * the page's meta tag: the sync keeps to the page's, and says so when a feed is outside it.
   */
  connectSrc?: readonly string[]
  /** Byte caps (tests lower them): the manifest, each scan file before decompression, the team's history and decisions files. */
  limits?: { manifest?: number; file?: number; team?: number }
}

/**
 * Scan files asked for at once: what a browser opens to one host over HTTP/1.1 (6 connections),
 * so none waits in the browser's own queue; an HTTP/2 CDN would take more, but the files are
 * stored one transaction at a time, and more requests would only hold more files in memory.
 */
export const FILE_CONCURRENCY = 6

/** The largest manifest Vigil reads: some 300,000 files listed with their hashes. */
export const MAX_MANIFEST_BYTES = 32 * 1024 * 1024

/** After the nth failure of a file, the wait before it is asked for again: 15 minutes, ×4 each time, at most a day. */
const retryWaitMs = (failures: number) => Math.min(15 * 60_000 * 4 ** (failures - 1), 24 * 3_600_000)

/** Thrown by a file's read past its cap: that file is a problem, the sync goes on. */
class FileTooLarge extends Error {}

/** A sync's progress: its files, and the repositories and bytes of what it loads now (the snapshot, else the files). */
export interface FeedProgress {
  done: number
  total: number
  repositories: number
  repositoriesTotal: number
  bytes: number
  bytesTotal: number
}

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
  /** Files that could not be synced, each in words; they keep their last good state. */
  problems: string[]
  requests: number
  tokenSent: boolean
}

interface Conditional {
  etag?: string
  lastModified?: string
}

/**
 * Whether the token may go to `url`: under the manifest's own folder (on a shared host another
 * tenant's folder has the same origin), over https or to this machine, and with no encoded slash
 * that a server could read as a way out of the folder.
 */
export function inTokenScope(url: string, manifestUrl: string): boolean {
  const target = new URL(url)
  const folder = new URL('.', manifestUrl).href
  return (
    target.href.startsWith(folder) &&
    !/%2f|%5c/i.test(target.pathname) &&
    !target.username &&
    !target.password &&
    (target.protocol === 'https:' || isLoopback(target))
  )
}

/** A feed's requests: conditional, a bearer token only under the manifest's folder, never after a redirect. */
class FeedClient {
  requests = 0
  tokenSent = false

  constructor(private readonly options: FeedSyncOptions) {}

  get connectSrc() {
    return this.options.connectSrc
  }

  get pageOrigin() {
    return this.options.pageOrigin
  }

  async get(url: string, what: string, conditional: Conditional = {}): Promise<Response> {
    const headers = new Headers()
    if (conditional.etag) headers.set('If-None-Match', conditional.etag)
    else if (conditional.lastModified) headers.set('If-Modified-Since', conditional.lastModified)
    const withToken = !!this.options.token && inTokenScope(url, this.options.manifestUrl)
    if (withToken) {
      headers.set('Authorization', `Bearer ${this.options.token}`)
      this.tokenSent = true
    }
    this.requests += 1
    let response: Response
    try {
      response = await (this.options.fetch ?? fetch)(url, {
        headers,
        cache: 'no-store',
        credentials: 'omit',
        // A redirect could take the token to another origin: with a token, none is followed.
        redirect: withToken ? 'manual' : 'follow',
      })
    } catch (error) {
      if (this.options.online && !this.options.online()) {
        throw new FeedError(`This browser is offline, so ${what} could not be fetched.`)
      }
      throw new FeedError(
        `Vigil could not reach ${what} at ${url}: the host did not answer, or it refused this site under CORS (the browser does not say which). Check the address, and that the host allows ${this.options.pageOrigin} (${error instanceof Error ? error.message : String(error)}).`,
      )
    }
    if (
      response.type === 'opaqueredirect' ||
      (response.status >= 300 && response.status < 400 && response.status !== 304)
    ) {
      throw new FeedError(
        `The feed redirected the request for ${what}; Vigil follows no redirect while it sends your sign-in token, so that the token never reaches another address. Point Vigil at the final address.`,
      )
    }
    if (response.status === 401 || response.status === 403) {
      throw new FeedError(
        `The feed refused access to ${what} (HTTP ${response.status}). ${
          withToken
            ? 'Vigil sent your sign-in token, and the feed did not accept it.'
            : this.options.token
              ? `Vigil sends your sign-in token only to addresses under the manifest's folder (${new URL('.', this.options.manifestUrl).href}), over https: not to this one.`
              : 'Vigil sent no sign-in token: if the feed checks tokens, turn on "Send my sign-in token to the feed".'
        }`,
      )
    }
    return response
  }
}

/** The files of a manifest, each with its repository. */
const filesOf = (manifest: FeedManifest) =>
  manifest.repositories.flatMap((repository) => repository.files.map((file) => ({ file, repository })))

interface Fetched {
  file: FeedFile
  repository: FeedRepository
  state?: FeedFileState
  outcome:
    | { kind: 'unchanged' }
    | { kind: 'fetched'; bytes: Uint8Array; sha256: string; etag?: string; lastModified?: string }
    | { kind: 'problem'; text: string }
    /** Failed before, and its wait is not over: not asked for. */
    | { kind: 'waiting'; text: string }
}

/** A file the manifest now lists under another repository (renamed): it is imported again there. */
const moved = (item: { repository: FeedRepository; state?: FeedFileState }) =>
  item.state !== undefined && item.state.repository !== item.repository.name

/** The manifest gives the file's hash, and it is the one imported into the same repository: nothing to ask for. */
const hashUnchanged = (item: { file: FeedFile; repository: FeedRepository; state?: FeedFileState }) =>
  !!item.file.sha256 && !moved(item) && item.state?.sha256 === item.file.sha256

/** A file that failed and waits before it is asked for again (the manifest lists the version that failed). */
const waiting = (item: { file: FeedFile; state?: FeedFileState }, now: string) => {
  const failure = item.state?.failure
  return !!failure && failure.retryAt > now && failure.manifestSha256 === item.file.sha256
}

async function fetchFile(
  client: FeedClient,
  item: Omit<Fetched, 'outcome'>,
  fileLimit: number,
  now: string,
): Promise<Fetched> {
  const { file } = item
  if (waiting(item, now)) {
    const { count, retryAt } = item.state!.failure!
    return {
      ...item,
      outcome: {
        kind: 'waiting',
        text: `${file.url}: it failed ${count} ${count === 1 ? 'time' : 'times'}; Vigil tries it again after ${retryAt}, or as soon as the manifest lists a new version.`,
      },
    }
  }
  const state = moved(item) ? undefined : item.state
  if (hashUnchanged(item)) return { ...item, outcome: { kind: 'unchanged' } }
  const sources = client.connectSrc
  if (sources && !connectAllowed(new URL(file.url), sources, client.pageOrigin)) {
    const text = `${file.url}: this Vigil's Content-Security-Policy (connect-src) does not let it fetch from ${new URL(file.url).origin}; it was not imported.`
    return { ...item, outcome: { kind: 'problem', text } }
  }
  const response = await client.get(file.url, `the scan file ${file.url}`, state ?? {})
  if (response.status === 304) return { ...item, outcome: { kind: 'unchanged' } }
  if (!response.ok) {
    return { ...item, outcome: { kind: 'problem', text: `${file.url}: the feed answered HTTP ${response.status}.` } }
  }
  // Never more than the manifest says (one byte more tells it is larger), nor than the cap.
  const limit = Math.min(fileLimit, file.size === undefined ? Infinity : file.size + 1)
  let bytes: Uint8Array<ArrayBuffer>
  try {
    bytes = (await bodyWithin(response, limit, () => new FileTooLarge())) as Uint8Array<ArrayBuffer>
  } catch (error) {
    if (!(error instanceof FileTooLarge)) throw error
    const text =
      file.size !== undefined && file.size < fileLimit
        ? `${file.url}: the file is larger than the ${file.size} bytes the manifest says; it was not imported.`
        : `${file.url}: the file is larger than ${megabytes(fileLimit)}, and Vigil reads feed files up to ${megabytes(fileLimit)}; it was not imported.`
    return { ...item, outcome: { kind: 'problem', text } }
  }
  const sha256 = await sha256Hex(bytes)
  if (file.size !== undefined && bytes.byteLength !== file.size) {
    return {
      ...item,
      outcome: {
        kind: 'problem',
        text: `${file.url}: the file has ${bytes.byteLength} bytes, the manifest says ${file.size}; it was not imported.`,
      },
    }
  }
  if (file.sha256 && sha256 !== file.sha256) {
    return {
      ...item,
      outcome: {
        kind: 'problem',
        text: `${file.url}: its SHA-256 hash does not match the manifest's (the file was changed or damaged); it was not imported.`,
      },
    }
  }
  if (state?.sha256 === sha256) return { ...item, outcome: { kind: 'unchanged' } }
  return {
    ...item,
    outcome: {
      kind: 'fetched',
      bytes,
      sha256,
      etag: response.headers.get('ETag') ?? undefined,
      lastModified: response.headers.get('Last-Modified') ?? undefined,
    },
  }
}

/**
 * Records that a file failed, keeping what it last imported: it is not asked for again until its
 * wait is over (longer after each failure), or the manifest lists another version of it.
 */
function recordFailure(database: WorkspaceDatabase, item: Omit<Fetched, 'outcome'>, now: string) {
  const previous = item.state && !moved(item) ? item.state : undefined
  const count = (previous?.failure?.count ?? 0) + 1
  return writeFeedFileState(
    database,
    {
      ...(previous ?? { url: item.file.url, repository: item.repository.name, runs: [], sha256: '' }),
      failure: {
        count,
        retryAt: new Date(Date.parse(now) + retryWaitMs(count)).toISOString(),
        manifestSha256: item.file.sha256,
      },
    },
    item.state,
  )
}

/**
 * `work` over `items`, at most `limit` at once, each result given as soon as it is ready (in any
 * order) while the next one starts. After a failure no more start: the ones under way are still
 * given (what landed stays), then the failure is thrown.
 */
export async function* inTurn<Item, Result>(
  items: readonly Item[],
  limit: number,
  work: (item: Item) => Promise<Result>,
): AsyncGenerator<Result> {
  type Settled = { index: number; result?: Result; error?: unknown; failed: boolean }
  const running = new Map<number, Promise<Settled>>()
  let next = 0
  let failure: { error: unknown } | undefined
  const start = () => {
    const index = next++
    running.set(
      index,
      work(items[index]).then(
        (result) => ({ index, result, failed: false }),
        (error: unknown) => ({ index, error, failed: true }),
      ),
    )
  }
  while (next < items.length && running.size < limit) start()
  while (running.size > 0) {
    const settled = await Promise.race(running.values())
    running.delete(settled.index)
    if (settled.failed) {
      failure ??= { error: settled.error }
      continue
    }
    if (!failure && next < items.length) start()
    yield settled.result as Result
  }
  if (failure) throw failure.error
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
  // The small check first: its validators are the full state's (both are written as a sync ends),
  // and a 304 after a sync that settled ends the sync without reading the stored manifest.
  const check = await readFeedCheck(database, manifestUrl)
  const validators = check?.etag || check?.lastModified ? check : undefined
  let previous = validators ? undefined : await readFeedState(database, manifestUrl)
  let response = await client.get(manifestUrl, 'the feed manifest', validators ?? (previous?.manifest ? previous : {}))
  if (response.status === 304 && check?.settled) {
    const syncedAt = now()
    await writeFeedCheck(database, manifestUrl, { ...check, syncedAt })
    return {
      syncedAt,
      manifestUnchanged: true,
      repositories: check.settled.repositories,
      files: check.settled.files,
      fetched: 0,
      fromSnapshot: 0,
      unchanged: check.settled.files,
      removed: [],
      added: 0,
      fixed: 0,
      problems: [],
      requests: client.requests,
      tokenSent: client.tokenSent,
    }
  }
  if (validators) {
    previous = await readFeedState(database, manifestUrl)
    // The full state went missing: the manifest is read whole again.
    if (response.status === 304 && !previous?.manifest) response = await client.get(manifestUrl, 'the feed manifest')
  }
  // Until this sync ends, the next one reads everything.
  if (check) await writeFeedCheck(database, manifestUrl, {})
  let manifest: FeedManifest
  let manifestUnchanged = false
  if (response.status === 304 && previous?.manifest) {
    manifest = previous.manifest
    manifestUnchanged = true
  } else if (response.status === 404) {
    throw new FeedError(`There is no feed manifest at ${manifestUrl} (HTTP 404).`)
  } else if (!response.ok) {
    throw new FeedError(`The feed answered HTTP ${response.status} for its manifest at ${manifestUrl}.`)
  } else {
    const limit = options.limits?.manifest ?? MAX_MANIFEST_BYTES
    const bytes = await bodyWithin(
      response,
      limit,
      () =>
        new FeedError(
          `The feed manifest is larger than ${megabytes(limit)}, and Vigil reads manifests up to ${megabytes(limit)}: split the feed, or list fewer files in it.`,
        ),
    )
    manifest = readManifest(new TextDecoder().decode(bytes), response.url || manifestUrl, pageOrigin)
  }

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
  const landed = snapshot?.landed ?? new Set<string>()
  const states = await readFeedFileStates(database)
  const items = filesOf(manifest).map((item) => ({ ...item, state: states.get(item.file.url) }))
  const report: FeedSyncReport = {
    syncedAt,
    manifestUnchanged,
    repositories: manifest.repositories.length,
    files: items.length,
    fetched: 0,
    fromSnapshot: 0,
    unchanged: 0,
    removed: [],
    added: snapshot?.added ?? 0,
    fixed: 0,
    problems: [],
    requests: 0,
    tokenSent: false,
  }
  if (snapshot) {
    report.snapshot = { parts: snapshot.parts, repositories: snapshot.repositories, bytes: snapshot.bytes }
    if (snapshot.refused) report.snapshot.refused = snapshot.refused
  }
  const unchanged = (url: string) => {
    if (landed.has(url)) report.fromSnapshot += 1
    else report.unchanged += 1
  }
  const fileLimit = options.limits?.file ?? MAX_FILE_BYTES
  const concurrency = Math.max(1, options.concurrency ?? FILE_CONCURRENCY)
  let done = 0
  // What this part of the sync goes through: the files it asks for, their repositories and bytes.
  const known = (item: (typeof items)[number]) => hashUnchanged(item) && !item.state?.failure
  const asked = items.filter((item) => !known(item))
  const left = new Map<string, number>()
  for (const item of asked) left.set(item.repository.name, (left.get(item.repository.name) ?? 0) + 1)
  const counts = {
    repositories: 0,
    repositoriesTotal: left.size,
    bytes: 0,
    bytesTotal: asked.reduce((sum, item) => sum + (item.file.size ?? 0), 0),
  }
  // Progress at most every 100 ms: a message per file re-renders the page thousands of times.
  let reportedAt = -Infinity
  const progress = (force = false) => {
    const now = Date.now()
    if (!force && now - reportedAt < 100) return
    reportedAt = now
    options.onProgress?.({ done, total: items.length, ...counts })
  }
  progress(true)
  // Files whose manifest hash is the one imported are not asked for.
  for (const item of items) {
    if (!known(item)) continue
    unchanged(item.file.url)
    done += 1
  }
  try {
    for await (const fetched of inTurn(asked, concurrency, (item) => fetchFile(client, item, fileLimit, syncedAt))) {
      const { outcome, file, repository, state } = fetched
      if (outcome.kind === 'unchanged') {
        unchanged(file.url)
        if (state?.failure) await writeFeedFileState(database, { ...state, failure: undefined }, state)
      } else if (outcome.kind === 'waiting') report.problems.push(outcome.text)
      else if (outcome.kind === 'problem') {
        report.problems.push(outcome.text)
        await recordFailure(database, fetched, report.syncedAt)
      } else {
        const imported = await importFile(
          database,
          {
            name: displayName(file.url, manifestUrl),
            blob: outcome.bytes,
            repository: repository.name,
            fileName: pathInRepositoryFolder(displayName(file.url, manifestUrl), repository.name),
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
        if (imported.status === 'imported') {
          report.fetched += 1
          for (const record of imported.records) {
            report.added += record.changes.added
            report.fixed += record.changes.fixed
          }
          const runs = imported.records.flatMap((record) => record.run ?? [])
          // Renamed in the manifest: what it brought to the old name leaves with the old name. A
          // file that now holds other runs (another tool, another target) takes its old ones away.
          const leaving =
            state && (moved(fetched) ? state : { ...state, runs: state.runs?.filter((run) => !runs.includes(run)) })
          if (
            leaving &&
            (!leaving.runs || leaving.runs.length > 0) &&
            (await removeFeedFile(database, manifestUrl, leaving))
          ) {
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
        } else {
          report.problems.push(`${file.url}: ${imported.status === 'refused' ? imported.reason : 'no repository'}`)
          await recordFailure(database, fetched, report.syncedAt)
        }
      }
      done += 1
      counts.bytes += file.size ?? 0
      const remaining = left.get(repository.name)! - 1
      left.set(repository.name, remaining)
      if (remaining === 0) counts.repositories += 1
      progress()
    }
    progress(true)
  } catch (error) {
    if (!(error instanceof FeedError)) throw error
    throw new FeedError(
      `${error.message} The sync stopped after ${done} of ${items.length} files: what was synced is kept, and the rest of the workspace keeps its last good state. The next sync goes on from there.`,
    )
  }

  const names = new Set(manifest.repositories.map((repository) => repository.name))
  // Files that left the manifest take what they brought, never what was imported by hand.
  const listed = new Set(items.map((item) => item.file.url))
  const gone = [...states.values()].filter((state) => !listed.has(state.url))
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
  const etag = manifestUnchanged ? previous?.etag : (response.headers.get('ETag') ?? undefined)
  const lastModified = manifestUnchanged ? previous?.lastModified : (response.headers.get('Last-Modified') ?? undefined)
  await writeFeedState(database, {
    manifestUrl,
    etag,
    lastModified,
    syncedAt: report.syncedAt,
    repositories: [...names],
    manifest,
    teamFiles: team.states,
  })
  // Settled: every file landed, nothing waits for a retry, the team's files were read, and every
  // file has its hash in the manifest (one without is asked for again, conditionally, at each sync).
  const settled = report.problems.length === 0 && items.every((item) => item.file.sha256)
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
