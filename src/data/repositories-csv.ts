import type { Repository } from './repositories'

const header = [
  'Repository',
  'Updated',
  'Description',
  'Languages',
  'Visibility',
  'APIs',
  'Policy Issues',
  'Vulnerabilities',
]

/**
 * One CSV cell: quoted when needed, and a leading =, +, - or @ made inert so that a spreadsheet
 * never runs it as a formula.
 */
function cell(value: string | number): string {
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text
}

/** The table's columns for the given rows, in their order, as CSV (RFC 4180, CRLF line ends). */
export function repositoriesToCsv(repositories: Repository[]): string {
  const rows = repositories.map((repository) => [
    repository.name,
    repository.lastUpdated,
    repository.description,
    repository.languages.join('; '),
    repository.isPrivate ? 'Private' : 'Public',
    repository.apiCount,
    repository.policyViolations,
    repository.vulnerabilities,
  ])
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n'
}
