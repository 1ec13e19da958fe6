import { describe, expect, it } from 'vitest'
import type { CheckedFinding } from '@/data/policy-checks'
import { failingFiltersFromQuery, failingFindingsHref, MAX_NAMED } from './failing-findings'

const finding = (ruleId: string, kind: CheckedFinding['kind']): CheckedFinding => ({
  key: ruleId,
  ruleId,
  kind,
  cwes: [],
  severity: 'High',
})

describe('the address of failing findings', () => {
  it('opens the Policy Issues tab naming the failing rules', () => {
    const href = failingFindingsHref({
      repository: 'atlas web',
      findings: [
        finding('js/xss', 'policy-issue'),
        finding('CVE-1', 'vulnerability'),
        finding('js/xss', 'policy-issue'),
      ],
      endpoints: [],
    })
    expect(href).toBe('/repository/atlas%20web?tab=policy-issues&rules=js%2Fxss')
    expect(failingFiltersFromQuery(href.split('?')[1])).toEqual({ rules: ['js/xss'], advisories: [] })
  })

  it('opens the Vulnerabilities tab naming the advisories when only vulnerabilities fail', () => {
    const href = failingFindingsHref({
      repository: 'api',
      findings: [finding('CVE-1', 'vulnerability'), finding('GHSA-x', 'vulnerability')],
      endpoints: [],
    })
    expect(href).toBe('/repository/api?tab=vulnerabilities&advisories=CVE-1%2CGHSA-x')
    expect(failingFiltersFromQuery(href.split('?')[1]).advisories).toEqual(['CVE-1', 'GHSA-x'])
  })

  it('opens the tab unfiltered for endpoints without authentication, or too many ids for an address', () => {
    const endpoint = { method: 'GET', path: '/users', pii: true, pci: false, phi: false, auth: 'None' as const }
    expect(failingFindingsHref({ repository: 'api', findings: [], endpoints: [endpoint] })).toBe(
      '/repository/api?tab=policy-issues',
    )
    const many = Array.from({ length: MAX_NAMED + 1 }, (_, index) => finding(`r${index}`, 'policy-issue'))
    expect(failingFindingsHref({ repository: 'api', findings: many, endpoints: [] })).toBe(
      '/repository/api?tab=policy-issues',
    )
  })

  it('reads no filter from an address without one, and drops empty ids', () => {
    expect(failingFiltersFromQuery('tab=policy-issues')).toEqual({ rules: [], advisories: [] })
    expect(failingFiltersFromQuery('rules=a,,%20b%20')).toEqual({ rules: ['a', 'b'], advisories: [] })
  })
})
