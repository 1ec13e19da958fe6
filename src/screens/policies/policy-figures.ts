import type { PolicyChecks } from '@/components/use-policy-checks'
import { appTypePolicies, languagePolicies, masterPolicy, policySummary } from '@/data/policies'
import { policyOverview, type OverviewRow } from '@/data/policy-overview'
import { repositoryFiltersToQuery, defaultRepositoryFilters } from '@/queries/repositories/repository-filters'
import type { HealthParts } from '@/data/policy-health'

interface FigureRow {
  label: string
  link: string
  totalRepos: number
  coverage: number
  lastUpdated?: string
  healthScore: number
  parts?: HealthParts
}

/** What the policies page shows: the sample's figures, or the workspace's. */
export interface PolicyFigures {
  period: string
  periodAbout: string
  statements: string[]
  master: { status: string; coverage: number; covered: number; total: number }
  languages: FigureRow[]
  /** Rows, or why there are none. */
  appTypes: FigureRow[] | string
}

export const NO_APP_TYPES =
  'Imported scans do not say what kind of application a repository is, so no app-type row is computed from them.'

const partsOf = (row: OverviewRow): HealthParts => ({
  coverage: row.coverage / 100,
  recency: row.recency,
  passRate: row.passRate,
})

/** The sample's figures without checks; with the workspace's checks, its own. */
export function policyFigures(
  checks: Extract<PolicyChecks, { status: 'ready' }> | undefined,
  now: Date,
): PolicyFigures {
  if (!checks) {
    return {
      period: policySummary.period,
      periodAbout: 'What changed in policy coverage over the last 30 days.',
      statements: policySummary.statements,
      master: masterPolicy,
      languages: languagePolicies.map(({ language, ...row }) => ({ ...row, label: language, link: '#' })),
      appTypes: appTypePolicies.map(({ appType, ...row }) => ({ ...row, label: appType })),
    }
  }
  const overview = policyOverview(checks.facts, checks.result, now)
  const row = (each: OverviewRow, link: string): FigureRow => ({
    label: each.group,
    link,
    totalRepos: each.totalRepos,
    coverage: each.coverage,
    lastUpdated: each.lastUpdated,
    healthScore: each.healthScore,
    parts: partsOf(each),
  })
  return {
    period: 'From your workspace',
    periodAbout: 'Coverage, scan recency and the pass rate of the policy’s checked lines, from the imported scans.',
    statements: overview.statements,
    master: { status: 'Applied', ...overview.master },
    languages: overview.languages.map((each) =>
      row(each, `/repositories?${repositoryFiltersToQuery({ ...defaultRepositoryFilters, language: each.group })}`),
    ),
    appTypes: overview.appTypes.length > 0 ? overview.appTypes.map((each) => row(each, '/policy')) : NO_APP_TYPES,
  }
}
