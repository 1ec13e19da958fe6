/**
 * CISA's Known Exploited Vulnerabilities catalogue, read from its JSON feed
 * (`known_exploited_vulnerabilities.json`), as CISA's published schema
 * (`known_exploited_vulnerabilities_schema.json`) describes it.
 */

import {
  asArray,
  asIsoDay,
  asIsoTime,
  asNumber,
  asText,
  isObject,
  own,
  plural,
  unique,
  valueText,
  type JsonObject,
} from '@/workspace/files/json'
import { normaliseAdvisoryId } from '@/workspace/model/advisory-ids'
import { CatalogueError, type KevCatalogue, type KevEntry } from './catalogues'
import { cveKey } from './cve-key'

/**
 * A KEV catalogue as read: the catalogue, how many of the file's entries were left out (no CVE id,
 * or no date it was added), and a sentence for each thing the reader had to set right.
 */
export interface KevReading {
  catalogue: KevCatalogue
  /** Entries left out: an id that is not a CVE, or no `dateAdded`. Entries repeating a CVE are not counted here. */
  skipped: number
  warnings: string[]
}

/** How the catalogue names itself in its `title` ("CISA Catalog of Known Exploited Vulnerabilities"). */
const KEV_TITLE = /known exploited vulnerabilities/i

/** The catalogue's version is the day it was released, `2025.02.25`, sometimes with a serial after it. */
const CATALOG_VERSION = /^\d{4}\.\d{1,2}\.\d{1,2}(?:\.\d+)?$/

const FEED = "CISA's KEV catalogue as JSON (known_exploited_vulnerabilities.json, from cisa.gov)"

/**
 * Whether a parsed JSON value is CISA's KEV catalogue, cheaply, to route a dropped file: an object
 * with a `vulnerabilities` list and a `catalogVersion` or a title naming Known Exploited Vulnerabilities.
 */
export function isKevDocument(document: unknown): boolean {
  if (!isObject(document) || !Array.isArray(own(document, 'vulnerabilities'))) return false
  const title = own(document, 'title')
  return own(document, 'catalogVersion') !== undefined || (typeof title === 'string' && KEV_TITLE.test(title))
}

/** CWE ids, upper case and once each: a list as the schema has it, or ids written in one string. */
function cwesOf(value: unknown): string[] | undefined {
  const texts = typeof value === 'string' ? (value.match(/CWE-\d+/gi) ?? []) : asArray(value).map(asText)
  const cwes = unique(
    texts.filter((cwe): cwe is string => !!cwe && /^CWE-\d+$/i.test(cwe)).map((cwe) => cwe.toUpperCase()),
  )
  return cwes.length ? cwes : undefined
}

/** The optional text fields of an entry, named as the catalogue names them. */
const TEXT_FIELDS = [
  'vendorProject',
  'product',
  'vulnerabilityName',
  'shortDescription',
  'requiredAction',
  'knownRansomwareCampaignUse',
  'notes',
] as const

function entryOf(object: JsonObject, cve: string, dateAdded: string): KevEntry {
  const entry: KevEntry = { cve, dateAdded }
  for (const field of TEXT_FIELDS) {
    const text = asText(own(object, field))
    if (text !== undefined) entry[field] = text
  }
  const dueDate = asIsoDay(own(object, 'dueDate'))
  if (dueDate) entry.dueDate = dueDate
  const cwes = cwesOf(own(object, 'cwes'))
  if (cwes) entry.cwes = cwes
  return entry
}

/** Whether a document says it is the KEV catalogue, though its shape may be one Vigil does not read. */
function claimsKev(document: JsonObject): boolean {
  const title = own(document, 'title')
  return (
    (typeof title === 'string' && KEV_TITLE.test(title)) ||
    own(document, 'catalogVersion') !== undefined ||
    asArray(own(document, 'vulnerabilities')).some((entry) => isObject(entry) && own(entry, 'cveID') !== undefined)
  )
}

/** What a document that claims to be the catalogue lacks for Vigil to read it; empty when nothing. */
function shapeProblems(document: JsonObject): string[] {
  const problems: string[] = []
  const version = own(document, 'catalogVersion')
  if (version === undefined) problems.push('it has no catalogVersion')
  else if (typeof version !== 'string' || !CATALOG_VERSION.test(version.trim()))
    problems.push(`its catalogVersion ${JSON.stringify(valueText(version))} is not a date-like version (YYYY.MM.DD)`)
  const released = own(document, 'dateReleased')
  if (released === undefined) problems.push('it has no dateReleased')
  else if (!asIsoTime(released)) problems.push(`its dateReleased ${JSON.stringify(valueText(released))} is not a date`)
  const list = own(document, 'vulnerabilities')
  if (!Array.isArray(list)) {
    problems.push('it has no vulnerabilities list')
    return problems
  }
  // One entry without a field is a slip of the catalogue and is left out; most entries without it
  // is a field renamed, which Vigil would misread.
  for (const field of ['cveID', 'dateAdded']) {
    const lacking = list.filter((entry) => !isObject(entry) || typeof own(entry, field) !== 'string').length
    if (lacking * 2 > list.length)
      problems.push(
        lacking === list.length
          ? `its entries have no ${field}`
          : `most of its entries (${lacking} of ${list.length}) have no ${field}`,
      )
  }
  return problems
}

