import type { EndpointExposure } from '@/data/endpoints'
import type { FindingCounts } from '@/data/findings'
import type { ScanCoverage } from '@/data/repositories'
import type { ApiDocumentInfo, FormatId, TimeSource } from './model'

// What the workspace keeps of each repository, as plain types: the store keeps them and a feed's
// snapshot carries them, so neither the snapshot format nor the projections import the store.

/** What the repositories list and the dashboard read: one small record per repository. */
export interface RepositorySummary {
  name: string
  description: string
  url: string
  /** As a source said (a feed's manifest); absent while none did (`visibilityOfSummary`). */
  visibility?: 'private' | 'public'
  /**
   * What Vigil wrote before `visibility`: true also where no source said, so only false (public)
   * is known from it. Never written now.
   */
  isPrivate?: boolean
  languages: string[]
  /** The newest scan time of its files, else when it was imported (ISO 8601). */
  scannedAt: string
  tools: string[]
  counts: FindingCounts
  apis: ApiSummary
  /**
   * Which kinds of source reported on it, from its runs' formats and its findings; absent in
   * summaries written before it was kept (`coverageOfSummary` tells it from their tools).
   */
  coverage?: ScanCoverage
  /** The counts once decisions are weighed; absent while no decision was ever made. */
  triage?: TriageSummary
}

/** A repository's findings once decisions are weighed, kept with its summary so the lists read no finding. */
export interface TriageSummary {
  /** The open findings: undecided, in triage, affected, or an accepted risk that expired. */
  counts: FindingCounts
  /** Open findings no one decided on yet (expired accepted risks included). */
  needsTriage: number
  /** Findings a decision closed (not affected, false positive, fixed, accepted risk in force). */
  decided: number
  /** Decided findings more severe now than when they were decided. */
  review: number
  /** The first moment an accepted risk in force here expires: the counts change then. */
  reopensAt?: string
}

/** An imported API description, as the workspace lists it. */
export interface ApiDocumentRecord extends ApiDocumentInfo {
  /** The tool name its endpoints are stored under (title and version). */
  tool: string
  file: string
  endpoints: number
  importedAt: string
}

/** A repository's API surface counted for the lists and the dashboard, without loading endpoints. */
export interface ApiSummary extends EndpointExposure {
  documents: ApiDocumentRecord[]
}

export const emptyApiSummary = (): ApiSummary => ({ endpoints: 0, sensitive: 0, exposed: 0, documents: [] })

/** Up to PAGE_SIZE findings of one run of one tool for one repository (finding-pages.ts makes and reads them). */
export interface FindingsPage {
  repository: string
  run: string
  tool: string
  page: number
  /** The finding model the readers wrote them with (FINDING_MODEL_VERSION). */
  modelVersion: number
  /** The findings as JSON text: one string for the storage to copy, not a thousand objects. */
  findingsJson: string
}

/** Who brought a run into the workspace: the import dialog, or a feed (by its manifest's address). */
export type RunOrigin = { kind: 'hand' } | { kind: 'feed'; manifestUrl: string }

/** One tool's run for one repository: what a later import of the same run replaces. */
export interface RunRecord {
  repository: string
  run: string
  tool: string
  format: FormatId
  /** The file it was last read from, as the user saw its name. */
  file: string
  importedAt: string
  /** When the scan ran, from the file; else the file's modification time or the import's (`timeSource` says which). */
  scannedAt: string
  timeSource: TimeSource
  modelVersion: number
  origin: RunOrigin
  findings: number
}

export interface ChangeCounts {
  added: number
  updated: number
  unchanged: number
  /** Findings of the last import of this run that this one no longer has. */
  fixed: number
  /**
   * Findings an older Vigil stored for this tool, read again now: their identities were made
   * another way, so they are replaced without being called new or fixed.
   */
  reread?: number
}

export interface ImportRecord {
  id?: number
  file: string
  format: FormatId
  tool: string
  run?: string
  repository: string
  at: string
  changes: ChangeCounts
  warnings: string[]
}
