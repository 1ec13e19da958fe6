import { describe, expect, it } from 'vitest'
import { exportScenario } from '@tests/helpers/triage-export-scenario'
import { routed, type ExportFormat } from './routing'

const formats: ExportFormat[] = ['openvex', 'cyclonedx-vex', 'trivy', 'osv-scanner', 'grype', 'sarif']

describe('export routing', () => {
  it('sends each decision where it means something (the table of docs/triage.md)', () => {
    const { payments } = exportScenario()
    const table = Object.fromEntries(
      formats.map((format) => [format, routed(format, payments).map((item) => item.finding.key.split('|')[0])]),
    )
    expect(table).toEqual({
      // Every decided vulnerability with a package, expired accepted risk (CVE-2024-0007) left out.
      openvex: [
        'CVE-2024-0001',
        'CVE-2024-0002',
        'GHSA-xxxx-yyyy-zzzz',
        'CVE-2024-0004',
        'CVE-2024-0005',
        'CVE-2024-0006',
      ],
      'cyclonedx-vex': [
        'CVE-2024-0001',
        'CVE-2024-0002',
        'GHSA-xxxx-yyyy-zzzz',
        'CVE-2024-0004',
        'CVE-2024-0005',
        'CVE-2024-0006',
      ],
      // Accepted risks of vulnerabilities; every suppression of Trivy's own rules and secrets.
      trivy: ['CVE-2024-0002', 'AVD-AWS-0086', 'aws-access-key-id'],
      'osv-scanner': ['CVE-2024-0001', 'CVE-2024-0002', 'GHSA-xxxx-yyyy-zzzz'],
      grype: ['CVE-2024-0002'],
      sarif: ['js/sql-injection', 'js/xss', 'js/path-injection', 'AVD-AWS-0086', 'aws-access-key-id'],
    })
  })

  it('also writes not affected and false positive into Trivy and Grype when asked', () => {
    const { payments } = exportScenario()
    const options = { ignoreVexStates: true }
    expect(routed('grype', payments, options).map((item) => item.finding.advisoryId)).toEqual([
      'CVE-2024-0001',
      'CVE-2024-0002',
      'GHSA-xxxx-yyyy-zzzz',
    ])
    expect(routed('trivy', payments, options)).toHaveLength(5)
  })
})
