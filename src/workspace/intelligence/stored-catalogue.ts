import type { CatalogueStatus } from '@/data/catalogue-status'
import { plural } from '@/workspace/files/json'
import type { Catalogue, EpssTable, KevCatalogue } from './catalogues'

/** Where a catalogue came from and when it landed, kept beside it. */
export interface CatalogueOrigin {
  /** The file's name, or the feed's address of it. */
  file: string
  origin: 'file' | 'feed'
  /** ISO 8601. */
  importedAt: string
  /** Entries or rows the reader could not read, counted. */
  skipped: number
}

export type StoredKev = KevCatalogue & CatalogueOrigin
export type StoredEpss = EpssTable & CatalogueOrigin
/** A catalogue as the workspace keeps it: one record of each kind. */
export type StoredCatalogue = StoredKev | StoredEpss

/** What the workspace holds of the catalogues. */
export interface HeldCatalogues {
  kev?: StoredKev
  epss?: StoredEpss
}

export const catalogueNames: Record<Catalogue['kind'], string> = {
  kev: "CISA's Known Exploited Vulnerabilities catalogue",
  epss: "FIRST's EPSS scores",
}

/** The day a catalogue speaks for (YYYY-MM-DD): KEV's release, EPSS's score date. */
export const catalogueDate = (catalogue: Catalogue): string =>
  catalogue.kind === 'kev' ? catalogue.dateReleased.slice(0, 10) : catalogue.scoreDate

/** How many entries a catalogue holds. */
export const catalogueSize = (catalogue: Catalogue): number =>
  catalogue.kind === 'kev' ? catalogue.entries.length : catalogue.keys.length

/** What a catalogue holds, in words: `1,482 vulnerabilities`, `250,000 CVE scores`. */
export const catalogueEntriesText = (catalogue: Catalogue): string =>
  catalogue.kind === 'kev'
    ? plural(catalogueSize(catalogue), 'vulnerability', 'vulnerabilities')
    : plural(catalogueSize(catalogue), 'CVE score')

/** The warning for entries or rows a reader left out. */
export const skippedText = (skipped: number) => `${plural(skipped, 'entry', 'entries')} left out, unreadable`

/** The catalogue's version as it names it: KEV's `catalogVersion`, EPSS's model and score date. */
export const catalogueVersion = (catalogue: Catalogue): string =>
  catalogue.kind === 'kev'
    ? `version ${catalogue.catalogVersion}`
    : `scores of ${catalogue.scoreDate}${catalogue.modelVersion ? `, model ${catalogue.modelVersion}` : ''}`

/** Positive when `a` is newer than `b`: KEV by release time then version, EPSS by score date. */
export function compareCatalogues(a: Catalogue, b: Catalogue): number {
  if (a.kind === 'kev' && b.kind === 'kev') {
    const byRelease = Date.parse(a.dateReleased) - Date.parse(b.dateReleased)
    if (Number.isFinite(byRelease) && byRelease !== 0) return byRelease
    return a.catalogVersion < b.catalogVersion ? -1 : a.catalogVersion > b.catalogVersion ? 1 : 0
  }
  const [dateA, dateB] = [catalogueDate(a), catalogueDate(b)]
  return dateA < dateB ? -1 : dateA > dateB ? 1 : 0
}

/** What the screens show of a held catalogue. */
export const catalogueStatus = (held: StoredCatalogue): CatalogueStatus => ({
  kind: held.kind,
  name: catalogueNames[held.kind],
  version: catalogueVersion(held),
  date: catalogueDate(held),
  entries: catalogueSize(held),
  origin: held.origin,
  file: held.file,
  importedAt: held.importedAt,
})

/** The held catalogues as the screens show them, KEV first. */
export const heldCatalogueStatuses = ({ kev, epss }: HeldCatalogues): CatalogueStatus[] =>
  [kev, epss].flatMap((catalogue) => (catalogue ? [catalogueStatus(catalogue)] : []))
