import { describe, expect, it } from 'vitest'
import { policyIssueLevel, vulnerabilityLevel } from './badge-thresholds'

describe('badge thresholds', () => {
  it('colours vulnerabilities 0 green, 1-2 amber, 3+ red', () => {
    expect([0, 1, 2, 3, 9].map(vulnerabilityLevel)).toEqual(['good', 'warning', 'warning', 'danger', 'danger'])
  })
  it('colours policy issues 0 green, 1 amber, 2+ red', () => {
    expect([0, 1, 2, 4].map(policyIssueLevel)).toEqual(['good', 'warning', 'danger', 'danger'])
  })
})
