import { sha256Hex } from '@/lib/sha256'
import { decodeText, isGzip, readScanText } from '@/workspace/readers/detect'
import { emptyHistory, type Scan } from '@/workspace/history/finding-history'
import { mergeHistory, readHistoryFile, writeHistoryFile } from '@/workspace/history/history-file'
import { scanOf } from '@/workspace/history/scan-of'
import { CATALOGUE_FOLDER, catalogueFileNames, pathInRepositoryFolder } from '@/workspace/feed/format/names'
import { bytesOf } from '@/workspace/import/import-file'
import { CatalogueError } from '@/workspace/intelligence/catalogues'
import { looksLikeEpss } from '@/workspace/intelligence/epss-scores'
import { isKevDocument } from '@/workspace/intelligence/kev-catalogue'
import {
  catalogueDate,
  catalogueEntriesText,
  catalogueNames,
  skippedText,
} from '@/workspace/intelligence/stored-catalogue'
import { readCatalogueFile } from '@/workspace/import/import-catalogue'
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

/** A reference catalogue the manifest lists: where the builder copied it, its hash and size, what it read of it. */
export interface ManifestCatalogue {
  kind: 'kev' | 'epss'
  url: string
  sha256: string
  size: number
  /** KEV's catalogVersion, EPSS's model version (when the file gives one). */
  version?: string
  /** YYYY-MM-DD: KEV's release day, EPSS's score date. */
  date: string
}

export interface BuiltManifest {
  vigilFeed: 1
  generatedAt: string
  /** The team's history file, relative to the manifest. */
  history?: string
  /** The team's decisions file, relative to the manifest. */
  decisions?: string
  /** The reference catalogues copied beside the manifest. */
  catalogues?: ManifestCatalogue[]
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
  catalogues?: ManifestCatalogue[]
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
      ...(extras.catalogues?.length ? { catalogues: extras.catalogues } : {}),
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

/** A catalogue file given to the builder (`--kev`, `--epss`): what it is given as, its name, its bytes as read. */
export interface CatalogueInput {
  kind: 'kev' | 'epss'
  /** Its file name: an EPSS file that gives no score date takes the one its name gives (`epss_scores-2026-12-06.csv`). */
  name: string
  bytes: Uint8Array
}

/** A catalogue ready to publish: the bytes to write at `entry.url` beside the manifest, and a line for the log. */
export interface BuiltCatalogue {
  entry: ManifestCatalogue
  bytes: Uint8Array
  /** "CISA's Known Exploited Vulnerabilities catalogue, version 2026.12.04: 1,482 vulnerabilities". */
  summary: string
  warnings: string[]
}

const flags = { kev: '--kev', epss: '--epss' } as const

/** Gzip-compressed bytes, as FIRST publishes its scores. */
async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('gzip'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/** Text from a catalogue file's bytes (gzip-compressed or not), or the reader's reason it is none. */
async function catalogueText(input: CatalogueInput): Promise<string> {
  try {
    return decodeText(await bytesOf(input.bytes))
  } catch (error) {
    if (error instanceof ReaderError)
      throw new CatalogueError(`${error.message} It is not ${catalogueNames[input.kind]}.`)
    throw error
  }
}

/** The other catalogue's flag, when a file is the catalogue that flag takes: the likeliest slip in a CI step. */
function givenAsTheOther(kind: CatalogueInput['kind'], text: string): CatalogueInput['kind'] | undefined {
  if (kind === 'kev' && looksLikeEpss(text)) return 'epss'
  if (kind === 'epss') {
    try {
      if (isKevDocument(JSON.parse(text.replace(/^\uFEFF/, '')))) return 'kev'
    } catch {
      // Not JSON: the EPSS reader says what it is.
    }
  }
  return undefined
}

/**
 * Reads a catalogue file given to `npm run feed` as Vigil's readers read it, and makes what the
 * feed publishes of it: CISA's KEV catalogue as JSON (`vigil-catalogues/kev.json`), FIRST's EPSS
 * scores gzip-compressed (`vigil-catalogues/epss.csv.gz`, as given when it was, compressed here
 * when not). An EPSS file whose score date only its name gives gets it written in, as FIRST's first
 * line, since a browser reads it under the feed's name. Throws `CatalogueError` with a sentence
 * for a file that is not the catalogue it is given as, or holds no entries.
 */
export async function buildCatalogue(input: CatalogueInput): Promise<BuiltCatalogue> {
  const name = catalogueNames[input.kind]
  const text = await catalogueText(input)
  const other = givenAsTheOther(input.kind, text)
  if (other)
    throw new CatalogueError(`This file is ${catalogueNames[other]}, not ${name}: give it with ${flags[other]}.`)
  const reading = readCatalogueFile(input.name, input.kind === 'kev' ? { kevText: text } : { csv: text })
  const { catalogue, warnings } = reading
  let bytes = input.bytes
  if (input.kind === 'kev') {
    // Published as plain JSON, under a name that says so.
    if (isGzip(input.bytes)) bytes = new TextEncoder().encode(text)
  } else {
    // A browser reads it under the feed's name: the day its name gave is written in, as FIRST's first line.
    if ('datedByFallback' in reading && reading.datedByFallback)
      bytes = new TextEncoder().encode(`#score_date:${catalogueDate(catalogue)}\n${text.replace(/^\uFEFF/, '')}`)
    if (!isGzip(bytes)) bytes = await gzip(bytes)
  }
  const version = catalogue.kind === 'kev' ? catalogue.catalogVersion : catalogue.modelVersion
  return {
    entry: {
      kind: input.kind,
      url: `${CATALOGUE_FOLDER}/${catalogueFileNames[input.kind]}`,
      sha256: await sha256Hex(bytes),
      size: bytes.byteLength,
      ...(version ? { version } : {}),
      date: catalogueDate(catalogue),
    },
    bytes,
    summary: `${name}${version ? ` ${version}` : ''} of ${catalogueDate(catalogue)}: ${catalogueEntriesText(catalogue)}`,
    warnings: [...(reading.skipped > 0 ? [skippedText(reading.skipped)] : []), ...warnings],
  }
}
