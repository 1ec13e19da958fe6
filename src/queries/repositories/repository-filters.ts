import type { Repository } from '@/data/repositories'
import {
  choiceField,
  columnSortField,
  filterDefaults,
  optionValues,
  readFilters,
  textField,
  writeFilters,
  type ColumnSort,
  type FilterFields,
} from '@/queries/filter-fields'

export type Visibility = 'all' | 'public' | 'private'
export const ALL_LANGUAGES = 'all'

/** The visibility filter's choices, as every list that offers it shows them. */
export const visibilityOptions: { value: Visibility; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'public', label: 'Public' },
  { value: 'private', label: 'Private' },
]

export const sortColumns = ['name', 'updated', 'apis', 'policyIssues', 'vulnerabilities'] as const
export type SortColumn = (typeof sortColumns)[number]
export type RepositorySort = ColumnSort<SortColumn>

export interface RepositoryFilters {
  search: string
  visibility: Visibility
  /** A language name, or 'all'. */
  language: string
  /** Null keeps the organisation's own order. */
  sort: RepositorySort | null
}

/** `?q=&visibility=&language=&sort=&dir=`. */
export const repositoryFilterFields: FilterFields<RepositoryFilters> = {
  search: textField('q'),
  visibility: choiceField('visibility', optionValues(visibilityOptions), 'all'),
  language: textField('language', { default: ALL_LANGUAGES }),
  sort: columnSortField('sort', 'dir', sortColumns),
}

export const defaultRepositoryFilters: RepositoryFilters = filterDefaults(repositoryFilterFields)

/** Names sort A to Z first; counts and dates show the most, or the newest, first. */
export function nextSort(current: RepositorySort | null, column: SortColumn): RepositorySort {
  if (current?.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
  return { column, direction: column === 'name' ? 'asc' : 'desc' }
}

/** Search over name and description (case-insensitive substring), visibility and language, with AND. */
export function filterRepositories<T extends Repository>(
  repositories: T[],
  filters: Omit<RepositoryFilters, 'sort'>,
): T[] {
  const needle = filters.search.trim().toLowerCase()
  return repositories.filter(
    (repository) =>
      (needle === '' ||
        repository.name.toLowerCase().includes(needle) ||
        repository.description.toLowerCase().includes(needle)) &&
      matchesChoices(repository, filters),
  )
}

/** The visibility filter: every repository, or only the public or only the private ones (never one whose visibility is unknown). */
export const matchesVisibility = (isPrivate: boolean | undefined, visibility: Visibility) =>
  visibility === 'all' || (isPrivate !== undefined && isPrivate === (visibility === 'private'))

/** The visibility and language filters. */
export function matchesChoices(
  repository: Repository,
  filters: Pick<RepositoryFilters, 'visibility' | 'language'>,
): boolean {
  return (
    matchesVisibility(repository.isPrivate, filters.visibility) &&
    (filters.language === ALL_LANGUAGES || repository.languages.includes(filters.language))
  )
}

/** The sorted union of every repository's languages. */
export function languageOptions(repositories: Repository[]): string[] {
  return [...new Set(repositories.flatMap((repository) => repository.languages))].sort((a, b) => a.localeCompare(b))
}

/** The filters of an address query; unknown values fall back to the defaults. */
export function repositoryFiltersFromQuery(query: string): RepositoryFilters {
  return readFilters(repositoryFilterFields, query)
}

/** The address query of the filters, defaults left out. */
export function repositoryFiltersToQuery(filters: RepositoryFilters): string {
  return writeFilters(repositoryFilterFields, filters)
}
