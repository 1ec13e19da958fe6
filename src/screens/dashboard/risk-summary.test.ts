import { describe, expect, it } from 'vitest'
import { sampleDataSource } from '@/data/data-source'
import { needsTriageTotal, rankByRisk, violationsByStatus, vulnerabilitiesBySeverity } from './risk-summary'

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

  it('counts every open finding as needing triage where no decisions are kept, and the kept count where they are', () => {
    // 11 vulnerabilities and 4 policy issues in the sample.
    expect(needsTriageTotal(sampleDataSource)).toBe(15)
    const [first, ...others] = sampleDataSource.repositories
    expect(needsTriageTotal({ ...sampleDataSource, repositories: [{ ...first, needsTriage: 1 }, ...others] })).toBe(
      15 - first.vulnerabilities - first.policyViolations + 1,
    )
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
