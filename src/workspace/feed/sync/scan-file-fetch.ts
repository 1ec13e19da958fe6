import { connectAllowed } from '@/lib/connect-sources'
import { sha256Hex } from '@/lib/sha256'
import type { FeedFile, FeedManifest, FeedRepository } from '@/workspace/feed/format/manifest'
import { bodyWithin, megabytes } from '@/workspace/files/read-within'
import { writeFeedFileState } from '@/workspace/store/feed-records'
import type { FeedFileState, WorkspaceDatabase } from '@/workspace/store/records'
import type { FeedClient } from './feed-client'

/** After the nth failure of a file, the wait before it is asked for again: 15 minutes, ×4 each time, at most a day. */
const retryWaitMs = (failures: number) => Math.min(15 * 60_000 * 4 ** (failures - 1), 24 * 3_600_000)

/** Thrown by a file's read past its cap: that file is a problem, the sync goes on. */
class FileTooLarge extends Error {}

/**
 * A feed file's bytes, read within the size the manifest gives (one byte more tells it is larger)
 * and `limit`, with their hash checked against the manifest's; else the problem, in a sentence
 * that says what was not done (`words`: what Vigil reads up to the limit, and the verb).
 */
export async function checkedBody(
  response: Response,
  expected: { size?: number; sha256?: string },
  limit: number,
  words: { files: string; notDone: string },
): Promise<{ bytes: Uint8Array<ArrayBuffer>; sha256: string } | { problem: string }> {
  const cap = Math.min(limit, expected.size === undefined ? Infinity : expected.size + 1)
  let bytes: Uint8Array<ArrayBuffer>
  try {
    bytes = (await bodyWithin(response, cap, () => new FileTooLarge())) as Uint8Array<ArrayBuffer>
  } catch (error) {
    if (!(error instanceof FileTooLarge)) throw error
    return {
      problem:
        expected.size !== undefined && expected.size < limit
          ? `the file is larger than the ${expected.size} bytes the manifest says; it was not ${words.notDone}.`
          : `the file is larger than ${megabytes(limit)}, and Vigil reads ${words.files} up to ${megabytes(limit)}; it was not ${words.notDone}.`,
    }
  }
  const sha256 = await sha256Hex(bytes)
  if (expected.size !== undefined && bytes.byteLength !== expected.size)
    return {
      problem: `the file has ${bytes.byteLength} bytes, the manifest says ${expected.size}; it was not ${words.notDone}.`,
    }
  if (expected.sha256 && sha256 !== expected.sha256)
    return {
      problem: `its SHA-256 hash does not match the manifest's (the file was changed or damaged); it was not ${words.notDone}.`,
    }
  return { bytes, sha256 }
}

/** The files of a manifest, each with its repository. */
export const filesOf = (manifest: FeedManifest) =>
  manifest.repositories.flatMap((repository) => repository.files.map((file) => ({ file, repository })))

/** A file of the manifest, with its repository and what Vigil knows of it since it last fetched it. */
export type FeedItem = Omit<Fetched, 'outcome'>

export interface Fetched {
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
export const moved = (item: { repository: FeedRepository; state?: FeedFileState }) =>
  item.state !== undefined && item.state.repository !== item.repository.name

/** The manifest gives the file's hash, and it is the one imported into the same repository: nothing to ask for. */
export const hashUnchanged = (item: { file: FeedFile; repository: FeedRepository; state?: FeedFileState }) =>
  !!item.file.sha256 && !moved(item) && item.state?.sha256 === item.file.sha256

/** A file that failed and waits before it is asked for again (the manifest lists the version that failed). */
const waiting = (item: { file: FeedFile; state?: FeedFileState }, now: string) => {
  const failure = item.state?.failure
  return !!failure && failure.retryAt > now && failure.manifestSha256 === item.file.sha256
}

export async function fetchFile(
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
  const checked = await checkedBody(response, file, fileLimit, { files: 'feed files', notDone: 'imported' })
  if ('problem' in checked) return { ...item, outcome: { kind: 'problem', text: `${file.url}: ${checked.problem}` } }
  const { bytes, sha256 } = checked
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
export function recordFailure(database: WorkspaceDatabase, item: Omit<Fetched, 'outcome'>, now: string) {
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
