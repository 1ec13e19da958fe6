import { sha256Hex } from '@/lib/sha256'
import type { FeedManifest, FeedRepository } from '@/workspace/feed/format/manifest'
import type { SnapshotPart } from '@/workspace/feed/format/snapshot'
import { displayName } from '@/workspace/feed/format/names'
import {
  byName,
  formatRefusal,
  historyFromSnapshot,
  MAX_SNAPSHOT_PART_BYTES,
  readSnapshotPart,
  SNAPSHOT_FORMAT,
  SnapshotRefused,
  type SnapshotRepository,
} from '@/workspace/feed/format/snapshot'
import { bodyWithin } from '@/workspace/files/read-within'
import { visibilityFromFlag } from '@/workspace/model/scan-coverage'
import { storeSnapshotRepositories, type SnapshotLanding } from '@/workspace/store/snapshot-records'
import { isPacked } from '@/workspace/store/finding-pages'
import { PACKED_RUN } from '@/workspace/store/record-keys'
import type { WorkspaceDatabase } from '@/workspace/store/records'

/** What the snapshot brought into the workspace, or why it was not used. */
export interface SnapshotLoad {
  /** The files (resolved URLs) whose repositories landed from the snapshot. */
  landed: Set<string>
  repositories: number
  parts: number
  /** Compressed bytes fetched. */
  bytes: number
  added: number
  /** Why the snapshot (or what is left of it) was not used: its files are fetched one by one. */
  refused?: string
}

export interface SnapshotProgress {
  repositories: number
  repositoriesTotal: number
  bytes: number
  bytesTotal: number
}

export interface SnapshotLoadInput {
  manifest: FeedManifest
  manifestUrl: string
  database: WorkspaceDatabase
  /** A request of the sync (conditional and token rules apply); a network failure throws, and stops the sync. */
  get: (url: string, what: string) => Promise<Response>
  onProgress: (progress: SnapshotProgress) => void
  now: () => string
}

/** Repositories stored in one transaction, at most (or fewer when their text passes `BATCH_CHARACTERS`). */
const BATCH_REPOSITORIES = 250
const BATCH_CHARACTERS = 8 * 1024 * 1024

/** The parts whose range of names holds one of `names` (sorted): those a workspace lacking them needs. */
export function partsFor(parts: readonly SnapshotPart[], names: readonly string[]): SnapshotPart[] {
  return parts.filter((part) => {
    let low = 0
    let high = names.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (byName(names[middle], part.first) < 0) low = middle + 1
      else high = middle
    }
    return low < names.length && byName(names[low], part.last) <= 0
  })
}

/** A part's bytes, checked against the size and hash the manifest gives. */
async function fetchPart(get: SnapshotLoadInput['get'], part: SnapshotPart): Promise<Uint8Array> {
  const response = await get(part.url, `a part of the feed's snapshot`)
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined)
    throw new SnapshotRefused(
      `The feed answered HTTP ${response.status} for a part of its snapshot (${part.url}): its repositories were fetched file by file.`,
    )
  }
  const damaged = () =>
    new SnapshotRefused(
      `A part of the feed's snapshot (${part.url}) does not match the size or SHA-256 hash its manifest gives (it was changed or damaged): its repositories were fetched file by file.`,
    )
  const bytes = await bodyWithin(response, Math.min(part.size, MAX_SNAPSHOT_PART_BYTES), damaged)
  if (bytes.byteLength !== part.size || (await sha256Hex(bytes)) !== part.sha256) throw damaged()
  return bytes
}

/**
 * Whether every record of a snapshot's repository is its own: a record that names another
 * repository would be stored as that one's (a hand import the workspace holds, say).
 */
function ownRecords(repository: SnapshotRepository): boolean {
  const { name } = repository
  return (
    repository.summary?.name === name &&
    repository.digest?.repository === name &&
    [repository.runs, repository.pages, repository.history, repository.imports].every(
      (records) => Array.isArray(records) && records.every((record) => record?.repository === name),
    ) &&
    repository.imports.every((record) => record.id === undefined) &&
    // A page is a page: none shaped as the record that packs a repository's pages (`PackedPages`).
    repository.pages.every(
      (page) => typeof page.findingsJson === 'string' && !isPacked(page) && page.run !== PACKED_RUN,
    )
  )
}

/**
 * A repository's listed files by the name the import history gives each, as the snapshot names
 * them: matched by that name, not parsed again as URLs (30,000 parses were a twentieth of a first
 * sync). A name two files share (a path that reads as another address) names neither.
 */
export function filesByName(files: readonly { url: string }[], manifestUrl: string): Map<string, string> {
  const byName = new Map<string, string>()
  const shared = new Set<string>()
  for (const { url } of files) {
    const name = displayName(url, manifestUrl)
    if (byName.has(name)) shared.add(name)
    byName.set(name, url)
  }
  for (const name of shared) byName.delete(name)
  return byName
}

