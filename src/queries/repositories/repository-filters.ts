import type { Repository } from '@/data/repositories'

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
export type SortDirection = 'asc' | 'desc'
export interface RepositorySort {
  column: SortColumn
  direction: SortDirection
}

export interface RepositoryFilters {
  search: string
  visibility: Visibility
  /** A language name, or 'all'. */
  language: string
  /** Null keeps the organisation's own order. */
  sort: RepositorySort | null
}

export const defaultFilters: RepositoryFilters = { search: '', visibility: 'all', language: ALL_LANGUAGES, sort: null }

function isSortColumn(value: unknown): value is SortColumn {
  return sortColumns.includes(value as SortColumn)
}

/** Names sort A to Z first; counts and dates show the most, or the newest, first. */
export function nextSort(current: RepositorySort | null, column: SortColumn): RepositorySort {
  if (current?.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
  return { column, direction: column === 'name' ? 'asc' : 'desc' }
}

export function isVisibility(value: unknown): value is Visibility {
  return value === 'all' || value === 'public' || value === 'private'
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

/** The visibility filter: every repository, or only the public or only the private ones. */
export const matchesVisibility = (isPrivate: boolean, visibility: Visibility) =>
  visibility === 'all' || isPrivate === (visibility === 'private')

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

/** Filters as a URL query (defaults left out), and back; unknown values fall back to the defaults. */
export function filtersToQuery(filters: RepositoryFilters): string {
  const query = new URLSearchParams()
  if (filters.search) query.set('q', filters.search)
  if (filters.visibility !== 'all') query.set('visibility', filters.visibility)
  if (filters.language !== ALL_LANGUAGES) query.set('language', filters.language)
  if (filters.sort) {
    query.set('sort', filters.sort.column)
    query.set('dir', filters.sort.direction)
  }
  return query.toString()
}

export function filtersFromQuery(search: string): RepositoryFilters {
  const query = new URLSearchParams(search)
  const visibility = query.get('visibility')
  const column = query.get('sort')
  const direction = query.get('dir') === 'desc' ? 'desc' : 'asc'
  return {
    search: query.get('q') ?? '',
    visibility: isVisibility(visibility) ? visibility : 'all',
    language: query.get('language') || ALL_LANGUAGES,
    sort: isSortColumn(column) ? { column, direction } : null,
  }
}