/**
 * Reads CISA's KEV catalogue from a parsed JSON document. Entries whose id is not a CVE, or that give
 * no date they were added, are left out and counted. A CVE listed twice is kept once: the entry added
 * last wins, and on the same day the one later in the file. The entries are trusted over the
 * catalogue's `count`. Throws a `CatalogueError` for a document that is not the catalogue, or is but
 * of a shape this reader does not know.
 */
export function readKevDocument(document: unknown): KevReading {
  if (!isObject(document) || !claimsKev(document))
    throw new CatalogueError(
      `This file is not CISA's Known Exploited Vulnerabilities catalogue: it has no catalogVersion and no list of vulnerabilities by cveID. Vigil reads ${FEED}.`,
    )
  const problems = shapeProblems(document)
  if (problems.length)
    throw new CatalogueError(
      `This looks like CISA's Known Exploited Vulnerabilities catalogue, but of a shape Vigil does not read: ${problems.join('; ')}.`,
    )
  const list = asArray(own(document, 'vulnerabilities'))
  const byCve = new Map<string, KevEntry>()
  let notCve = 0
  let firstNotCve: string | undefined
  let undated = 0
  let repeated = 0
  for (const item of list) {
    const object = isObject(item) ? item : {}
    const id = own(object, 'cveID')
    const cve = typeof id === 'string' ? normaliseAdvisoryId(id) : ''
    // Only an id that has a key (`cveKey`) can be looked up: one the EPSS table and the findings share.
    if (cveKey(cve) === undefined) {
      notCve += 1
      if (firstNotCve === undefined && typeof id === 'string' && id.trim()) firstNotCve = id.trim()
      continue
    }
    const dateAdded = asIsoDay(own(object, 'dateAdded'))
    if (!dateAdded) {
      undated += 1
      continue
    }
    const earlier = byCve.get(cve)
    if (earlier) {
      repeated += 1
      if (earlier.dateAdded > dateAdded) continue
    }
    byCve.set(cve, entryOf(object, cve, dateAdded))
  }
  const warnings: string[] = []
  if (notCve)
    warnings.push(
      `${plural(notCve, 'entry', 'entries')} without a CVE id left out${firstNotCve ? ` (the first: ${JSON.stringify(firstNotCve)})` : ''}`,
    )
  if (undated) warnings.push(`${plural(undated, 'entry', 'entries')} without a date added left out`)
  if (repeated)
    warnings.push(
      `${plural(repeated, 'entry', 'entries')} repeating a CVE listed before: the entry added last kept for each CVE`,
    )
  const count = asNumber(own(document, 'count'))
  if (count !== undefined && count !== list.length)
    warnings.push(
      `The catalogue says it lists ${count} vulnerabilities but holds ${list.length}: the entries it holds are read`,
    )
  const title = asText(own(document, 'title'))
  return {
    catalogue: {
      kind: 'kev',
      ...(title ? { title } : {}),
      catalogVersion: (own(document, 'catalogVersion') as string).trim(),
      dateReleased: asText(own(document, 'dateReleased'))!,
      entries: [...byCve.values()],
    },
    skipped: notCve + undated,
    warnings,
  }
}

/**
 * Reads CISA's KEV catalogue from the text of its JSON feed (see `readKevDocument`). A byte-order
 * mark is allowed; a web page, the catalogue's CSV edition and text that is not JSON are refused
 * with a `CatalogueError` that says what to import instead.
 */
export function readKevCatalogue(text: string): KevReading {
  const body = text.replace(/^\uFEFF/, '').trimStart()
  if (body === '') throw new CatalogueError(`The file is empty. Vigil reads ${FEED}.`)
  if (body.startsWith('<'))
    throw new CatalogueError(`This file is a web page, not CISA's KEV catalogue. Vigil reads ${FEED}.`)
  if (/^"?cveID"?\s*,/i.test(body))
    throw new CatalogueError(
      "This is the CSV edition of CISA's KEV catalogue. Vigil reads its JSON feed, known_exploited_vulnerabilities.json, from the same page.",
    )
  let document: unknown
  try {
    document = JSON.parse(body)
  } catch {
    throw new CatalogueError(`This file is not JSON, so it is not CISA's KEV catalogue. Vigil reads ${FEED}.`)
  }
  return readKevDocument(document)
}