/**
 * The records of a snapshot's repository as this workspace stores them, or undefined when it is not
 * to be taken from the snapshot: not one the workspace lacked, a record that names another
 * repository or is not what it says, or a file the manifest does not list for it under the name a
 * file-by-file sync would give it.
 */
function landingOf(
  repository: SnapshotRepository,
  wanted: Map<string, FeedRepository>,
  manifestUrl: string,
): SnapshotLanding | undefined {
  const listed = wanted.get(repository.name)
  if (!listed || !ownRecords(repository)) return undefined
  const history = repository.history.map(historyFromSnapshot)
  if (!history.every((run) => run !== undefined)) return undefined
  const listedByName = filesByName(listed.files, manifestUrl)
  const files = []
  for (const file of repository.files) {
    const url = listedByName.get(file.url)
    if (url === undefined) return undefined
    files.push({ url, repository: repository.name, runs: file.runs, sha256: file.sha256 })
  }
  const details = Object.fromEntries(
    Object.entries({
      description: listed.description,
      url: listed.url,
      visibility: visibilityFromFlag(listed.isPrivate),
      languages: listed.languages,
    }).filter(([, value]) => value !== undefined),
  )
  return {
    repository: {
      ...repository,
      summary: { ...repository.summary, ...details },
      runs: repository.runs.map((run) => ({ ...run, origin: { kind: 'feed', manifestUrl } })),
      history,
    },
    files,
  }
}

/**
 * Loads the repositories a workspace lacks from the feed's snapshot, when the manifest lists one and
 * it takes fewer requests and fewer bytes than their files: the parts that hold them, fetched one
 * ahead, each checked against its hash, read as it decompresses and stored a batch of repositories
 * per transaction. Undefined when the snapshot is not needed. A snapshot of another format, or a
 * damaged part, is refused: what landed stays, the rest is fetched file by file.
 */
export async function loadSnapshot(input: SnapshotLoadInput): Promise<SnapshotLoad | undefined> {
  const { manifest, manifestUrl, database } = input
  const snapshot = manifest.snapshot
  if (!snapshot) return undefined
  const held = new Set(await database.getAllKeys('repositories'))
  const missing = manifest.repositories.filter((repository) => !held.has(repository.name))
  const load: SnapshotLoad = { landed: new Set(), repositories: 0, parts: 0, bytes: 0, added: 0 }
  const files = missing.reduce((sum, repository) => sum + repository.files.length, 0)
  if (files === 0) return undefined
  if (snapshot.format !== SNAPSHOT_FORMAT) return { ...load, refused: formatRefusal(snapshot.format) }
  const names = missing.map((repository) => repository.name).sort(byName)
  const parts = partsFor(snapshot.parts, names)
  const partBytes = parts.reduce((sum, part) => sum + part.size, 0)
  const fileBytes = missing.reduce(
    (sum, repository) => sum + repository.files.reduce((bytes, file) => bytes + (file.size ?? 0), 0),
    0,
  )
  if (parts.length === 0 || parts.length >= files || partBytes > fileBytes) return undefined

  const wanted = new Map(missing.map((repository) => [repository.name, repository]))
  const progress = (): void =>
    input.onProgress({
      repositories: load.repositories,
      repositoriesTotal: missing.length,
      bytes: load.bytes,
      bytesTotal: partBytes,
    })
  let batch: SnapshotLanding[] = []
  let characters = 0
  const store = async () => {
    if (batch.length === 0) return
    const landed = new Set(await storeSnapshotRepositories(database, batch, new Date(input.now())))
    for (const item of batch) {
      if (!landed.has(item.repository.name)) continue
      load.repositories += 1
      for (const file of item.files) load.landed.add(file.url)
      for (const record of item.repository.imports) load.added += record.changes.added
    }
    batch = []
    characters = 0
    progress()
  }
  const fetching = (index: number) => {
    const pending = fetchPart(input.get, parts[index])
    pending.catch(() => undefined) // awaited in turn: a failure while the part before it is stored is not unhandled
    return pending
  }
  progress()
  try {
    // The next part downloads while this one is stored.
    let next: Promise<Uint8Array> | undefined = fetching(0)
    for (let index = 0; next; index += 1) {
      const bytes: Uint8Array = await next
      next = index + 1 < parts.length ? fetching(index + 1) : undefined
      load.parts += 1
      load.bytes += bytes.byteLength
      for await (const { repository, characters: length } of readSnapshotPart(
        new Blob([bytes as Uint8Array<ArrayBuffer>]),
      )) {
        const landing = landingOf(repository, wanted, manifestUrl)
        if (!landing) continue
        wanted.delete(repository.name)
        batch.push(landing)
        characters += length
        if (batch.length >= BATCH_REPOSITORIES || characters >= BATCH_CHARACTERS) await store()
      }
      await store()
    }
  } catch (error) {
    if (!(error instanceof SnapshotRefused)) throw error
    await store()
    load.refused = error.message
  }
  return load
}
