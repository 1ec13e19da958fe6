import type { Repository } from './repositories'
import { repositoryColumns } from './repository-columns'

/** What a spreadsheet may read as the start of a formula: = + - @ (also full-width, after spaces), tab, CR. */
const FORMULA_START = /^(?:[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/

/** One CSV cell: quoted when needed, and a formula start made inert so that a spreadsheet never runs it. */
function cell(value: string | number): string {
  let text = String(value)
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text
}

const csvColumns = repositoryColumns.flatMap((column) => column.csv)

/** The table's columns for the given rows, in their order, as CSV (RFC 4180, CRLF line ends). */
export function repositoriesToCsv(repositories: Repository[]): string {
  const header = csvColumns.map(([name]) => name)
  const rows = repositories.map((repository) => csvColumns.map(([, value]) => value(repository)))
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n'
}
