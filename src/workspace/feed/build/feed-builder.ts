import { sha256Hex } from '@/lib/sha256'
import { decodeText, readScanText } from '@/workspace/readers/detect'
import { emptyHistory, type Scan } from '@/workspace/history/finding-history'
import { mergeHistory, readHistoryFile, writeHistoryFile } from '@/workspace/history/history-file'
import { scanOf } from '@/workspace/history/scan-of'
import { pathInRepositoryFolder } from '@/workspace/feed/format/names'
import { bytesOf } from '@/workspace/import/import-file'
import { formatNames, ReaderError, type ReadResult } from '@/workspace/model/model'
import { readDecisionsFile } from '@/workspace/triage/decisions-file'

/** A file of the folder CI publishes, its path relative to the folder with / between parts. */
export interface FolderFile {
  path: string
  bytes: Uint8Array
  /** When the file was last changed (ISO 8601): the scan time of a file that gives none. */
  modifiedAt?: string
}

export interface ManifestEntryFile {
  url: string
  sha256: string
  size: number
  format: string
}

export interface BuiltManifest {
  vigilFeed: 1
  generatedAt: string
  /** The team's history file, relative to the manifest. */
  history?: string
  /** The team's decisions file, relative to the manifest. */
  decisions?: string
  repositories: { name: string; files: ManifestEntryFile[] }[]
}

export interface BuildResult {
  manifest: BuiltManifest
  /** Files Vigil would refuse, each with the reason: the builder writes no manifest while there are any. */
  refused: { path: string; reason: string }[]
  /** Hidden files (a name starting with a dot) left out. */
  skipped: string[]
  /** What each file's runs say to the team's history, as a browser importing the feed reads them. */
  scans: Scan[]
}

/** The team's files a manifest names beside the scan files, as URLs relative to it. */
export interface ManifestExtras {
  history?: string
  decisions?: string
}

/** One scan per run of a file, dated as the import dates it: the file's time, its modification time, else now. */
function scansOf(repository: string, results: ReadResult[], modifiedAt: string | undefined, now: string): Scan[] {
  const runs = new Map<string, ReadResult[]>()
  for (const result of results) runs.set(result.run, [...(runs.get(result.run) ?? []), result])
  return [...runs.values()].map((group) => {
    const scanTime = group
      .map((result) => result.scannedAt)
      .filter((time): time is string => !!time && !Number.isNaN(Date.parse(time)))
      .sort()
      .at(-1)
    return scanOf({
      repository,
      run: group[0].run,
      tool: group[0].tool,
      findings: group.flatMap((result) => result.findings),
      scannedAt: scanTime ?? modifiedAt ?? now,
      timeSource: scanTime ? 'scan' : modifiedAt ? 'file' : 'import',
    })
  })
}

/**
 * A feed manifest for a folder laid out `<repo>/<scan files>` (as the import dialog takes one):
 * each file's format detected as Vigil detects it, with its hash and size. `prefix` is the path
 * from the manifest's folder to the scanned folder ('' when the manifest sits in it).
 */
export async function buildManifest(
  files: FolderFile[],
  prefix = '',
  now = new Date().toISOString(),
  extras: ManifestExtras = {},
): Promise<BuildResult> {
  const repositories = new Map<string, ManifestEntryFile[]>()
  const refused: BuildResult['refused'] = []
  const skipped: string[] = []
  const scans: Scan[] = []
  for (const file of [...files].sort((a, b) => a.path.localeCompare(b.path))) {
    const parts = file.path.split('/')
    if (parts.some((part) => part.startsWith('.'))) {
      skipped.push(file.path)
      continue
    }
    if (parts.length < 2) {
      refused.push({
        path: file.path,
        reason: 'it is not inside a repository folder (the layout is <repo>/<scan files>)',
      })
      continue
    }
    const url = `${prefix}${parts.map(encodeURIComponent).join('/')}`
    let results: ReadResult[]
    try {
      // Read under the name a browser syncing the feed gives it, so that their runs agree.
      results = readScanText(decodeText(await bytesOf(file.bytes)), {
        fileName: pathInRepositoryFolder(url, parts[0]),
        repository: parts[0],
      })
    } catch (error) {
      refused.push({ path: file.path, reason: error instanceof ReaderError ? error.message : String(error) })
      continue
    }
    const format = results[0].format
    scans.push(...scansOf(parts[0], results, file.modifiedAt, now))
    const entries = repositories.get(parts[0]) ?? []
    entries.push({
      url,
      sha256: await sha256Hex(file.bytes),
      size: file.bytes.byteLength,
      format,
    })
    repositories.set(parts[0], entries)
  }
  return {
    manifest: {
      vigilFeed: 1,
      generatedAt: now,
      ...(extras.history ? { history: extras.history } : {}),
      ...(extras.decisions ? { decisions: extras.decisions } : {}),
      repositories: [...repositories].map(([name, entries]) => ({ name, files: entries })),
    },
    refused,
    skipped,
    scans,
  }
}

/**
 * The team's history after this CI run: the previous file (none at the first run), this run's
 * scans, within the history's limits. Throws `HistoryFileError` when the previous file cannot be read.
 */
export function updateHistory(
  previous: string | undefined,
  scans: readonly Scan[],
  now: string,
): { text: string; repositories: number; runs: number } {
  const before = previous === undefined ? emptyHistory : readHistoryFile(previous).history
  const history = mergeHistory(before, scans, { now: new Date(now) })
  let runs = 0
  for (const byRun of history.repositories.values()) runs += byRun.size
  return { text: writeHistoryFile(history, now), repositories: history.repositories.size, runs }
}

/** Checks the team's decisions file before the manifest names it; throws `DecisionsFileError`. */
export function checkDecisions(text: string): number {
  return readDecisionsFile(text).decisions.length
}

export const readableFormats = Object.values(formatNames).join(', ')
