import { decodeText, isGzip, MAX_FILE_BYTES, parseScanText, readDocument } from '@/workspace/readers/detect'
import { readWithin } from '@/workspace/files/read-within'
import { cleanRepositoryName } from '@/workspace/model/repository-name'
import { formatNames, ReaderError, type FormatId } from '@/workspace/model/model'
import { importResults, type ImportRequest } from '@/workspace/store/import-transaction'
import { recordDecisionEntries } from '@/workspace/store/decisions'
import { StorageFullError } from '@/workspace/store/write-transaction'
import type { WorkspaceDatabase } from '@/workspace/store/records'
import { type ImportRecord } from '@/workspace/model/repository-records'
import { recordDecisions, type DecisionAuthor } from '@/workspace/triage/decision-log'
import { detectVex, importVex, VexImportError } from '@/workspace/triage/vex-import'
import { CatalogueError } from '@/workspace/intelligence/catalogues'
import { looksLikeEpss } from '@/workspace/intelligence/epss-scores'
import { isKevDocument } from '@/workspace/intelligence/kev-catalogue'
import { importCatalogue, type CatalogueOutcome } from './import-catalogue'

/** A file to import, with the repository it belongs to when the dialog knows it. */
export interface ImportFileInput {
  /** The name shown to the user: the file's path within a dropped folder, else its name. */
  name: string
  /** The file as chosen; or its bytes, already fetched and checked (a feed's file), read as they are. */
  blob: Blob | Uint8Array
  /**
   * Chosen in the dialog, the top-level folder of a dropped folder (`<repo>/<anything>`), or a
   * feed's repository: it wins over the repository the file names.
   */
  repository?: string
  /** True when `repository` is the top-level folder of `name`: the rest of `name` is the file's path in it. */
  repositoryFromFolder?: boolean
  /** The file's path inside its repository, when `name` does not say it (the run of a file that names none). */
  fileName?: string
  /** What a feed's manifest says of the repository. */
  details?: ImportRequest['details']
  /** Who brings it: the dialog (the default) or a feed. */
  origin?: ImportRequest['origin']
  /** The signed-in person, the author of the decisions a VEX document brings. */
  author?: DecisionAuthor
  /**
   * When the file was last changed (ISO 8601, or an HTTP date: a feed's Last-Modified): the scan
   * time of a file that gives none. A dropped file's own modification time when left out.
   */
  fileTime?: string
}

/** A dropped file's modification time; a Blob that is not a File has none. */
function fileTimeOf(input: ImportFileInput): string | undefined {
  if (input.fileTime !== undefined) return input.fileTime
  if (typeof File !== 'undefined' && input.blob instanceof File && input.blob.lastModified > 0)
    return new Date(input.blob.lastModified).toISOString()
  return undefined
}

export type ImportPhase = 'reading' | 'parsing' | 'writing'

export type FileOutcome =
  | {
      status: 'imported'
      file: string
      formatName: string
      repository: string
      records: ImportRecord[]
      /** A VEX document's statements, recorded as decisions over the repository's findings. */
      decisions?: { made: number; warnings: string[] }
    }
  | { status: 'needs-repository'; file: string; formatName: string; suggestion: string }
  | { status: 'refused'; file: string; reason: string }
  /** A reference catalogue (CISA's KEV, FIRST's EPSS): organisation-wide, in no repository. */
  | CatalogueOutcome

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024)

/**
 * A gzip stream decompressed as it arrives, refused as soon as it passes `limit` bytes: a few
 * megabytes of gzip can hold gigabytes (a decompression bomb), and nothing past the limit is
 * ever held. Text that starts with a NUL byte is refused at the first chunk (as `decodeText` would).
 */
