import type { DBSchema, IDBPDatabase } from 'idb'
import type { StoredAdvisoryIndex } from '@/workspace/projections/advisory-index'
import type { RepositoryDigest } from '@/workspace/projections/digest'
import type { FeedManifest } from '@/workspace/feed/format/manifest'
import type { FindingsPage, ImportRecord, RepositorySummary, RunRecord } from '@/workspace/model/repository-records'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import type { RunHistory } from '@/workspace/history/finding-history'
import type { KeptTimeline } from '@/workspace/projections/workspace-times'
import type { StoredCatalogue } from '@/workspace/intelligence/stored-catalogue'
import type { PACKED_RUN, PENDING_COUNTS_ID } from './record-keys'

/**
 * A small repository's pages in one record, as a feed's snapshot lands them: a record each cost a
 * first sync more than their size. Keyed as the first page of the run `PACKED_RUN` (no run's
 * name), read as the pages it holds (`unpackPages`), and split into them again by the first
 * import or removal that changes the repository.
 */
export interface PackedPages {
  repository: string
  run: typeof PACKED_RUN
  page: 0
  pages: FindingsPage[]
}

/**
 * A repository's runs and each run's history, in one record: a repository's few runs are read and
 * written together, and the browser's cost is per record (a feed's first sync writes 10,000). Its
 * key is its repository, given beside it (`putRepositoryRuns`): the browser reads a key path from
 * a copy of the record, and a record of histories is costly to copy.
 */
export interface RepositoryRuns {
  repository: string
  runs: RunRecord[]
  /** Each run's history: its scans and when each finding was first seen, last seen, fixed and seen again. */
  history: RunHistory[]
}

/**
 * Imports recorded together (a batch of a feed's snapshot, some thousand files): one record for
 * them all, where one record each made a write per file. It names no repository, so the store's
 * repository index leaves it out; `PagedImportsRecord` counts its entries.
 */
export interface ImportPage {
  id?: number
  page: ImportRecord[]
}

/** How many imports the import pages hold, kept beside them so that counting the log reads none. */
export interface PagedImportsRecord {
  name: 'pagedImports'
  value: number
}

/** What Vigil knows of a scan file of a feed since it last fetched it, for conditional requests. */
export interface FeedFileState {
  url: string
  repository: string
  /** The runs this file brought into its repository: what leaves with it. */
  runs?: string[]
  etag?: string
  lastModified?: string
  sha256: string
  /** The file's last failures: not asked for again before `retryAt` while the manifest lists the same version. */
  failure?: { count: number; retryAt: string; manifestSha256?: string }
  /** The record that keeps it (`FeedFileGroup`), as read: never stored. */
  group?: string
}

/**
 * The states of feeds' files in one record: a repository's (its name is the group), or those a
 * snapshot's batch of repositories brought (a group of its own, `SNAPSHOT_GROUP_PREFIX`), as a
 * first sync writes 10,000 repositories. A file written again moves to its repository's group.
 */
export interface FeedFileGroup {
  group: string
  files: FeedFileState[]
}

/** A feed's last sync: its manifest's validators and the repositories it names. */
export interface FeedState {
  manifestUrl: string
  etag?: string
  lastModified?: string
  /** When the last sync finished whole. */
  syncedAt?: string
  repositories: string[]
  /** The manifest as last read, for a sync that finds it unchanged (304). */
  manifest?: FeedManifest
  /** The history and decisions files it names, as last read whole. */
  teamFiles?: TeamFileState[]
  /** The reference catalogues it lists, as last read whole (kept in the workspace, or kept out as older). */
  catalogues?: CatalogueFileState[]
}

/** A reference catalogue of a feed (CISA's KEV, FIRST's EPSS) and its validators, once read whole. */
export interface CatalogueFileState {
  url: string
  kind: 'kev' | 'epss'
  etag?: string
  lastModified?: string
  /** The SHA-256 of the bytes read: the same hash in the manifest is not asked for again. */
  sha256: string
}

/** A team file of a feed (history, decisions) and its validators. */
export interface TeamFileState {
  url: string
  etag?: string
  lastModified?: string
  /** For a decisions file: the ids of its entries, to tell which local decisions it lacks (not published). */
  decisionIds?: string[]
}

/**
 * How many times the workspace's findings changed: each import and removal adds one in its own
 * transaction, so an index built from older digests is known to be stale.
 */
export interface GenerationRecord {
  name: 'generation'
  value: number
}

/**
 * The dashboard's trends and overdue counts over every repository, kept for the next visit: good
 * while the findings (`generation`), the decisions and the days to fix (`inputs`) are the same,
 * until `validUntil` (the next midnight, due date, expiry or day of age that would change them).
 */
export interface KeptTimelineRecord {
  name: 'timeline'
  generation: number
  inputs: string
  timeline: KeptTimeline
}

/**
 * Repositories whose counts wait for decisions already written: a bulk step's parts, and its undo,
 * are saved without them, and `settleCounts` brings them up to date afterwards (from a worker,
 * or on the workspace's next read when the tab closed first). Kept in the decisions store, so
 * that writing decisions never waits for the counts' own long writes; `version` changes with
 * each write, so a settling that read an older log knows to go again.
 */
export interface PendingCountsMarker {
  id: typeof PENDING_COUNTS_ID
  repositories: string[] | 'all'
  version: string
}

/**
 * Decisions written together (a bulk step's part, its undo): one record for them all, where one
 * record each made a write per decision. Its id starts with `DECISION_PAGE_PREFIX`, which no
 * decision's id does. The log is every entry, alone or in a page (`flattenLog`).
 */
export interface DecisionPage {
  id: string
  page: DecisionEntry[]
}

/** What the decisions store holds. */
export type DecisionRecord = DecisionEntry | DecisionPage | PendingCountsMarker

/** A count kept in the indexes store: the findings' changes, or the imports in import pages. */
export type CounterRecord = GenerationRecord | PagedImportsRecord

export interface WorkspaceSchema extends DBSchema {
  repositories: { key: string; value: RepositorySummary }
  pages: { key: [string, string, number]; value: FindingsPage | PackedPages; indexes: { repository: string } }
  repositoryRuns: { key: string; value: RepositoryRuns }
  imports: { key: number; value: ImportRecord | ImportPage; indexes: { repository: string } }
  feeds: { key: string; value: FeedState }
  feedFileGroups: { key: string; value: FeedFileGroup }
  digests: { key: string; value: RepositoryDigest }
  indexes: { key: string; value: StoredAdvisoryIndex | KeptTimelineRecord | CounterRecord }
  decisions: { key: string; value: DecisionRecord }
  catalogues: { key: StoredCatalogue['kind']; value: StoredCatalogue }
}

export type WorkspaceDatabase = IDBPDatabase<WorkspaceSchema>
