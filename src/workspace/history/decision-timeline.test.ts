import { describe, expect, it } from 'vitest'
import { codeIssue, logOf, vulnerability } from '@tests/helpers/triage'
import { decisionTimelines } from './decision-timeline'

const minute = (index: number) => new Date(Date.parse('2026-01-01T09:00:00Z') + index * 60_000).toISOString()

describe('each finding’s decisions over time', () => {
  it('keeps a replaced decision for the time it was in force', () => {
    const scope = { kind: 'finding' as const, repository: 'payments', findingKey: 'CVE-2024-0001|lodash@4.17.20' }
    const log = logOf([
      { state: 'accepted-risk', expiresOn: '2026-06-01', scope, reason: 'behind the gateway' },
      { state: 'affected', scope, reason: 'the gateway is gone' },
    ])
    expect(decisionTimelines([vulnerability()], log)).toEqual([
      [
        { at: minute(0), state: 'accepted-risk', expiresOn: '2026-06-01' },
        { at: minute(1), state: 'affected' },
      ],
    ])
  })

  it('lets the narrower scope win while it holds, and the broader one apply again once it is undone', () => {
    const log = logOf([
      { state: 'fixed', scope: { kind: 'advisory', advisoryId: 'GHSA-aaaa-bbbb-cccc' }, reason: 'patched everywhere' },
      {
        state: 'in-triage',
        scope: { kind: 'finding', repository: 'payments', findingKey: 'CVE-2024-0001|lodash@4.17.20' },
        reason: 'checking this one',
      },
      {
        state: 'needs-triage',
        scope: { kind: 'finding', repository: 'payments', findingKey: 'CVE-2024-0001|lodash@4.17.20' },
        reason: 'undo',
      },
    ])
    expect(decisionTimelines([vulnerability()], log)[0]).toEqual([
      { at: minute(0), state: 'fixed' },
      { at: minute(1), state: 'in-triage' },
      { at: minute(2), state: 'fixed' },
    ])
  })

  it('ends with "needs triage" when the only decision is undone, and gives nothing to a finding never decided', () => {
    const rule = { kind: 'rule' as const, repository: 'payments', ruleId: 'js/sql-injection' }
    const log = logOf([
      { state: 'false-positive', scope: rule, reason: 'sanitised' },
      { state: 'needs-triage', scope: rule, reason: 'undo' },
    ])
    const [issue, other] = decisionTimelines([codeIssue(), vulnerability()], log)
    expect(issue).toEqual([
      { at: minute(0), state: 'false-positive' },
      { at: minute(1), state: 'needs-triage' },
    ])
    expect(other).toBeUndefined()
  })

  it('writes one event for a decision written again unchanged, and shares it between findings alike', () => {
    const advisory = { kind: 'advisory' as const, advisoryId: 'CVE-2024-0001' }
    const log = logOf([
      { state: 'not-affected', justification: 'component_not_present', scope: advisory, reason: 'a' },
      { state: 'not-affected', justification: 'component_not_present', scope: advisory, reason: 'b' },
    ])
    const [first, second] = decisionTimelines([vulnerability(), vulnerability({ repository: 'storefront' })], log)
    expect(first).toEqual([{ at: minute(0), state: 'not-affected' }])
    expect(second).toBe(first)
  })
})
