import type { Repository } from './repositories'
import { repositoryColumns } from './repository-columns'

/**
 * One CSV cell: quoted when needed, and a leading =, +, - or @ made inert so that a spreadsheet
 * never runs it as a formula.
 */
function cell(value: string | number): string {
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text
}

const csvColumns = repositoryColumns.flatMap((column) => column.csv)

/** The table's columns for the given rows, in their order, as CSV (RFC 4180, CRLF line ends). */
export function repositoriesToCsv(repositories: Repository[]): string {
  const header = csvColumns.map(([name]) => name)
  const rows = repositories.map((repository) => csvColumns.map(([, value]) => value(repository)))
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n'
}
