import type { Repository } from './repositories'

export type Visibility = 'all' | 'public' | 'private'
export const ALL_LANGUAGES = 'all'

export interface RepositoryFilters {
  search: string
  visibility: Visibility
  /** A language name, or 'all'. */
  language: string
}

export const defaultFilters: RepositoryFilters = { search: '', visibility: 'all', language: ALL_LANGUAGES }

export function isVisibility(value: unknown): value is Visibility {
  return value === 'all' || value === 'public' || value === 'private'
}

/** Search over name and description (case-insensitive substring), visibility and language, with AND. */
export function filterRepositories<T extends Repository>(repositories: T[], filters: RepositoryFilters): T[] {
  const needle = filters.search.trim().toLowerCase()
  return repositories.filter(
    (repository) =>
      (needle === '' ||
        repository.name.toLowerCase().includes(needle) ||
        repository.description.toLowerCase().includes(needle)) &&
      (filters.visibility === 'all' || repository.isPrivate === (filters.visibility === 'private')) &&
      (filters.language === ALL_LANGUAGES || repository.languages.includes(filters.language)),
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
  return query.toString()
}

export function filtersFromQuery(search: string): RepositoryFilters {
  const query = new URLSearchParams(search)
  const visibility = query.get('visibility')
  return {
    search: query.get('q') ?? '',
    visibility: isVisibility(visibility) ? visibility : 'all',
    language: query.get('language') || ALL_LANGUAGES,
  }
}
