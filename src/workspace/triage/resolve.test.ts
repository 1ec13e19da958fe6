import { describe, expect, it } from 'vitest'
import type { Decision } from './decision'
import { recordDecisions } from './decision-log'
import { countDecisions, isOpen, resolveDecisions, scopeChoices, undecided } from './resolve'
import { alice, codeIssue, logOf, sequentialIds, vulnerability } from '@tests/helpers/triage'

const now = new Date('2026-03-01T00:00:00Z')
const resolve = (findings: Parameters<typeof resolveDecisions>[0], log: Parameters<typeof resolveDecisions>[1]) =>
  resolveDecisions(findings, log, { now })

const finding = vulnerability()
const inTriage = (scope: Decision['scope'], reason = ''): Decision => ({ state: 'in-triage', scope, reason })

describe('resolution', () => {
  it('leaves a finding nobody decided on needing triage', () => {
    const { effective, stale } = resolve([finding], [])
    expect(effective).toEqual([undecided])
    expect(stale).toEqual([])
  })

  it('lets the narrowest scope win: finding > path or rule > advisory for the package > advisory in the repository > everywhere', () => {
    const everywhere: Decision = {
      state: 'affected',
      scope: { kind: 'advisory', advisoryId: 'CVE-2024-0001' },
      reason: 'all',
    }
    const inRepository: Decision = {
      state: 'false-positive',
      scope: { kind: 'advisory', repository: 'payments', advisoryId: 'CVE-2024-0001' },
      reason: 'repo',
    }
    const forPackage: Decision = {
      state: 'fixed',
      scope: { kind: 'advisory', repository: 'payments', advisoryId: 'CVE-2024-0001', purl: 'pkg:npm/lodash' },
      reason: 'package',
    }
    const byPath: Decision = {
      state: 'in-triage',
      scope: { kind: 'path', repository: 'payments', pattern: '*.json' },
      reason: 'path',
    }
    const forFinding: Decision = {
      state: 'not-affected',
      justification: 'vulnerable_code_not_present',
      scope: { kind: 'finding', repository: 'payments', findingKey: finding.key },
      reason: 'finding',
    }
    // Written broadest last, so that newer does not explain the outcome.
    const order = [forFinding, byPath, forPackage, inRepository, everywhere]
    for (let count = order.length; count >= 1; count -= 1) {
      const log = logOf(order.slice(order.length - count))
      expect(resolve([finding], log).effective[0].entry?.reason).toBe(order[order.length - count].reason)
    }
    // Another repository takes the decision made for every repository.
    const elsewhere = vulnerability({ repository: 'storefront' })
    expect(resolve([elsewhere], logOf(order)).effective[0].state).toBe('affected')
  })

  it('lets a rule and a path pattern cover code findings, the newer winning between the two', () => {
    const issue = codeIssue({ file: 'test/db.spec.ts', key: 'js/sql-injection|test/db.spec.ts:3|' })
    const rule = inTriage({ kind: 'rule', repository: 'payments', ruleId: 'js/sql-injection' }, 'rule')
    const path: Decision = {
      state: 'false-positive',
      scope: { kind: 'path', repository: 'payments', pattern: 'test/**' },
      reason: 'test code',
      usedInTests: true,
    }
    expect(resolve([issue], logOf([rule, path])).effective[0].entry?.reason).toBe('test code')
    expect(resolve([issue], logOf([path, rule])).effective[0].entry?.reason).toBe('rule')
    expect(resolve([codeIssue()], logOf([path])).effective[0]).toBe(undecided)
    expect(resolve([codeIssue({ repository: 'other', file: 'test/a.ts' })], logOf([path])).effective[0]).toBe(undecided)
  })

  it('matches advisories through aliases and without case', () => {
    const byGhsa = inTriage({ kind: 'advisory', advisoryId: 'ghsa-AAAA-bbbb-cccc' })
    expect(resolve([finding], logOf([byGhsa])).effective[0].state).toBe('in-triage')
    const reportedAsGhsa = vulnerability({ advisoryId: 'GHSA-aaaa-bbbb-cccc', aliases: ['CVE-2024-0001'] })
    expect(
      resolve([reportedAsGhsa], logOf([inTriage({ kind: 'advisory', advisoryId: 'cve-2024-0001' })])).effective[0]
        .state,
    ).toBe('in-triage')
    expect(resolve([vulnerability({ aliases: [] })], logOf([byGhsa])).effective[0]).toBe(undecided)
  })

  it('does not carry a finding decision to a new version of the package, but does carry an advisory decision', () => {
    const forFinding: Decision = {
      state: 'fixed',
      scope: { kind: 'finding', repository: 'payments', findingKey: finding.key },
      reason: '',
    }
    const upgraded = vulnerability({ key: 'CVE-2024-0001|lodash@4.17.21', packageVersion: '4.17.21' })
    expect(resolve([upgraded], logOf([forFinding])).effective[0]).toBe(undecided)
    const forAdvisory = {
      ...forFinding,
      scope: { kind: 'advisory', repository: 'payments', advisoryId: 'CVE-2024-0001' },
    } as Decision
    expect(resolve([upgraded], logOf([forAdvisory])).effective[0].state).toBe('fixed')
  })

  it('matches a package scope by purl, with or without version', () => {
    const versioned = inTriage({ kind: 'advisory', advisoryId: 'CVE-2024-0001', purl: 'pkg:npm/lodash@4.17.20' })
    const anyVersion = inTriage({ kind: 'advisory', advisoryId: 'CVE-2024-0001', purl: 'pkg:npm/lodash' })
    const upgraded = vulnerability({ packageVersion: '4.17.21' })
    expect(resolve([finding, upgraded], logOf([versioned])).effective.map((e) => e.state)).toEqual([
      'in-triage',
      'needs-triage',
    ])
    expect(resolve([finding, upgraded], logOf([anyVersion])).effective.map((e) => e.state)).toEqual([
      'in-triage',
      'in-triage',
    ])
    expect(resolve([vulnerability({ packageName: 'underscore' })], logOf([anyVersion])).effective[0]).toBe(undecided)
    // The scanner's own purl counts too.
    const scoped = vulnerability({ ecosystem: undefined, purl: 'pkg:npm/lodash@4.17.20' })
    expect(resolve([scoped], logOf([versioned])).effective[0].state).toBe('in-triage')
  })

  it('reopens an accepted risk past its expiry, marked expired, by the clock given', () => {
    const accepted: Decision = {
      state: 'accepted-risk',
      scope: { kind: 'advisory', advisoryId: 'CVE-2024-0001' },
      reason: 'Internal only',
      expiresOn: '2026-03-01',
    }
    const log = logOf([accepted])
    const before = resolveDecisions([finding], log, { now: new Date('2026-02-28T23:59:59Z') }).effective[0]
    expect(before).toMatchObject({ state: 'accepted-risk', expired: false })
    expect(isOpen(before)).toBe(false)
    const after = resolveDecisions([finding], log, { now: new Date('2026-03-01T00:00:00Z') }).effective[0]
    expect(after).toMatchObject({ state: 'needs-triage', expired: true, entry: log[0] })
    expect(isOpen(after)).toBe(true)
  })

  it('asks for a review when the finding is more severe than when decided', () => {
    const log = logOf([{ ...inTriage({ kind: 'advisory', advisoryId: 'CVE-2024-0001' }), severity: 'Medium' }])
    const [same, higher, lower] = resolve(
      [
        vulnerability({ severity: 'Medium' }),
        vulnerability({ severity: 'Critical' }),
        vulnerability({ severity: 'Unknown' }),
      ],
      log,
    ).effective
    expect([same.review, higher.review, lower.review]).toEqual([false, true, false])
    expect(higher.state).toBe('in-triage')
  })

  it('lists decisions that match none of the findings as stale', () => {
    const gone = inTriage({ kind: 'advisory', advisoryId: 'CVE-1999-0001' })
    const used = inTriage({ kind: 'advisory', advisoryId: 'CVE-2024-0001' })
    const overridden = inTriage({ kind: 'finding', repository: 'payments', findingKey: finding.key })
    const log = logOf([gone, used, overridden])
    expect(resolve([finding], log).stale).toEqual([log[0]])
  })

  it('treats "needs triage" as the newest entry as no decision at that scope', () => {
    const broad = inTriage({ kind: 'advisory', advisoryId: 'CVE-2024-0001' }, 'broad')
    const narrow: Decision = {
      state: 'fixed',
      scope: { kind: 'finding', repository: 'payments', findingKey: finding.key },
      reason: '',
    }
    const log = logOf([broad, narrow, { ...narrow, state: 'needs-triage' }])
    expect(resolve([finding], log).effective[0].entry?.reason).toBe('broad')
    expect(resolve([finding], log).stale).toEqual([])
  })

  it('takes the newest decision between two of the same rank (one per alias)', () => {
    const log = logOf([
      { ...inTriage({ kind: 'advisory', advisoryId: 'CVE-2024-0001' }), reason: 'by CVE' },
      { ...inTriage({ kind: 'advisory', advisoryId: 'GHSA-aaaa-bbbb-cccc' }), reason: 'by GHSA' },
    ])
    expect(resolve([finding], log).effective[0].entry?.reason).toBe('by GHSA')
  })

  it('counts open findings and those needing triage', () => {
    const makeId = sequentialIds()
    const decisions: Decision[] = [
      {
        state: 'not-affected',
        justification: 'component_not_present',
        scope: { kind: 'finding', repository: 'r', findingKey: '1' },
        reason: '',
      },
      { state: 'false-positive', scope: { kind: 'finding', repository: 'r', findingKey: '2' }, reason: '' },
      { state: 'fixed', scope: { kind: 'finding', repository: 'r', findingKey: '3' }, reason: '' },
      {
        state: 'accepted-risk',
        expiresOn: '2026-12-31',
        scope: { kind: 'finding', repository: 'r', findingKey: '4' },
        reason: 'r',
      },
      {
        state: 'accepted-risk',
        expiresOn: '2026-01-31',
        scope: { kind: 'finding', repository: 'r', findingKey: '5' },
        reason: 'r',
      },
      { state: 'affected', scope: { kind: 'finding', repository: 'r', findingKey: '6' }, reason: '' },
      { state: 'in-triage', scope: { kind: 'finding', repository: 'r', findingKey: '7' }, reason: '' },
    ]
    const log = recordDecisions(
      [],
      decisions.map((decision) => ({ decision, severity: 'Low' as const })),
      { by: alice, at: '2026-01-01T00:00:00Z', makeId },
    )
    const findings = ['1', '2', '3', '4', '5', '6', '7', '8'].map((key) => vulnerability({ repository: 'r', key }))
    const counts = countDecisions(resolve(findings, log).effective)
    expect(counts).toMatchObject({ total: 8, open: 4, needsTriage: 2, expired: 1, review: 7 })
    expect(counts.byState).toMatchObject({ 'accepted-risk': 1, 'needs-triage': 2, affected: 1, 'in-triage': 1 })
  })

  it('offers the scopes a finding can be decided at', () => {
    expect(scopeChoices(finding).map((scope) => scope.kind)).toEqual(['finding', 'advisory', 'advisory'])
    expect(scopeChoices(codeIssue()).map((scope) => scope.kind)).toEqual(['finding', 'rule'])
  })

  it('resolves 100,000 findings against 10,000 decisions', () => {
    const findings = Array.from({ length: 100_000 }, (_, index) =>
      vulnerability({
        repository: `repo-${index % 50}`,
        key: `k-${index}`,
        advisoryId: `CVE-2024-${index % 20_000}`,
        aliases: [],
      }),
    )
    const decisions = Array.from({ length: 10_000 }, (_, index) => ({
      decision: inTriage(
        index % 2 === 0
          ? { kind: 'advisory', advisoryId: `CVE-2024-${index}` }
          : { kind: 'finding', repository: `repo-${index % 50}`, findingKey: `k-${index}` },
      ),
      severity: 'High' as const,
    }))
    const log = recordDecisions([], decisions, { by: alice, at: '2026-01-01T00:00:00Z', makeId: sequentialIds() })
    const { effective, stale } = resolve(findings, log)
    expect(effective.filter((decision) => decision.state === 'in-triage').length).toBeGreaterThan(20_000)
    expect(stale).toEqual([])
  })
})
