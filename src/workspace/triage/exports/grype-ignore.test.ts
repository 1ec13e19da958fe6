import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { exportScenario } from '@tests/helpers/triage-export-scenario'
import { exportGrypeIgnore } from './grype-ignore'

describe('Grype ignore rules export', () => {
  it("writes .grype.yaml ignore rules with Grype's keys: vulnerability, reason, package", () => {
    const { payments } = exportScenario()
    expect(parse(exportGrypeIgnore(payments)!)).toEqual({
      ignore: [
        {
          vulnerability: 'CVE-2024-0002',
          reason: 'Accepted risk until 2026-06-30: No untrusted input reaches the parser. (Alice, 2026-01-01, Vigil)',
        },
      ],
    })
  })

  it('narrows a decision on a finding to the package, with its Grype type, one rule per alias', () => {
    const { payments } = exportScenario()
    const { ignore } = parse(exportGrypeIgnore(payments, { ignoreVexStates: true })!)
    expect(ignore.filter((rule: { reason: string }) => rule.reason.startsWith('Not affected'))).toEqual([
      {
        vulnerability: 'CVE-2024-0001',
        reason: expect.any(String),
        package: { name: 'lodash', version: '4.17.20', type: 'npm' },
      },
      {
        vulnerability: 'GHSA-aaaa-bbbb-cccc',
        reason: expect.any(String),
        package: { name: 'lodash', version: '4.17.20', type: 'npm' },
      },
    ])
  })

  it('leaves out an accepted risk that has expired: Grype has no expiry', () => {
    const { payments } = exportScenario()
    expect(exportGrypeIgnore(payments)).not.toContain('CVE-2024-0007')
    expect(exportGrypeIgnore(payments.filter((item) => item.finding.advisoryId === 'CVE-2024-0007'))).toBeUndefined()
  })

  it('ignores by path pattern and by package purl as the decision says', () => {
    const { payments } = exportScenario()
    const [item] = payments
    const entry = item.decision.entry!
    const byPath = {
      ...item,
      decision: {
        ...item.decision,
        state: 'accepted-risk' as const,
        entry: {
          ...entry,
          state: 'accepted-risk' as const,
          expiresOn: '2026-12-31',
          scope: { kind: 'path' as const, repository: 'payments', pattern: '**/fixtures/**' },
        },
      },
    }
    const byPackage = {
      ...item,
      decision: {
        ...byPath.decision,
        entry: {
          ...byPath.decision.entry,
          scope: { kind: 'advisory' as const, advisoryId: 'CVE-2024-0001', purl: 'pkg:npm/lodash' },
        },
      },
    }
    expect(parse(exportGrypeIgnore([byPath])!).ignore[0].package).toEqual({ location: '**/fixtures/**' })
    expect(parse(exportGrypeIgnore([byPackage])!).ignore[0].package).toEqual({ name: 'lodash', type: 'npm' })
  })
})
