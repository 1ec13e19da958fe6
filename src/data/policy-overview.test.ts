import { describe, expect, it } from 'vitest'
import { evaluatePolicyChecks } from './policy-checks'
import { parsePolicy } from './policy-document'
import { policyOverview } from './policy-overview'
import type { PolicyFacts } from './data-source'

const now = new Date('2026-03-01T12:00:00Z')
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString()

const facts: PolicyFacts = {
  repositories: [
    { name: 'api', scanners: [{ tool: 'CodeQL', cwes: ['CWE-79'] }], findings: [] },
    {
      name: 'web',
      scanners: [{ tool: 'CodeQL', cwes: ['CWE-79'] }],
      findings: [{ key: 'k', cwes: ['CWE-79'], severity: 'High' }],
    },
    { name: 'old', scanners: [], findings: [] },
  ],
  health: [
    { name: 'api', languages: ['Go'], lastScannedAt: daysAgo(0) },
    { name: 'web', languages: ['TypeScript'], lastScannedAt: daysAgo(15) },
    { name: 'old', languages: ['TypeScript'] },
  ],
}
const lines = parsePolicy('---\ntitle: T\n---\n- No XSS {cwe: 79} [Mandatory]\n- Plain rule [Mandatory]').lines

describe('the policies overview from the workspace', () => {
  it('computes coverage, last updated and the health score per language from the facts and the checks', () => {
    const overview = policyOverview(facts, evaluatePolicyChecks(lines, facts.repositories), now)
    expect(overview.master).toEqual({ coverage: 67, covered: 2, total: 3 })
    expect(
      overview.languages.map(({ group, totalRepos, coverage, lastUpdated, healthScore }) => [
        group,
        totalRepos,
        coverage,
        lastUpdated,
        healthScore,
      ]),
    ).toEqual([
      // Half scanned 15 days ago (recency 0.5), its one check failing: 10 × (0.4 × 0.5 + 0.2 × 0.5 + 0) = 3.
      ['TypeScript', 2, 50, '2 weeks ago', 3],
      ['Go', 1, 100, '1 minute ago', 10],
    ])
    expect(overview.languages[0]).toMatchObject({ recency: 0.5, passRate: 0 })
    expect(overview.statements).toEqual([
      '2 of 3 repositories scanned at least once (67%).',
      'The newest scan is from 1 minute ago.',
      '1 checked rule line: 1 of 2 checks of a repository pass (50%).',
      'TypeScript has the lowest policy health (3.0).',
    ])
    expect(overview.appTypes).toEqual([])
  })

  it('says when nothing is checked or scanned', () => {
    const empty: PolicyFacts = { repositories: [], health: [{ name: 'a', languages: [] }] }
    const overview = policyOverview(empty, evaluatePolicyChecks([], []), now)
    expect(overview.master).toEqual({ coverage: 0, covered: 0, total: 1 })
    expect(overview.statements).toEqual([
      '0 of 1 repository scanned at least once (0%).',
      'No repository has been scanned yet.',
      'No rule line of the policy names a check, so the health score leaves the pass rate out.',
    ])
  })

  it('says when CISA’s KEV catalogue is missing for the lines that check KEV', () => {
    const kevLines = parsePolicy(
      '---\ntitle: T\n---\n- No XSS {cwe: 79}\n- Fix KEV findings in time {kev: overdue}',
    ).lines
    const without = policyOverview(facts, evaluatePolicyChecks(kevLines, facts.repositories), now)
    expect(without.statements).toContain(
      "A rule line with a KEV check is not checked: CISA's KEV catalogue is not imported (Data > Import scan files..., or the team's feed).",
    )
    const held = policyOverview(facts, evaluatePolicyChecks(kevLines, facts.repositories, { kevCatalogue: true }), now)
    expect(held.statements.some((statement) => statement.includes('KEV'))).toBe(false)
  })
})