export async function gunzipWithin(compressed: ReadableStream<BufferSource>, limit: number): Promise<Uint8Array> {
  // A broken gzip stream fails on a read: said as what it is, not as the stream's own error.
  try {
    return await readWithin(
      compressed.pipeThrough(new DecompressionStream('gzip')),
      limit,
      () =>
        new ReaderError(
          `The file decompresses to more than ${megabytes(limit)} MB, and Vigil reads files up to ${megabytes(limit)} MB: nothing of it was imported. A small gzip file that grows this much may be a decompression bomb.`,
        ),
      (chunk, before) => {
        if (before < 4096 && chunk.subarray(0, 4096 - before).includes(0)) {
          throw new ReaderError('The file is binary, not a text report (it decompresses to binary data).')
        }
      },
    )
  } catch (error) {
    if (error instanceof ReaderError) throw error
    throw new ReaderError('The file looks gzip-compressed but could not be decompressed (it may be cut short).')
  }
}

/**
 * A file's bytes, decompressed (within `limit`) when it is gzip-compressed. Bytes already in
 * memory are used as they are: a Blob made of them would be read back through the browser's blob
 * store, two reads a file.
 */
export async function bytesOf(source: Blob | Uint8Array, limit = MAX_FILE_BYTES): Promise<Uint8Array> {
  const size = source instanceof Uint8Array ? source.byteLength : source.size
  if (size > limit) {
    throw new ReaderError(`The file is ${megabytes(size)} MB; Vigil reads files up to ${megabytes(limit)} MB.`)
  }
  if (source instanceof Uint8Array) {
    if (!isGzip(source)) return source
    return gunzipWithin(new Blob([source as Uint8Array<ArrayBuffer>]).stream(), limit)
  }
  if (!isGzip(new Uint8Array(await source.slice(0, 2).arrayBuffer()))) return new Uint8Array(await source.arrayBuffer())
  return gunzipWithin(source.stream(), limit)
}

/**
 * The repository a file lands in: the one the user gave (the dialog's choice, the folder the file
 * was dropped in, a feed's repository) wins; the name the file gives is only the fallback for a
 * file given alone. Undefined when neither names one: the dialog asks.
 */
export function chooseRepository(given: string | undefined, named: (string | undefined)[]): string | undefined {
  const chosen = given === undefined ? undefined : cleanRepositoryName(given)
  if (chosen) return chosen
  return named.map((name) => (name === undefined ? undefined : cleanRepositoryName(name))).find(Boolean)
}

/**
 * The file's path inside its repository folder: `acme-api/scans/trivy.json` → `scans/trivy.json`
 * (and `dropped/acme-api/grype.json` → `grype.json` when the repository is `acme-api`).
 */
export function pathInRepository(
  input: Pick<ImportFileInput, 'name' | 'repository' | 'repositoryFromFolder' | 'fileName'>,
): string {
  if (input.fileName) return input.fileName
  const segments = input.name.split(/[\\/]/).filter(Boolean)
  if (!input.repositoryFromFolder || segments.length < 2) return segments.join('/') || input.name
  const folder = input.repository === undefined ? -1 : segments.indexOf(input.repository)
  return segments.slice(folder >= 0 && folder < segments.length - 1 ? folder + 1 : 1).join('/')
}

/** A repository name to suggest for a file that names none: its name without extensions. */
export function suggestRepository(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName
  return base.replace(/(\.(json|sarif|gz|cdx|txt))+$/i, '') || 'my-repository'
}

/**
 * Reads, maps and writes one file (in the import worker): the file lands whole in one
 * transaction, or is refused with a reason and changes nothing. The workspace may be given as a
 * function that opens it: it is called only when the file is ready to be written, so that opening
 * the storage overlaps reading and parsing the file.
 */
