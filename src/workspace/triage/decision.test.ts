import { describe, expect, it } from 'vitest'
import { describeScope, isDay, scopeKey, scopeRank, validateDecision, type Decision } from './decision'

const base: Decision = {
  state: 'in-triage',
  scope: { kind: 'finding', repository: 'payments', findingKey: 'CVE-2024-1|lodash@4.17.20' },
  reason: '',
}
const now = new Date('2026-03-01T12:00:00Z')

describe('decisions', () => {
  it('accepts a complete decision of every state', () => {
    const complete: Decision[] = [
      base,
      { ...base, state: 'needs-triage' },
      { ...base, state: 'affected', dueOn: '2026-04-01' },
      { ...base, state: 'affected' },
      { ...base, state: 'not-affected', justification: 'vulnerable_code_not_in_execute_path' },
      { ...base, state: 'false-positive', reason: 'The scanner read a lock file of a fixture.' },
      { ...base, state: 'accepted-risk', reason: 'Internal tool, no user input.', expiresOn: '2026-06-30' },
      { ...base, state: 'fixed' },
    ]
    for (const decision of complete) expect(validateDecision(decision, { now })).toEqual([])
  })

  it.each<[string, Decision, string]>([
    ['not affected without justification', { ...base, state: 'not-affected' }, 'choose one of the five justifications'],
    [
      'not affected with a made-up justification',
      { ...base, state: 'not-affected', justification: 'because' as never },
      'choose one of the five justifications',
    ],
    [
      'accepted risk without reason',
      { ...base, state: 'accepted-risk', reason: '  ', expiresOn: '2026-06-30' },
      'Write why the team accepts the risk.',
    ],
    [
      'accepted risk without expiry',
      { ...base, state: 'accepted-risk', reason: 'r' },
      'Choose the day the accepted risk expires',
    ],
    [
      'accepted risk with a day that does not exist',
      { ...base, state: 'accepted-risk', reason: 'r', expiresOn: '2026-02-30' },
      'is not a day: write it as 2026-12-31',
    ],
    [
      'accepted risk that expired already',
      { ...base, state: 'accepted-risk', reason: 'r', expiresOn: '2026-03-01' },
      'Choose an expiry after today',
    ],
    ['affected with a due date that is no day', { ...base, state: 'affected', dueOn: 'soon' }, 'The due date "soon"'],
    [
      'a finding scope without repository',
      { ...base, scope: { kind: 'finding', repository: ' ', findingKey: 'k' } },
      'Choose the repository',
    ],
    [
      'a finding scope without finding',
      { ...base, scope: { kind: 'finding', repository: 'r', findingKey: '' } },
      'Choose the finding',
    ],
    ['a rule scope without rule', { ...base, scope: { kind: 'rule', repository: 'r', ruleId: '' } }, 'Choose the rule'],
    [
      'a path scope with a broken pattern',
      { ...base, scope: { kind: 'path', repository: 'r', pattern: 'test/{a' } },
      'do not pair up',
    ],
    [
      'an advisory scope without advisory',
      { ...base, scope: { kind: 'advisory', advisoryId: ' ' } },
      'Choose the advisory',
    ],
    [
      'an advisory scope with a package that is no purl',
      { ...base, scope: { kind: 'advisory', advisoryId: 'CVE-1', purl: 'lodash' } },
      'is not a package URL',
    ],
    ['a reason longer than 5,000 characters', { ...base, reason: 'x'.repeat(5001) }, 'Shorten the reason'],
  ])('refuses %s, saying what to fix', (_, decision, message) => {
    const problems = validateDecision(decision, { now })
    expect(problems.join(' ')).toContain(message)
    for (const problem of problems) expect(problem).toMatch(/^[A-Z"].*[.]$/)
  })

  it('lists every problem at once', () => {
    expect(validateDecision({ ...base, state: 'accepted-risk' }, { now })).toHaveLength(2)
  })

  it('keeps rules and "used in tests" to code findings', () => {
    const rule: Decision = { ...base, scope: { kind: 'rule', repository: 'r', ruleId: 'js/xss' }, usedInTests: true }
    expect(validateDecision(rule, { codeFindings: true })).toEqual([])
    expect(validateDecision(rule, { codeFindings: false })).toHaveLength(2)
  })

  it('gives one key per scope, advisory ids and purls compared the same whatever their spelling', () => {
    expect(scopeKey({ kind: 'advisory', advisoryId: 'ghsa-abcd-efgh-ijkl' })).toBe(
      scopeKey({ kind: 'advisory', advisoryId: ' GHSA-ABCD-EFGH-IJKL' }),
    )
    expect(scopeKey({ kind: 'advisory', advisoryId: 'CVE-1', purl: 'pkg:npm/%40babel/core@7.0.0' })).toBe(
      scopeKey({ kind: 'advisory', advisoryId: 'CVE-1', purl: 'pkg:npm/@babel/core@7.0.0' }),
    )
    expect(scopeKey({ kind: 'advisory', advisoryId: 'CVE-1', repository: 'a' })).not.toBe(
      scopeKey({ kind: 'advisory', advisoryId: 'CVE-1' }),
    )
    expect(scopeKey({ kind: 'rule', repository: 'a', ruleId: 'x' })).not.toBe(
      scopeKey({ kind: 'path', repository: 'a', pattern: 'x' }),
    )
  })

  it('ranks scopes from the narrowest', () => {
    const ranks = [
      scopeRank({ kind: 'finding', repository: 'r', findingKey: 'k' }),
      scopeRank({ kind: 'path', repository: 'r', pattern: 'test/**' }),
      scopeRank({ kind: 'advisory', repository: 'r', advisoryId: 'A', purl: 'pkg:npm/a' }),
      scopeRank({ kind: 'advisory', repository: 'r', advisoryId: 'A' }),
      scopeRank({ kind: 'advisory', advisoryId: 'A', purl: 'pkg:npm/a' }),
      scopeRank({ kind: 'advisory', advisoryId: 'A' }),
    ]
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks)
    expect(new Set(ranks).size).toBe(ranks.length)
    expect(scopeRank({ kind: 'rule', repository: 'r', ruleId: 'x' })).toBe(ranks[1])
  })

  it('describes scopes and days in words', () => {
    expect(describeScope({ kind: 'advisory', advisoryId: 'CVE-1' })).toBe('CVE-1 in every repository')
    expect(describeScope({ kind: 'path', repository: 'api', pattern: 'test/**' })).toBe('files matching test/** in api')
    expect(isDay('2028-02-29')).toBe(true)
    expect(isDay('2027-02-29')).toBe(false)
    expect(isDay('2027-2-1')).toBe(false)
  })
})
