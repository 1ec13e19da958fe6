import type { RepositoryFailure } from '@/data/policy-checks'
import { idListField, readFilters, writeFilters, type FilterFields } from '@/queries/filter-fields'

/**
 * The address of a repository's findings that fail a policy line: its Policy Issues tab (or its
 * Vulnerabilities tab when only vulnerabilities fail) with `?rules=` or `?advisories=` naming them.
 */

/** More ids than this make too long an address: the tab is opened unfiltered. */
export const MAX_NAMED = 20

export interface FailingFilters {
  /** Rule ids of the policy issues to show; none: every one. */
  rules: string[]
  /** Advisory ids of the vulnerabilities to show; none: every one. */
  advisories: string[]
}

export const failingFilterFields: FilterFields<FailingFilters> = {
  rules: idListField('rules'),
  advisories: idListField('advisories'),
}

export function failingFiltersFromQuery(query: string): FailingFilters {
  return readFilters(failingFilterFields, query)
}

/**
 * A repository's Vulnerabilities or Policy Issues tab, filtered to the advisories or rules named:
 * none named past `MAX_NAMED` (the tab then shows all of them).
 */
export function repositoryTabHref(
  repository: string,
  tab: 'vulnerabilities' | 'policy-issues',
  named: readonly string[],
): string {
  const shown = named.length <= MAX_NAMED ? [...named] : []
  const filters = tab === 'vulnerabilities' ? { rules: [], advisories: shown } : { rules: shown, advisories: [] }
  const query = writeFilters(failingFilterFields, filters)
  return `/repository/${encodeURIComponent(repository)}?tab=${tab}${query && `&${query}`}`
}

export function failingFindingsHref(failure: RepositoryFailure): string {
  const ids = (kind: 'vulnerability' | 'policy-issue') => [
    ...new Set(
      failure.findings.flatMap((finding) =>
        (finding.kind ?? 'policy-issue') === kind && finding.ruleId ? [finding.ruleId] : [],
      ),
    ),
  ]
  const rules = ids('policy-issue')
  const onlyVulnerabilities = failure.endpoints.length === 0 && rules.length === 0
  const tab = onlyVulnerabilities ? 'vulnerabilities' : 'policy-issues'
  const named = onlyVulnerabilities ? ids('vulnerability') : rules
  // API failures show at the top of the tab whatever the filter: scanners' issues are named only beside none.
  return repositoryTabHref(failure.repository, tab, failure.endpoints.length === 0 ? named : [])
}
