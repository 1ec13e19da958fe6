import { sha256Hex } from '@/lib/sha256'
import { decodeText, readScanText } from './detect'
import { bytesOf } from './import-file'
import { formatNames, ReaderError } from './model'

/** A file of the folder CI publishes, its path relative to the folder with / between parts. */
export interface FolderFile {
  path: string
  bytes: Uint8Array
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
  repositories: { name: string; files: ManifestEntryFile[] }[]
}

export interface BuildResult {
  manifest: BuiltManifest
  /** Files Vigil would refuse, each with the reason: the builder writes no manifest while there are any. */
  refused: { path: string; reason: string }[]
  /** Hidden files (a name starting with a dot) left out. */
  skipped: string[]
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
): Promise<BuildResult> {
  const repositories = new Map<string, ManifestEntryFile[]>()
  const refused: BuildResult['refused'] = []
  const skipped: string[] = []
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
    let format: string
    try {
      const [result] = readScanText(decodeText(await bytesOf(new Blob([file.bytes as Uint8Array<ArrayBuffer>]))))
      format = result.format
    } catch (error) {
      refused.push({ path: file.path, reason: error instanceof ReaderError ? error.message : String(error) })
      continue
    }
    const entries = repositories.get(parts[0]) ?? []
    entries.push({
      url: `${prefix}${parts.map(encodeURIComponent).join('/')}`,
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
      repositories: [...repositories].map(([name, entries]) => ({ name, files: entries })),
    },
    refused,
    skipped,
  }
}

export const readableFormats = Object.values(formatNames).join(', ')
