import { sha256Hex } from '@/lib/sha256'
import { FeedError, type FeedCatalogue, type FeedManifest } from '@/workspace/feed/format/manifest'
import { bodyWithin, megabytes } from '@/workspace/files/read-within'
import { importCatalogue } from '@/workspace/import/import-catalogue'
import { bytesOf } from '@/workspace/import/import-file'
import { CatalogueError } from '@/workspace/intelligence/catalogues'
import { readKevCatalogue } from '@/workspace/intelligence/kev-catalogue'
import { catalogueNames } from '@/workspace/intelligence/stored-catalogue'
import { ReaderError } from '@/workspace/model/model'
import { decodeText } from '@/workspace/readers/detect'
import type { CatalogueFileState, WorkspaceDatabase } from '@/workspace/store/records'
import { StorageFullError } from '@/workspace/store/write-transaction'
import type { Conditional } from './feed-client'

type Get = (url: string, what: string, conditional: Conditional) => Promise<Response>

/** A catalogue the feed lists, and what this sync did with it. */
export interface CatalogueSync {
  kind: FeedCatalogue['kind']
  /** How the report names it: "KEV catalogue", "EPSS scores". */
  name: string
  /**
   * `updated`: the workspace keeps it now (the first, or newer than the one held); `kept`: read,
   * but the workspace kept the newer (or the same) one it held; `unchanged`: its hash or validators
   * said it had not changed since it was last read; `failed`: a problem of the sync, nothing changed.
   */
  status: 'updated' | 'kept' | 'unchanged' | 'failed'
  /** When read: what it holds and what it replaced, or why the workspace kept its own, in a sentence. */
  summary?: string
}

export interface CatalogueFilesOptions {
  manifest: FeedManifest
  database: WorkspaceDatabase
  get: Get
  /** What the last sync read of them. */
  previous?: readonly CatalogueFileState[]
  now: string
  /** The most bytes read of each file (before decompression): one past it is refused. */
  limit: number
}

export interface CatalogueFilesOutcome {
  catalogues: CatalogueSync[]
  problems: string[]
  states: CatalogueFileState[]
}

const shortNames: Record<FeedCatalogue['kind'], string> = { kev: 'KEV catalogue', epss: 'EPSS scores' }

/** Thrown by a catalogue's read past its cap. */
class TooLarge extends Error {}

/**
 * The KEV catalogue's JSON document; for text that is not JSON, the KEV reader's sentence (a web
 * page, the catalogue's CSV edition, anything else).
 */
function kevDocumentOf(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch {
    readKevCatalogue(text)
    throw new CatalogueError("This file is not JSON, so it is not CISA's KEV catalogue.")
  }
}

/** The bytes of a catalogue's answer, checked against the size and hash the manifest gives. */
async function checkedBody(response: Response, catalogue: FeedCatalogue, limit: number): Promise<Uint8Array> {
  // Never more than the manifest says (one byte more tells it is larger), nor than the cap.
  const cap = Math.min(limit, catalogue.size === undefined ? Infinity : catalogue.size + 1)
  let bytes: Uint8Array
  try {
    bytes = await bodyWithin(response, cap, () => new TooLarge())
  } catch (error) {
    if (!(error instanceof TooLarge)) throw error
    throw new FeedError(
      catalogue.size !== undefined && catalogue.size < limit
        ? `the file is larger than the ${catalogue.size} bytes the manifest says; it was not read.`
        : `the file is larger than ${megabytes(limit)}, and Vigil reads catalogues up to ${megabytes(limit)}; it was not read.`,
    )
  }
  if (catalogue.size !== undefined && bytes.byteLength !== catalogue.size)
    throw new FeedError(`the file has ${bytes.byteLength} bytes, the manifest says ${catalogue.size}; it was not read.`)
  return bytes
}

/**
 * Reads the reference catalogues a feed's manifest lists (CISA's KEV catalogue, FIRST's EPSS
 * scores), after its scan files: each is asked for only when its hash in the manifest is not the
 * one last read (or the manifest gives none), conditionally, and kept in the workspace as a
 * catalogue imported by hand is, when it is newer than the one held. One that cannot be fetched
 * or read is a problem of the sync, and changes nothing; one older than the workspace's is kept
 * out, with its note.
 */
export async function syncCatalogueFiles(options: CatalogueFilesOptions): Promise<CatalogueFilesOutcome> {
  const outcome: CatalogueFilesOutcome = { catalogues: [], problems: [], states: [] }
  for (const catalogue of options.manifest.catalogues ?? []) {
    const { kind, url } = catalogue
    const name = shortNames[kind]
    const what = catalogueNames[kind]
    const previous = options.previous?.find((state) => state.url === url && state.kind === kind)
    const unchanged = (state: CatalogueFileState) => {
      outcome.states.push(state)
      outcome.catalogues.push({ kind, name, status: 'unchanged' })
    }
    if (previous && catalogue.sha256 && previous.sha256 === catalogue.sha256) {
      unchanged(previous)
      continue
    }
    try {
      const response = await options.get(url, what, previous ?? {})
      if (response.status === 304 && previous) {
        unchanged(previous)
        continue
      }
      if (!response.ok) throw new FeedError(`the feed answered HTTP ${response.status} for ${what}.`)
      const bytes = await checkedBody(response, catalogue, options.limit)
      const sha256 = await sha256Hex(bytes)
      if (catalogue.sha256 && sha256 !== catalogue.sha256)
        throw new FeedError(
          `its SHA-256 hash does not match the manifest's (the file was changed or damaged); it was not read.`,
        )
      const state: CatalogueFileState = {
        url,
        kind,
        etag: response.headers.get('ETag') ?? undefined,
        lastModified: response.headers.get('Last-Modified') ?? undefined,
        sha256,
      }
      if (previous?.sha256 === sha256) {
        unchanged(state)
        continue
      }
      const text = decodeText(await bytesOf(bytes))
      const imported = await importCatalogue(
        () => Promise.resolve(options.database),
        { name: url, origin: 'feed', importedAt: options.now },
        kind === 'kev' ? { document: kevDocumentOf(text) } : { csv: text },
      )
      outcome.states.push(state)
      outcome.catalogues.push({ kind, name, status: imported.saved ? 'updated' : 'kept', summary: imported.summary })
    } catch (error) {
      if (
        !(error instanceof FeedError) &&
        !(error instanceof CatalogueError) &&
        !(error instanceof ReaderError) &&
        !(error instanceof StorageFullError)
      )
        throw error
      outcome.problems.push(`${url}: ${error.message}`)
      outcome.catalogues.push({ kind, name, status: 'failed' })
      // What was last read keeps its validators: the next sync asks again, conditionally.
      if (previous) outcome.states.push(previous)
    }
  }
  return outcome
}
