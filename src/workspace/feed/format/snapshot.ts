import { sha256Hex } from '@/lib/sha256'
import { bytesWithin, megabytes } from '@/workspace/files/read-within'
import { valueText } from '@/workspace/files/json'
import type { RepositoryDigest } from '@/workspace/projections/digest'
import type { FindingRecord, RunHistory } from '@/workspace/history/finding-history'
import type { FindingsPage, ImportRecord, RepositorySummary, RunRecord } from '@/workspace/model/repository-records'

/**
 * The snapshot format this Vigil writes and reads. A snapshot of another format is refused (the
 * files are then fetched one by one): raise it whenever a record it carries changes shape. Format
 * 4: a summary holds its visibility only where a source gave it, and what reported on it.
 */
export const SNAPSHOT_FORMAT = 4

/** The largest part of a snapshot, compressed. */
export const MAX_SNAPSHOT_PART_BYTES = 16 * 1024 * 1024

/** The most a part may decompress to, as a scan file may (a repository alone may pass the text packed into a part). */
export const MAX_SNAPSHOT_PART_TEXT_BYTES = 512 * 1024 * 1024

/** The folder beside the manifest that holds the snapshot's parts (a repository may not take its name). */
export const SNAPSHOT_FOLDER = 'vigil-snapshot'

/** A scan file as the snapshot holds it: its URL as the manifest gives it, its hash, and the runs it brought. */
export interface SnapshotFile {
  url: string
  sha256: string
  runs: string[]
}

/**
 * One repository pre-digested: every record a browser's import of its files stores. Its runs come
 * from the feed, with the manifest's address left empty (the browser knows it); its imports have no id.
 */
export interface SnapshotRepository {
  name: string
  summary: RepositorySummary
  digest: RepositoryDigest
  runs: RunRecord[]
  pages: FindingsPage[]
  history: SnapshotRunHistory[]
  imports: ImportRecord[]
  files: SnapshotFile[]
}

/**
 * A run's history as a snapshot holds it, in JSON: its findings as [key, record] pairs (JSON has
 * no map), and a stretch's fix time still open (Infinity) as null. Format 2 wrote the map as `{}`.
 */
export interface SnapshotRunHistory extends Omit<RunHistory, 'findings'> {
  findings: [string, Omit<FindingRecord, 'stretches'> & { stretches: readonly (number | null)[] }][]
}

/** A run's history for a snapshot (`JSON.stringify` writes its Infinity as null). */
export const historyToSnapshot = (run: RunHistory): SnapshotRunHistory => ({ ...run, findings: [...run.findings] })

const isFindingRecord = (value: unknown): value is SnapshotRunHistory['findings'][number][1] => {
  const record = value as Partial<SnapshotRunHistory['findings'][number][1]> | null
  return (
    typeof record?.severity === 'string' &&
    typeof record.scans === 'number' &&
    Array.isArray(record.stretches) &&
    record.stretches.every((time) => time === null || typeof time === 'number')
  )
}

/** A snapshot's run history as the workspace keeps it; undefined when it is not one. */
export function historyFromSnapshot(run: SnapshotRunHistory): RunHistory | undefined {
  if (!Array.isArray(run?.findings) || !Array.isArray(run.scans)) return undefined
  const findings = new Map<string, FindingRecord>()
  for (const entry of run.findings as unknown[]) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !isFindingRecord(entry[1])) return undefined
    const [key, record] = entry as SnapshotRunHistory['findings'][number]
    findings.set(key, { ...record, stretches: record.stretches.map((time) => time ?? Infinity) })
  }
  return { ...run, findings }
}

/** A part of the snapshot as the manifest lists it: the repositories from `first` to `last`, by name. */
export interface SnapshotPart {
  url: string
  sha256: string
  /** Compressed. */
  size: number
  first: string
  last: string
  repositories: number
}

/** A part of a snapshot, written: its entry and its bytes. */
export interface BuiltSnapshotPart {
  entry: SnapshotPart
  bytes: Uint8Array
}

/** The first line of every part: what it is and its format. */
export interface SnapshotHeader {
  vigilSnapshot: number
}

/** Names in the order the parts are cut and searched: by UTF-16 code units, as `<` compares them. */
export const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

