import { decodeText, isGzip, readScanText } from './detect'
import { formatNames, ReaderError, type FormatId } from './model'
import { importResults, StorageFullError, type ImportRecord, type ImportRequest, type WorkspaceDatabase } from './store'

/** A file to import, with the repository it belongs to when the dialog knows it. */
export interface ImportFileInput {
  /** The name shown to the user: the file's path within a dropped folder, else its name. */
  name: string
  blob: Blob
  /** Chosen in the dialog, or the top-level folder of a dropped folder (`<repo>/<anything>`). */
  repository?: string
  /** True when `repository` is the folder's name, which the file's own naming wins over. */
  repositoryFromFolder?: boolean
  /** What a feed's manifest says of the repository. */
  details?: ImportRequest['details']
}

export type ImportPhase = 'reading' | 'parsing' | 'writing'

export type FileOutcome =
  | { status: 'imported'; file: string; formatName: string; repository: string; records: ImportRecord[] }
  | { status: 'needs-repository'; file: string; formatName: string; suggestion: string }
  | { status: 'refused'; file: string; reason: string }

/** A file's bytes, decompressed when it is gzip-compressed. */
export async function bytesOf(blob: Blob): Promise<Uint8Array> {
  const bytes = new Uint8Array(await blob.arrayBuffer())
  if (!isGzip(bytes)) return bytes
  try {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))
    return new Uint8Array(await new Response(stream).arrayBuffer())
  } catch {
    throw new ReaderError('The file looks gzip-compressed but could not be decompressed (it may be cut short).')
  }
}

/** A repository name to suggest for a file that names none: its name without extensions. */
export function suggestRepository(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName
  return base.replace(/(\.(json|sarif|gz|cdx|txt))+$/i, '') || 'my-repository'
}

/** A repository name a person can read in a URL; refuses an empty one. */
export function cleanRepositoryName(name: string): string | undefined {
  const trimmed = name.trim().replace(/\s+/g, ' ')
  return trimmed === '' || trimmed.length > 200 ? undefined : trimmed
}

/**
 * Reads, maps and writes one file (in the import worker): the file lands whole in one
 * transaction, or is refused with a reason and changes nothing.
 */
export async function importFile(
  database: WorkspaceDatabase,
  input: ImportFileInput,
  onPhase: (phase: ImportPhase) => void,
  now: () => string = () => new Date().toISOString(),
): Promise<FileOutcome> {
  let formatName = ''
  try {
    onPhase('reading')
    const bytes = await bytesOf(input.blob)
    onPhase('parsing')
    const results = readScanText(decodeText(bytes))
    const format: FormatId = results[0].format
    formatName = formatNames[format]
    const named = results.map((result) => result.repository).find(Boolean)
    const chosen = input.repository ? cleanRepositoryName(input.repository) : undefined
    const repository = input.repositoryFromFolder ? (named ?? chosen) : (chosen ?? named)
    if (!repository) {
      return { status: 'needs-repository', file: input.name, formatName, suggestion: suggestRepository(input.name) }
    }
    onPhase('writing')
    const { records } = await importResults(database, {
      file: input.name,
      repository,
      details: input.details,
      results,
      now: now(),
    })
    return { status: 'imported', file: input.name, formatName, repository, records }
  } catch (error) {
    if (error instanceof ReaderError || error instanceof StorageFullError) {
      return { status: 'refused', file: input.name, reason: error.message }
    }
    const detail = error instanceof Error ? error.message : String(error)
    return { status: 'refused', file: input.name, reason: `Vigil could not save this file: ${detail}` }
  }
}
