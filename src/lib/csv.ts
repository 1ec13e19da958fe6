/** What a spreadsheet may read as the start of a formula: = + - @ (also full-width, after spaces), tab, CR. */
const FORMULA_START = /^(?:[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/

export type CsvValue = string | number | undefined

/** One CSV cell: quoted when needed, and a formula start made inert so that a spreadsheet never runs it. */
export function csvCell(value: CsvValue): string {
  if (value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text
}

/** A header and rows as CSV (RFC 4180, CRLF line ends). */
export function toCsv(header: string[], rows: Iterable<CsvValue[]>): string {
  const lines = [header.map(csvCell).join(',')]
  for (const row of rows) lines.push(row.map(csvCell).join(','))
  return lines.join('\r\n') + '\r\n'
}

/** A column of an exported table: its header and how a row gives its value. */
export type CsvColumn<Row> = [header: string, value: (row: Row) => CsvValue]

export function rowsToCsv<Row>(columns: CsvColumn<Row>[], rows: Iterable<Row>): string {
  function* values() {
    for (const row of rows) yield columns.map(([, value]) => value(row))
  }
  return toCsv(
    columns.map(([header]) => header),
    values(),
  )
}
