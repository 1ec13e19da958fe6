/**
 * The reference catalogues of exploitation: CISA's Known Exploited Vulnerabilities and FIRST's
 * EPSS scores, as the workspace keeps them (once, organisation-wide, never copied into findings).
 */

/** One entry of CISA's KEV catalogue, its fields as the catalogue names them. */
export interface KevEntry {
  /** `CVE-YYYY-NNNN`, in the spelling Vigil keeps (`normaliseAdvisoryId`). */
  cve: string
  vendorProject?: string
  product?: string
  vulnerabilityName?: string
  /** YYYY-MM-DD. */
  dateAdded: string
  /** YYYY-MM-DD: the date federal agencies must act by; unset when the catalogue gives none. */
  dueDate?: string
  shortDescription?: string
  requiredAction?: string
  /** "Known" or "Unknown", as the catalogue says; any other word is kept as written. */
  knownRansomwareCampaignUse?: string
  notes?: string
  cwes?: string[]
}

/** CISA's KEV catalogue as kept: its version and release date, and its entries. */
export interface KevCatalogue {
  kind: 'kev'
  title?: string
  /** As the catalogue writes it (`2026.12.04`). */
  catalogVersion: string
  /** ISO 8601, as the catalogue writes it. */
  dateReleased: string
  entries: KevEntry[]
}

/**
 * FIRST's EPSS scores for one day, packed: `keys` are the CVEs as numbers (`cveKey`), ascending,
 * with each one's score and percentile at the same index.
 */
export interface EpssTable {
  kind: 'epss'
  /** The `#model_version:` of the file (`v2025.03.14`); unset when the file gave none. */
  modelVersion?: string
  /** The `score_date:` of the file, YYYY-MM-DD. */
  scoreDate: string
  keys: Float64Array
  scores: Float32Array
  percentiles: Float32Array
}

export type Catalogue = KevCatalogue | EpssTable

/** A file that is meant as a catalogue but cannot be read as one: the message says why, in a sentence. */
export class CatalogueError extends Error {
  override name = 'CatalogueError'
}