export async function importFile(
  workspace: WorkspaceDatabase | (() => Promise<WorkspaceDatabase>),
  input: ImportFileInput,
  onPhase: (phase: ImportPhase) => void,
  now: () => string = () => new Date().toISOString(),
): Promise<FileOutcome> {
  let formatName = ''
  try {
    onPhase('reading')
    const bytes = await bytesOf(input.blob)
    onPhase('parsing')
    const text = decodeText(bytes)
    const database = () => (typeof workspace === 'function' ? workspace() : Promise.resolve(workspace))
    const catalogueFile = {
      name: input.name,
      origin: input.origin?.kind === 'feed' ? ('feed' as const) : ('file' as const),
      importedAt: now(),
    }
    if (looksLikeEpss(text)) return await importCatalogue(database, catalogueFile, { csv: text })
    // The file is parsed once: the VEX check and the reader share the document.
    const { document, json } = parseScanText(text)
    if (json && isKevDocument(document)) return await importCatalogue(database, catalogueFile, { document })
    const vex = json ? vexFormatOf(text, document) : undefined
    if (vex) return await importVexDocument(await database(), input, text, vex, now())
    const given = input.repository === undefined ? undefined : cleanRepositoryName(input.repository)
    const results = readDocument(document, {
      fileName: pathInRepository(input),
      ...(given ? { repository: given } : {}),
    })
    const format: FormatId = results[0].format
    formatName = formatNames[format]
    const repository = chooseRepository(
      input.repository,
      results.map((result) => result.repository),
    )
    if (!repository) {
      return { status: 'needs-repository', file: input.name, formatName, suggestion: suggestRepository(input.name) }
    }
    onPhase('writing')
    const { records } = await importResults(await database(), {
      file: input.name,
      repository,
      details: input.details,
      results,
      now: now(),
      origin: input.origin,
      fileTime: fileTimeOf(input),
    })
    return { status: 'imported', file: input.name, formatName, repository, records }
  } catch (error) {
    if (error instanceof ReaderError || error instanceof StorageFullError || error instanceof CatalogueError) {
      return { status: 'refused', file: input.name, reason: error.message }
    }
    const detail = error instanceof Error ? error.message : String(error)
    return { status: 'refused', file: input.name, reason: `Vigil could not save this file: ${detail}` }
  }
}

const vexNames = { openvex: 'OpenVEX', 'cyclonedx-vex': 'CycloneDX VEX' } as const

/**
 * Whether the JSON text (and its parsed document) is a VEX document with no findings of its own:
 * OpenVEX, or CycloneDX whose vulnerabilities all carry an analysis and that lists no components
 * (a BOM with components is a scan whose VEX applies to its own findings).
 */
function vexFormatOf(text: string, document: unknown): keyof typeof vexNames | undefined {
  // The document's fields first: a scan report is told apart without scanning its whole text.
  const format = detectVex(document)
  if (!format) return undefined
  if (!text.includes('openvex.dev/ns') && !(text.includes('"CycloneDX"') && text.includes('"analysis"')))
    return undefined
  if (format === 'cyclonedx-vex') {
    const components = (document as { components?: unknown }).components
    if (Array.isArray(components) && components.length > 0) return undefined
  }
  return format
}

/** A VEX document's statements become decisions over the findings other tools reported in its repository. */
async function importVexDocument(
  database: WorkspaceDatabase,
  input: ImportFileInput,
  text: string,
  format: keyof typeof vexNames,
  now: string,
): Promise<FileOutcome> {
  const formatName = vexNames[format]
  const repository = chooseRepository(input.repository, [])
  if (!repository)
    return { status: 'needs-repository', file: input.name, formatName, suggestion: suggestRepository(input.name) }
  try {
    const { decisions, warnings } = importVex(text, repository)
    const entries = recordDecisions(
      [],
      decisions.map((decision) => ({ decision, severity: 'Unknown' })),
      { by: input.author ?? { name: `${formatName} file ${input.name}`, issuer: '', subject: '' }, at: now },
    )
    const made = await recordDecisionEntries(database, entries, new Date(now))
    return { status: 'imported', file: input.name, formatName, repository, records: [], decisions: { made, warnings } }
  } catch (error) {
    if (error instanceof VexImportError) return { status: 'refused', file: input.name, reason: error.message }
    throw error
  }
}
