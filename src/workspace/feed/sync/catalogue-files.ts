import { FeedError, type FeedCatalogue, type FeedManifest } from '@/workspace/feed/format/manifest'
import { importCatalogue } from '@/workspace/import/import-catalogue'
import { bytesOf } from '@/workspace/import/import-file'
import { CatalogueError } from '@/workspace/intelligence/catalogues'
import { catalogueNames } from '@/workspace/intelligence/stored-catalogue'
import { ReaderError } from '@/workspace/model/model'
import { decodeText } from '@/workspace/readers/detect'
import type { CatalogueFileState, WorkspaceDatabase } from '@/workspace/store/records'
import { StorageFullError } from '@/workspace/store/write-transaction'
import type { Conditional } from './feed-client'
import { checkedBody } from './scan-file-fetch'

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
      const checked = await checkedBody(response, catalogue, options.limit, { files: 'catalogues', notDone: 'read' })
      if ('problem' in checked) throw new FeedError(checked.problem)
      const { bytes, sha256 } = checked
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
        kind === 'kev' ? { kevText: text } : { csv: text },
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
