import { describe, expect, it } from 'vitest'
import { policyIssueLevel, vulnerabilityLevel } from '@/data/badge-thresholds'
import {
  defaultFilters,
  filterRepositories,
  filtersFromQuery,
  filtersToQuery,
  languageOptions,
  type RepositoryFilters,
} from './repository-filters'
import { listRepositories } from '@/data/repositories'
import { tabSummaryText } from '@/data/repository-tabs'
import { sampleDataSource } from '@/data/data-source'
import { rankByRisk, violationsByStatus, vulnerabilitiesBySeverity } from '@/screens/dashboard/risk-summary'

const repositories = listRepositories()
const names = (filters: Partial<RepositoryFilters>) =>
  filterRepositories(repositories, { ...defaultFilters, ...filters }).map((repository) => repository.name)

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
    expect(filtersFromQuery(filtersToQuery(filters))).toEqual(filters)
    expect(filtersToQuery(defaultFilters)).toBe('')
    expect(filtersFromQuery('?visibility=secret&language=&sort=stars')).toEqual(defaultFilters)
  })
})

describe('badge thresholds', () => {
  it('colours vulnerabilities 0 green, 1-2 amber, 3+ red', () => {
    expect([0, 1, 2, 3, 9].map(vulnerabilityLevel)).toEqual(['good', 'warning', 'warning', 'danger', 'danger'])
  })
  it('colours policy issues 0 green, 1 amber, 2+ red', () => {
    expect([0, 1, 2, 4].map(policyIssueLevel)).toEqual(['good', 'warning', 'danger', 'danger'])
  })
})

describe('tab summary', () => {
  const atlas = repositories[0]
  it('shows the text of the active tab, and the fallbacks for an unknown tab or a missing summary', () => {
    expect(tabSummaryText(atlas, 'vulnerabilities')).toBe(atlas.tabSummary?.vulnerabilities)
    expect(tabSummaryText(atlas, 'source-graph')).toBe(atlas.tabSummary?.sourceGraph)
    expect(tabSummaryText(atlas, 'nonsense')).toBe('View details for the atlas-storefront repository.')
    expect(tabSummaryText({ name: 'fresh', tabSummary: undefined }, 'api-surface')).toBe(
      'Analysis for the fresh repository is currently being processed.',
    )
  })
})

describe('risk summary', () => {
  it('counts vulnerabilities by severity and violations by status over the sample', () => {
    expect(vulnerabilitiesBySeverity(sampleDataSource)).toEqual({
      Critical: 4,
      High: 5,
      Medium: 1,
      Low: 1,
      Unknown: 0,
    })
    expect(violationsByStatus(sampleDataSource)).toEqual({ Mandatory: 2, Recommended: 1, Optional: 1 })
  })

  it('ranks the repositories by risk, riskiest first', () => {
    const ranking = rankByRisk(sampleDataSource, 10)
    // atlas: Critical 10 + High 5, violations 4 + 4 + 2 + 1, two public PII endpoints.
    expect(ranking.map((entry) => [entry.repository.name, entry.score])).toEqual([
      ['atlas-storefront', 28],
      ['nexus-api', 23],
      ['quantum-backend', 20],
      ['stellar-frontend', 12],
      ['aurora-dashboard', 0],
    ])
    expect(ranking[1].sensitiveEndpoints).toBe(8)
    expect(rankByRisk(sampleDataSource, 2)).toHaveLength(2)
  })
})
