import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { exportScenario } from '@tests/helpers/triage-export-scenario'
import { exportTrivyIgnore } from './trivy-ignore'

describe('Trivy ignore file export', () => {
  it("writes .trivyignore.yaml with Trivy's keys: id, purls or paths, expired_at, statement", () => {
    const { payments } = exportScenario()
    const text = exportTrivyIgnore(payments)!
    // Trivy reads expired_at as a YAML timestamp: a plain date, not a quoted string.
    expect(text).toContain('expired_at: 2026-06-30\n')
    expect(parse(text)).toEqual({
      vulnerabilities: [
        {
          // Decided for the advisory in the repository: every package of it.
          id: 'CVE-2024-0002',
          expired_at: '2026-06-30',
          statement:
            'Accepted risk until 2026-06-30: No untrusted input reaches the parser. (Alice, 2026-01-01, Vigil)',
        },
      ],
      misconfigurations: [
        {
          id: 'AVD-AWS-0086',
          statement: 'False positive: The bucket is private by policy. (Alice, 2026-01-01, Vigil)',
        },
      ],
      secrets: [
        {
          id: 'aws-access-key-id',
          paths: ['test/**'],
          expired_at: '2026-09-01',
          statement: 'Accepted risk until 2026-09-01: Test code. (Alice, 2026-01-01, Vigil)',
        },
      ],
    })
  })

  it('narrows a decision on one finding to its package, and lists every alias', () => {
    const { payments } = exportScenario()
    const document = parse(exportTrivyIgnore(payments, { ignoreVexStates: true })!)
    expect(document.vulnerabilities).toContainEqual({
      id: 'GHSA-aaaa-bbbb-cccc',
      purls: ['pkg:npm/lodash@4.17.20'],
      statement: 'Not affected: Only the command-line tool calls it. (Alice, 2026-01-01, Vigil)',
    })
    // A decision on the advisory everywhere ignores it for every package.
    expect(document.vulnerabilities.filter((entry: { id: string }) => entry.id === 'CVE-2024-0003')).toEqual([
      { id: 'CVE-2024-0003', statement: expect.stringContaining('False positive') },
    ])
  })

  it('writes nothing when no decision is for Trivy', () => {
    const { payments } = exportScenario()
    expect(exportTrivyIgnore(payments.filter((item) => item.finding.tool === 'CodeQL'))).toBeUndefined()
  })
})
