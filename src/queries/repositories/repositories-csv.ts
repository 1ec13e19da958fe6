import { rowsToCsv } from '@/lib/csv'
import type { Repository } from '@/data/repositories'
import { repositoryColumns } from './repository-columns'

const csvColumns = repositoryColumns.flatMap((column) => column.csv)

/** The table's columns for the given rows, in their order, as CSV (RFC 4180, CRLF line ends). */
export function repositoriesToCsv(repositories: Repository[]): string {
  return rowsToCsv(csvColumns, repositories)
}
