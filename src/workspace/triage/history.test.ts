import { describe, expect, it } from 'vitest'
import { alice, codeIssue, logOf, vulnerability } from '@tests/helpers/triage'
import { historyOf } from './history'

describe('historyOf', () => {
  it('lists the entries of every scope that covers the finding, newest first', () => {
    const log = logOf([
      { state: 'in-triage', scope: { kind: 'advisory', advisoryId: 'CVE-2024-0001' }, reason: 'looking' },
      {
        state: 'not-affected',
        justification: 'vulnerable_code_not_present',
        scope: { kind: 'finding', repository: 'payments', findingKey: 'CVE-2024-0001|lodash@4.17.20' },
        reason: 'not used',
      },
      { state: 'fixed', scope: { kind: 'advisory', advisoryId: 'CVE-2099-0002' }, reason: 'another advisory' },
    ])
    const history = historyOf([vulnerability()], log)
    expect(history.map((entry) => entry.reason)).toEqual(['not used', 'looking'])
    expect(history[0]).toMatchObject({ by: alice, previousState: 'needs-triage', state: 'not-affected' })
  })

  it('matches an advisory decision through the finding aliases, in its repository only', () => {
    const log = logOf([
      {
        state: 'fixed',
        scope: { kind: 'advisory', repository: 'payments', advisoryId: 'ghsa-aaaa-bbbb-cccc' },
        reason: 'a',
      },
      {
        state: 'fixed',
        scope: { kind: 'advisory', repository: 'storefront', advisoryId: 'CVE-2024-0001' },
        reason: 'b',
      },
    ])
    expect(historyOf([vulnerability()], log).map((entry) => entry.reason)).toEqual(['a'])
  })

  it('covers a code finding through a path pattern and its rule, an expired accepted risk included', () => {
    const log = logOf([
      { state: 'false-positive', scope: { kind: 'path', repository: 'payments', pattern: 'src/**' }, reason: 'path' },
      {
        state: 'accepted-risk',
        expiresOn: '2026-01-02',
        scope: { kind: 'rule', repository: 'payments', ruleId: 'js/sql-injection' },
        reason: 'rule',
      },
      { state: 'fixed', scope: { kind: 'path', repository: 'payments', pattern: 'test/**' }, reason: 'other path' },
    ])
    expect(historyOf([codeIssue()], log).map((entry) => entry.reason)).toEqual(['rule', 'path'])
  })

  it('lists each entry once for several findings, a scope undone since included', () => {
    const log = logOf([
      { state: 'fixed', scope: { kind: 'advisory', advisoryId: 'CVE-2024-0001' }, reason: 'both' },
      {
        state: 'false-positive',
        scope: { kind: 'rule', repository: 'payments', ruleId: 'js/sql-injection' },
        reason: 'rule',
      },
      {
        state: 'needs-triage',
        scope: { kind: 'rule', repository: 'payments', ruleId: 'js/sql-injection' },
        reason: 'undo',
      },
      { state: 'fixed', scope: { kind: 'advisory', advisoryId: 'CVE-2099-0002' }, reason: 'neither' },
    ])
    const reasons = historyOf([vulnerability(), codeIssue()], log).map((entry) => entry.reason)
    expect(reasons.sort()).toEqual(['both', 'rule', 'undo'])
  })

  it('gives nothing for an empty log', () => {
    expect(historyOf([vulnerability()], [])).toEqual([])
  })
})
