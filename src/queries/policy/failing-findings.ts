import type { RepositoryFailure } from '@/data/policy-checks'

/**
 * The address of a repository's findings that fail a policy line: its Policy Issues tab (or its
 * Vulnerabilities tab when only vulnerabilities fail) with `?rules=` or `?advisories=` naming them.
 */

/** More ids than this make too long an address: the tab is opened unfiltered. */
export const MAX_NAMED = 20

export interface FailingFilter {
  /** Rule ids of the policy issues to show; none: every one. */
  rules: string[]
  /** Advisory ids of the vulnerabilities to show; none: every one. */
  advisories: string[]
}

const idsOf = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '')

export function failingFilterFromQuery(search: string): FailingFilter {
  const query = new URLSearchParams(search)
  return { rules: idsOf(query.get('rules')), advisories: idsOf(query.get('advisories')) }
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
  const query = new URLSearchParams({ tab: onlyVulnerabilities ? 'vulnerabilities' : 'policy-issues' })
  const named = onlyVulnerabilities ? ids('vulnerability') : rules
  // API failures show at the top of the tab whatever the filter: scanners' issues are named only beside none.
  if (named.length > 0 && named.length <= MAX_NAMED && failure.endpoints.length === 0)
    query.set(onlyVulnerabilities ? 'advisories' : 'rules', named.join(','))
  return `/repository/${encodeURIComponent(failure.repository)}?${query}`
}
