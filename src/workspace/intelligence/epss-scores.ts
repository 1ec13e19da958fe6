/**
 * FIRST's daily EPSS scores, read from its CSV (`epss_scores-YYYY-MM-DD.csv`, once ungzipped): a
 * `#model_version:…,score_date:…` line, the header `cve,epss,percentile`, then a row for every
 * scored CVE. The rows are packed into typed arrays sorted by CVE, and looked up by binary search.
 */

import { asIsoDay, plural } from '@/workspace/files/json'
import { cveKey, keyIn } from './cve-key'
import { CatalogueError, type EpssTable } from './catalogues'

/**
 * EPSS scores as read: the table, how many rows were left out (not a CVE, a score or percentile
 * that is not a number from 0 to 1, too few cells, the last row cut short), and a sentence for each
 * thing the reader had to set right.
 */
export interface EpssReading {
  catalogue: EpssTable
  /** Rows left out; a CVE scored twice is not counted here (its last row is kept). */
  skipped: number
  warnings: string[]
  /** The file gave no score date: its day is the `fallbackDate` given with it. */
  datedByFallback?: true
}

/** The columns the reader needs, by their names in FIRST's header. */
const COLUMNS = ['cve', 'epss', 'percentile'] as const

const FILE = "FIRST's daily EPSS scores (epss_scores-YYYY-MM-DD.csv, from first.org/epss/data_stats)"

const isPad = (code: number) => code === 32 || code === 9 || code === 34 // space, tab, double quote

/** A probability from 0 to 1 in `text` from `start` to `end` (spaces and quotes around it allowed), or NaN. */
function probabilityIn(text: string, start: number, end: number): number {
  while (start < end && isPad(text.charCodeAt(start))) start++
  while (end > start && isPad(text.charCodeAt(end - 1))) end--
  if (start === end) return NaN
  const value = Number(text.slice(start, end))
  return value >= 0 && value <= 1 ? value : NaN
}

/** A header's cell as a column name: trimmed, unquoted, lower case. */
const columnName = (cell: string) =>
  cell
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim()
    .toLowerCase()

/** Whether a line is a header naming the `cve` and `epss` columns, in any order. */
function isEpssHeader(line: string): boolean {
  const names = line.split(',').map(columnName)
  return names.includes('cve') && names.includes('epss')
}

/** The text without a byte-order mark. */
const withoutBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)

/** The first line of the text from `position` on with more than space in it, and where the next begins. */
function nextLine(text: string, position: number): { line: string; next: number } | undefined {
  while (position < text.length) {
    const newline = text.indexOf('\n', position)
    const end = newline === -1 ? text.length : newline
    const line = text.slice(position, end).trim()
    position = end + 1
    if (line) return { line, next: position }
  }
  return undefined
}

/**
 * Whether a text is FIRST's EPSS CSV, cheaply, to route a dropped file: its first line with
 * anything on it starts with `#model_version` or is a header naming `cve` and `epss`.
 */
