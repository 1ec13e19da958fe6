import { describe, expect, it } from 'vitest'
import { listRepositories } from '@/data/repositories'
import {
  defaultRepositoryFilters,
  filterRepositories,
  repositoryFiltersFromQuery,
  repositoryFiltersToQuery,
  languageOptions,
  type RepositoryFilters,
} from './repository-filters'

const repositories = listRepositories()
const names = (filters: Partial<RepositoryFilters>) =>
  filterRepositories(repositories, { ...defaultRepositoryFilters, ...filters }).map((repository) => repository.name)

describe('repository filters', () => {
  it('searches name and description, case-insensitively, as a substring', () => {
    expect(names({ search: 'NEXUS' })).toEqual(['nexus-api'])
    expect(names({ search: 'patient records' })).toEqual(['quantum-backend'])
    expect(names({ search: '  gateway ' })).toEqual(['nexus-api'])
    expect(names({ search: 'zzz' })).toEqual([])
  })

  it('filters by visibility and by language, and combines every filter with AND', () => {
    expect(names({ visibility: 'private' })).toEqual(['aurora-dashboard', 'quantum-backend'])
    expect(names({ visibility: 'public' })).toHaveLength(3)
    expect(names({ language: 'Dockerfile' })).toEqual(['nexus-api', 'quantum-backend'])
    expect(names({ language: 'Dockerfile', visibility: 'private' })).toEqual(['quantum-backend'])
    expect(names({ language: 'TypeScript', visibility: 'public', search: 'site' })).toEqual(['stellar-frontend'])
  })

  it('matches a repository whose visibility no source gave only when every visibility is chosen', () => {
    const unknown = { ...repositories[0], name: 'imported', isPrivate: undefined }
    const shown = (visibility: RepositoryFilters['visibility']) =>
      filterRepositories([unknown], { ...defaultRepositoryFilters, visibility }).map((repository) => repository.name)
    expect(shown('all')).toEqual(['imported'])
    expect(shown('private')).toEqual([])
    expect(shown('public')).toEqual([])
  })

  it('offers the sorted union of every language', () => {
    expect(languageOptions(repositories)).toEqual([
      'CSS',
      'Dockerfile',
      'Go',
      'HTML',
      'JavaScript',
      'Python',
      'SCSS',
      'Shell',
      'SQL',
      'TypeScript',
    ])
  })

  it('round-trips through the URL query and ignores unknown values', () => {
    const filters = {
      search: 'api gateway',
      visibility: 'public',
      language: 'Go',
      sort: { column: 'apis', direction: 'desc' },
    } as const
    expect(repositoryFiltersFromQuery(repositoryFiltersToQuery(filters))).toEqual(filters)
    expect(repositoryFiltersToQuery(defaultRepositoryFilters)).toBe('')
    expect(repositoryFiltersFromQuery('?visibility=secret&language=&sort=stars')).toEqual(defaultRepositoryFilters)
  })
})