async function gzip(lines: readonly string[]): Promise<Uint8Array> {
  const stream = new Blob(lines.map((line) => `${line}\n`)).stream().pipeThrough(new CompressionStream('gzip'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/** Text packed into a part before it is compressed (a part that compresses past the limit is cut in two). */
const RAW_PART_CHARACTERS = 64 * 1024 * 1024

/**
 * Packs repositories (sorted by name) into gzip parts of at most `maxPart` bytes, each named by
 * its SHA-256 under `folder`. A repository that alone compresses past the limit is left out, and
 * named in `leftOut`: the browser fetches its files one by one.
 */
export async function packSnapshot(
  repositories: Iterable<SnapshotRepository> | AsyncIterable<SnapshotRepository>,
  folder: string,
  maxPart = MAX_SNAPSHOT_PART_BYTES,
): Promise<{ parts: BuiltSnapshotPart[]; leftOut: string[] }> {
  const header = JSON.stringify({ vigilSnapshot: SNAPSHOT_FORMAT } satisfies SnapshotHeader)
  const parts: BuiltSnapshotPart[] = []
  const leftOut: string[] = []
  const pack = async (group: { name: string; line: string }[]): Promise<void> => {
    if (group.length === 0) return
    const bytes = await gzip([header, ...group.map((item) => item.line)])
    if (bytes.byteLength > maxPart) {
      if (group.length === 1) {
        leftOut.push(group[0].name)
        return
      }
      const half = Math.ceil(group.length / 2)
      await pack(group.slice(0, half))
      await pack(group.slice(half))
      return
    }
    const sha256 = await sha256Hex(bytes)
    parts.push({
      entry: {
        url: `${folder}${sha256}.ndjson.gz`,
        sha256,
        size: bytes.byteLength,
        first: group[0].name,
        last: group[group.length - 1].name,
        repositories: group.length,
      },
      bytes,
    })
  }
  let group: { name: string; line: string }[] = []
  let characters = 0
  let previous: string | undefined
  for await (const repository of repositories) {
    if (previous !== undefined && byName(previous, repository.name) >= 0) {
      throw new Error(`The snapshot's repositories must come sorted by name (${repository.name} after ${previous})`)
    }
    previous = repository.name
    const line = JSON.stringify(repository)
    if (characters + line.length > RAW_PART_CHARACTERS && group.length > 0) {
      await pack(group)
      group = []
      characters = 0
    }
    group.push({ name: repository.name, line })
    characters += line.length
  }
  await pack(group)
  return { parts, leftOut }
}

/** Thrown for a part that is not a snapshot Vigil reads: the files are fetched one by one instead. */
export class SnapshotRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SnapshotRefused'
  }
}

/** Why a snapshot of format `format` is refused, in words. */
export function formatRefusal(format: unknown): string {
  const newer = typeof format === 'number' && format > SNAPSHOT_FORMAT
  return `The feed's snapshot is of format ${valueText(format)}, and this Vigil reads format ${SNAPSHOT_FORMAT}: it was not used, and the files were fetched one by one. ${
    newer
      ? 'The feed was built by a newer Vigil: reload this page to get the newer version.'
      : 'The feed was built by an older Vigil: build it again with this version (npm run feed).'
  }`
}

/** The text lines of a stream, as they arrive (a line may span many chunks). */
export async function* linesOf(stream: ReadableStream<BufferSource>): AsyncGenerator<string> {
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader()
  let pending: string[] = []
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    let start = 0
    for (let at = value.indexOf('\n'); at >= 0; at = value.indexOf('\n', start)) {
      pending.push(value.slice(start, at))
      yield pending.join('')
      pending = []
      start = at + 1
    }
    if (start < value.length) pending.push(value.slice(start))
  }
  if (pending.length > 0) yield pending.join('')
}

/**
 * The repositories of a part (its bytes checked by the caller), read as it decompresses, each with
 * the length of its line: its first line must name this format, or the part is refused.
 */
export async function* readSnapshotPart(
  compressed: Blob,
  textLimit = MAX_SNAPSHOT_PART_TEXT_BYTES,
): AsyncGenerator<{ repository: SnapshotRepository; characters: number }> {
  let first = true
  let lines: AsyncGenerator<string>
  const tooLarge = () =>
    new SnapshotRefused(
      `A part of the feed's snapshot decompresses to more than ${megabytes(textLimit)}, and Vigil reads parts up to ${megabytes(textLimit)}: the rest of the files were fetched one by one.`,
    )
  try {
    lines = linesOf(
      compressed.stream().pipeThrough(new DecompressionStream('gzip')).pipeThrough(bytesWithin(textLimit, tooLarge)),
    )
    for await (const line of lines) {
      if (line === '') continue
      const value = JSON.parse(line) as unknown
      if (first) {
        const format = (value as Partial<SnapshotHeader> | null)?.vigilSnapshot
        if (format !== SNAPSHOT_FORMAT) throw new SnapshotRefused(formatRefusal(format))
        first = false
        continue
      }
      yield { repository: value as SnapshotRepository, characters: line.length }
    }
  } catch (error) {
    if (error instanceof SnapshotRefused) throw error
    throw new SnapshotRefused(
      `A part of the feed's snapshot could not be read (${error instanceof Error ? error.message : String(error)}): the rest of the files were fetched one by one.`,
    )
  }
  if (first) throw new SnapshotRefused("A part of the feed's snapshot is empty: the files were fetched one by one.")
}