export function looksLikeEpss(text: string): boolean {
  const first = nextLine(withoutBom(text), 0)
  return !!first && (/^#\s*model_version\b/i.test(first.line) || isEpssHeader(first.line))
}

/** The score date FIRST's file name carries, `epss_scores-2025-03-20.csv` → `2025-03-20`; else undefined. */
export function scoreDateFromFileName(name: string): string | undefined {
  return asIsoDay(/epss_scores-(\d{4}-\d{2}-\d{2})(?!\d)/i.exec(name)?.[1])
}

/** The `key:value` pairs of the `#` lines (`#model_version:v2025.03.14,score_date:2025-03-20T00:00:00+0000`). */
function metadataOf(lines: string[]): Map<string, string> {
  const metadata = new Map<string, string>()
  for (const line of lines)
    for (const part of line.replace(/^#+/, '').split(',')) {
      const colon = part.indexOf(':')
      if (colon > 0) metadata.set(part.slice(0, colon).trim().toLowerCase(), part.slice(colon + 1).trim())
    }
  return metadata
}

/** Where each column the reader needs is in a row. */
type Columns = Record<(typeof COLUMNS)[number], number>

/** Where each column the reader needs is in the header; throws when the header lacks one. */
function columnsOf(header: string): Columns {
  const names = header.split(',').map(columnName)
  const missing = COLUMNS.filter((column) => !names.includes(column))
  if (missing.length === 0)
    return { cve: names.indexOf('cve'), epss: names.indexOf('epss'), percentile: names.indexOf('percentile') }
  if (keyIn(names[0], 0, names[0].length) >= 0)
    throw new CatalogueError(
      `This EPSS file has no header line: its rows start at once. Vigil expects the columns cve, epss and percentile named on the line before the rows, as in ${FILE}.`,
    )
  throw new CatalogueError(
    `This CSV file is not EPSS scores: its columns are ${names.map((name) => JSON.stringify(name)).join(', ')}, and Vigil expected the columns cve, epss and percentile (${missing.join(', ')} missing). Vigil reads ${FILE}.`,
  )
}

/** A row of the file for a message: its line number and its start. */
const rowText = (line: number, text: string) =>
  `line ${line}: ${JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text)}`

/**
 * The rows, sorted by key with a CVE scored twice kept once (its last row), packed into arrays of
 * their own length.
 */
function packed(keys: Float64Array, scores: Float32Array, percentiles: Float32Array, count: number) {
  let ascending = true
  for (let index = 1; index < count && ascending; index++) ascending = keys[index] > keys[index - 1]
  if (ascending)
    return {
      keys: keys.slice(0, count),
      scores: scores.slice(0, count),
      percentiles: percentiles.slice(0, count),
      repeated: 0,
    }
  const order = new Uint32Array(count)
  for (let index = 0; index < count; index++) order[index] = index
  // Equal keys stay in file order, so the last of each run is the last row.
  order.sort((a, b) => keys[a] - keys[b] || a - b)
  const sorted = {
    keys: new Float64Array(count),
    scores: new Float32Array(count),
    percentiles: new Float32Array(count),
  }
  let kept = 0
  for (let position = 0; position < count; position++) {
    const row = order[position]
    if (position + 1 < count && keys[order[position + 1]] === keys[row]) continue
    sorted.keys[kept] = keys[row]
    sorted.scores[kept] = scores[row]
    sorted.percentiles[kept] = percentiles[row]
    kept += 1
  }
  return {
    keys: sorted.keys.slice(0, kept),
    scores: sorted.scores.slice(0, kept),
    percentiles: sorted.percentiles.slice(0, kept),
    repeated: count - kept,
  }
}

/**
 * The rows of the file from `from` (the line after the header) on, in file order, and the rows that
 * could not be read: how many, the first of them, and whether the last is cut short (a line without
 * a line break that cannot be read).
 */
function readRows(body: string, from: number, columns: Columns) {
  const lastColumn = Math.max(columns.cve, columns.epss, columns.percentile)
  // Room for a row on every line; the arrays are cut to the rows read.
  let capacity = 1
  for (let index = body.indexOf('\n', from - 1); index !== -1; index = body.indexOf('\n', index + 1)) capacity += 1
  const keys = new Float64Array(capacity)
  const scores = new Float32Array(capacity)
  const percentiles = new Float32Array(capacity)
  let count = 0
  let bad = 0
  let firstBad: string | undefined
  let cutShort = false
  // The header's line number: one more than the line breaks before it.
  let lineNumber = body.slice(0, from - 1).split('\n').length

  for (let position = from; position < body.length;) {
    const newline = body.indexOf('\n', position)
    const terminated = newline !== -1
    const lineEnd = terminated ? newline : body.length
    let end = lineEnd
    if (end > position && body.charCodeAt(end - 1) === 13) end -= 1
    const lineStart = position
    position = lineEnd + 1
    lineNumber += 1
    if (end === lineStart || (body.charCodeAt(lineStart) <= 32 && body.slice(lineStart, end).trim() === '')) continue

    let key = -1
    let score = NaN
    let percentile = NaN
    let column = 0
    for (let cell = lineStart; column <= lastColumn; column++) {
      let cellEnd = body.indexOf(',', cell)
      if (cellEnd === -1 || cellEnd > end) cellEnd = end
      if (column === columns.cve) {
        let a = cell
        let b = cellEnd
        while (a < b && isPad(body.charCodeAt(a))) a++
        while (b > a && isPad(body.charCodeAt(b - 1))) b--
        key = keyIn(body, a, b)
      } else if (column === columns.epss) score = probabilityIn(body, cell, cellEnd)
      else if (column === columns.percentile) percentile = probabilityIn(body, cell, cellEnd)
      if (cellEnd === end) {
        column += 1
        break
      }
      cell = cellEnd + 1
    }
    if (key >= 0 && !Number.isNaN(score) && !Number.isNaN(percentile) && column > lastColumn) {
      keys[count] = key
      scores[count] = score
      percentiles[count] = percentile
      count += 1
    } else if (!terminated) cutShort = true
    else {
      bad += 1
      firstBad ??= rowText(lineNumber, body.slice(lineStart, end))
    }
  }

  return { keys, scores, percentiles, count, bad, firstBad, cutShort }
}

/**
 * Reads FIRST's daily EPSS CSV (already ungzipped). A byte-order mark, CRLF line ends, blank lines,
 * columns in another order and extra columns are all read. The score date is the file's
 * `score_date:`; a file without one takes `fallbackDate` (YYYY-MM-DD, e.g. `scoreDateFromFileName`).
 * A row that is not a CVE with a score and percentile from 0 to 1, or is cut short at the end of the
 * file, is left out and counted; a CVE scored twice keeps its last row. Throws a `CatalogueError`
 * for an empty file, a CSV without FIRST's columns, a file with no score date, or one whose rows are
 * mostly unreadable.
 */
export function readEpssScores(text: string, fallbackDate?: string): EpssReading {
  const body = withoutBom(text)
  const comments: string[] = []
  let start = nextLine(body, 0)
  while (start?.line.startsWith('#')) {
    comments.push(start.line)
    start = nextLine(body, start.next)
  }
  if (!start && comments.length === 0) throw new CatalogueError(`The file is empty. Vigil reads ${FILE}.`)
  if (!start) throw new CatalogueError(`This EPSS file holds no header and no scores. Vigil reads ${FILE}.`)
  if (start.line.startsWith('{') || start.line.startsWith('['))
    throw new CatalogueError(`This file is JSON, not the EPSS CSV. Vigil reads ${FILE}.`)
  if (start.line.charCodeAt(0) === 0x1f)
    throw new CatalogueError(`This EPSS file is still gzip-compressed: import the .csv.gz as it was downloaded.`)
  const columns = columnsOf(start.line)

  const metadata = metadataOf(comments)
  const warnings: string[] = []
  let scoreDate = asIsoDay(metadata.get('score_date'))
  if (!scoreDate) {
    scoreDate = asIsoDay(fallbackDate)
    if (!scoreDate)
      throw new CatalogueError(
        'This EPSS file does not say the day of its scores: its first line, #model_version:…,score_date:…, is missing, and its name is not epss_scores-YYYY-MM-DD.csv. Import the file as FIRST publishes it, or under the name it had.',
      )
    warnings.push(
      `The file gives no score date: its scores are taken as of ${scoreDate}, the date given with it (its name)`,
    )
  }

  const { keys, scores, percentiles, count, bad, firstBad, cutShort } = readRows(body, start.next, columns)
  const unread = bad + (cutShort ? 1 : 0)
  if (count === 0 && unread === 0)
    throw new CatalogueError(`This EPSS file holds no scores: it ends after its header. Vigil reads ${FILE}.`)
  if (unread * 2 > count + unread)
    throw new CatalogueError(
      `Most rows of this EPSS file (${unread} of ${count + unread}) are not a CVE with a score and a percentile from 0 to 1${firstBad ? ` (the first, ${firstBad})` : ''}. Vigil reads ${FILE}.`,
    )
  if (bad)
    warnings.push(
      `${plural(bad, 'row')} not a CVE with a score and a percentile from 0 to 1 left out (the first, ${firstBad})`,
    )
  if (cutShort) warnings.push('The last row is cut short (the file may be incomplete): left out')
  const table = packed(keys, scores, percentiles, count)
  if (table.repeated)
    warnings.push(`${plural(table.repeated, 'row')} repeating a CVE scored before: the last row kept for each CVE`)
  const modelVersion = metadata.get('model_version')
  return {
    catalogue: {
      kind: 'epss',
      ...(modelVersion ? { modelVersion } : {}),
      scoreDate,
      keys: table.keys,
      scores: table.scores,
      percentiles: table.percentiles,
    },
    skipped: unread,
    warnings,
    ...(metadata.get('score_date') === undefined || !asIsoDay(metadata.get('score_date'))
      ? { datedByFallback: true as const }
      : {}),
  }
}

/** A value as the file wrote it: a Float32 keeps seven significant digits, and FIRST writes fewer. */
const asWritten = (value: number) => Number(value.toPrecision(7))

/** A CVE's score and percentile in the table, by binary search; undefined when the table has none. */
export function epssOf(table: EpssTable, cve: string): { score: number; percentile: number } | undefined {
  const key = cveKey(cve)
  return key === undefined ? undefined : epssAt(table, key)
}

/** `epssOf` for a CVE already made a key (`cveKey`). */
export function epssAt(table: EpssTable, key: number): { score: number; percentile: number } | undefined {
  let low = 0
  let high = table.keys.length - 1
  while (low <= high) {
    const middle = (low + high) >>> 1
    const found = table.keys[middle]
    if (found < key) low = middle + 1
    else if (found > key) high = middle - 1
    else return { score: asWritten(table.scores[middle]), percentile: asWritten(table.percentiles[middle]) }
  }
  return undefined
}
