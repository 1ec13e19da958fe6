import type { CsvColumn } from '@/lib/csv'
import {
  needsTriageOf,
  scannedFor,
  visibilityCsvText,
  visibilityOf,
  type Repository,
  type ScanCoverage,
} from '@/data/repositories'
import type { SortColumn } from './repository-filters'

/** One column of the repositories table, with what it sorts by and writes to CSV. */
export interface RepositoryColumn {
  id:
    | 'repository'
    | 'description'
    | 'languages'
    | 'visibility'
    | 'apis'
    | 'policyIssues'
    | 'vulnerabilities'
    | 'needsTriage'
    | 'open'
  /** The header's text; a column whose header is only for screen readers sets `hiddenHeader`. */
  header: string
  hiddenHeader?: boolean
  /** The sorts its header offers, each with its button's label. */
  sorts: { column: SortColumn; label: string }[]
  /** The CSV columns it becomes, in order (none for the link to details). */
  csv: CsvColumn<Repository>[]
}

/** A count, or "Not scanned" where no source of its kind reported (a 0 would say nothing was found). */
const countOrNotScanned = (repository: Repository, kind: keyof ScanCoverage, count: number) =>
  count === 0 && !scannedFor(repository, kind) ? 'Not scanned' : count

/** The repositories table's columns, in order: the table, its CSV export and the tests read this list. */
export const repositoryColumns: RepositoryColumn[] = [
  {
    id: 'repository',
    header: 'Repository',
    sorts: [
      { column: 'name', label: 'Repository' },
      { column: 'updated', label: 'Updated' },
    ],
    csv: [
      ['Repository', (repository) => repository.name],
      ['Updated', (repository) => repository.lastUpdated],
    ],
  },
  {
    id: 'description',
    header: 'Description',
    sorts: [],
    csv: [['Description', (repository) => repository.description]],
  },
  {
    id: 'languages',
    header: 'Languages',
    sorts: [],
    csv: [['Languages', (repository) => repository.languages.join('; ')]],
  },
  {
    id: 'visibility',
    header: 'Visibility',
    sorts: [],
    csv: [['Visibility', (repository) => visibilityCsvText[visibilityOf(repository)]]],
  },
  {
    id: 'apis',
    header: 'APIs',
    sorts: [{ column: 'apis', label: 'APIs' }],
    csv: [['APIs', (repository) => repository.apiCount]],
  },
  {
    id: 'policyIssues',
    header: 'Policy Issues',
    sorts: [{ column: 'policyIssues', label: 'Policy Issues' }],
    csv: [
      ['Policy Issues', (repository) => countOrNotScanned(repository, 'policyIssues', repository.policyViolations)],
    ],
  },
  {
    id: 'vulnerabilities',
    header: 'Vulnerabilities',
    sorts: [{ column: 'vulnerabilities', label: 'Vulnerabilities' }],
    csv: [
      ['Vulnerabilities', (repository) => countOrNotScanned(repository, 'vulnerabilities', repository.vulnerabilities)],
    ],
  },
  {
    id: 'needsTriage',
    header: 'Needs triage',
    sorts: [],
    csv: [['Needs triage', needsTriageOf]],
  },
  { id: 'open', header: 'Open', hiddenHeader: true, sorts: [], csv: [] },
]
