/** What the screens show of a reference catalogue the workspace holds (CISA's KEV, FIRST's EPSS). */
export interface CatalogueStatus {
  kind: 'kev' | 'epss'
  /** "CISA's Known Exploited Vulnerabilities catalogue", "FIRST's EPSS scores". */
  name: string
  /** "version 2026.12.04", "scores of 2026-12-06, model v2025.03.14". */
  version: string
  /** The day it speaks for (YYYY-MM-DD): KEV's release, EPSS's score date. */
  date: string
  entries: number
  /** Where it came from: a file dropped by hand, or the team's feed. */
  origin: 'file' | 'feed'
  file: string
  /** ISO 8601. */
  importedAt: string
}

/** Where the catalogues are brought in, in the screens' words. */
export const CATALOGUE_IMPORT_HOW = "Data > Import scan files..., or the team's feed"

/** A catalogue older than this many days is stale: the screens say how to refresh it. */
const CATALOGUE_STALE_DAYS = 7

/** How many whole days old a catalogue is at `now`. */
export const catalogueAge = (status: Pick<CatalogueStatus, 'date'>, now: number): number =>
  Math.max(0, Math.floor((now - Date.parse(`${status.date}T00:00:00Z`)) / 86_400_000))

export const isStale = (status: Pick<CatalogueStatus, 'date'>, now: number): boolean =>
  catalogueAge(status, now) > CATALOGUE_STALE_DAYS

/** How to refresh a stale catalogue, in a sentence. */
export const refreshAdvice =
  "Refresh it: the feed's CI step downloads both catalogues each day (npm run feed -- --kev <file> --epss <file>), or import the newest file by hand (Data > Import scan files...)."
