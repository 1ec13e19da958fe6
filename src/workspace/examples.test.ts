import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readScanText } from './detect'
import { exampleFiles } from './examples'

const read = (path: string) =>
  readScanText(readFileSync(new URL(`../../public/examples/${path}`, import.meta.url), 'utf8'))

describe('the example files that ship with Vigil', () => {
  it('are every supported format, and each reads without a refusal', () => {
    expect(exampleFiles.map((path) => read(path)[0].format)).toEqual([
      'sarif',
      'npm-audit',
      'trivy',
      'grype',
      'osv-scanner',
      'cyclonedx',
    ])
  })

  it('show the pitfalls a user meets: a suppressed result, VEX-closed and unscored findings, misconfigurations', () => {
    const [semgrep] = read('atlas-web/semgrep.sarif')
    expect(semgrep.findings).toHaveLength(4)
    expect(semgrep.warnings).toEqual(['1 suppressed result left out'])
    const [sbom] = read('health-records/sbom.cdx.json')
    expect(sbom.findings).toHaveLength(1)
    const [grype] = read('payments-api/grype.json')
    expect(grype.findings.map((finding) => finding.kind === 'vulnerability' && finding.severity)).toEqual([
      'Critical',
      'Unknown',
    ])
    const [trivy] = read('payments-api/trivy.json')
    expect(trivy.findings.filter((finding) => finding.kind === 'policy-issue')).toHaveLength(2)
  })
})
