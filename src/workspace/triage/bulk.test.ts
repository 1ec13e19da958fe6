import { describe, expect, it } from 'vitest'
import { checkDraft, defaultScope, expandDraft, type DecisionDraft } from './bulk'
import { codeIssue, vulnerability } from '@tests/helpers/triage'

const now = new Date('2026-03-01T00:00:00Z')
const draft = (change: Partial<DecisionDraft> = {}): DecisionDraft => ({
  state: 'false-positive',
  scope: 'finding',
  reason: ' Wrong package ',
  ...change,
})

describe('bulk decisions', () => {
  const findings = [
    vulnerability({ severity: 'Low' }),
    vulnerability({ key: 'CVE-2024-0001|lodash@4.17.21', packageVersion: '4.17.21', severity: 'Critical' }),
    vulnerability({ repository: 'storefront', severity: 'Medium' }),
  ]

  it('makes one decision per finding at finding scope', () => {
    const requests = expandDraft(findings, draft())
    expect(requests.map((request) => [request.decision.scope, request.severity])).toEqual([
      [{ kind: 'finding', repository: 'payments', findingKey: 'CVE-2024-0001|lodash@4.17.20' }, 'Low'],
      [{ kind: 'finding', repository: 'payments', findingKey: 'CVE-2024-0001|lodash@4.17.21' }, 'Critical'],
      [{ kind: 'finding', repository: 'storefront', findingKey: 'CVE-2024-0001|lodash@4.17.20' }, 'Medium'],
    ])
    expect(requests[0].decision.reason).toBe('Wrong package')
  })

  it('makes one decision per advisory and repository, with the highest severity it covers', () => {
    const requests = expandDraft(findings, draft({ scope: 'advisory-in-repository' }))
    expect(requests.map((request) => [request.decision.scope, request.severity])).toEqual([
      [{ kind: 'advisory', repository: 'payments', advisoryId: 'CVE-2024-0001' }, 'Critical'],
      [{ kind: 'advisory', repository: 'storefront', advisoryId: 'CVE-2024-0001' }, 'Medium'],
    ])
    expect(expandDraft(findings, draft({ scope: 'advisory-everywhere' }))).toHaveLength(1)
    expect(expandDraft(findings, draft({ scope: 'path', pattern: '**/package-lock.json' }))).toHaveLength(2)
  })

  it('keeps only the fields of the chosen state', () => {
    const [request] = expandDraft(
      findings,
      draft({
        state: 'affected',
        dueOn: '2026-04-01',
        expiresOn: '2026-05-01',
        justification: 'component_not_present',
      }),
    )
    expect(request.decision).toEqual({
      state: 'affected',
      scope: request.decision.scope,
      reason: 'Wrong package',
      dueOn: '2026-04-01',
    })
  })

  it('says what is missing, in words', () => {
    expect(checkDraft(findings, draft(), now)).toEqual([])
    expect(checkDraft([], draft(), now)).toEqual(['Choose the findings to decide on.'])
    expect(checkDraft(findings, draft({ state: 'needs-triage' }), now)).toEqual(['Choose what the team decided.'])
    expect(checkDraft(findings, draft({ state: 'not-affected' }), now)).toEqual([
      'Say why it is not affected: choose one of the five justifications.',
    ])
    expect(checkDraft(findings, draft({ state: 'accepted-risk', reason: '' }), now)).toEqual([
      'Write why the team accepts the risk.',
      'Choose the day the accepted risk expires, so that the finding is looked at again.',
    ])
    expect(checkDraft([...findings, codeIssue()], draft({ scope: 'advisory-in-repository' }), now)).toEqual([
      '1 of the 4 chosen findings has no advisory: choose "this finding" or a path pattern instead.',
    ])
    expect(checkDraft(findings, draft({ scope: 'rule' }), now)[0]).toBe(
      'None of the chosen findings has a rule: choose "this finding" or a path pattern instead.',
    )
    expect(checkDraft([findings[0]], draft({ scope: 'rule' }), now)[0]).toBe(
      'The chosen finding has no rule: choose "this finding" or a path pattern instead.',
    )
    expect(checkDraft(findings, draft({ scope: 'path', pattern: '' }), now)).toEqual([
      'Write a path pattern, such as test/** or **/*.spec.ts.',
    ])
  })

  it('starts at the advisory in the repository for several vulnerabilities, else at the finding', () => {
    expect(defaultScope(findings)).toBe('advisory-in-repository')
    expect(defaultScope([findings[0]])).toBe('finding')
    expect(defaultScope([findings[0], codeIssue()])).toBe('finding')
  })
})
