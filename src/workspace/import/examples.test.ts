import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readScanText } from '@/workspace/readers/detect'
import { exampleCatalogueFiles, exampleFiles } from './examples'
import { readCatalogueFile } from './import-catalogue'
import { isClosedByVex } from '@/workspace/model/model'

const read = (path: string) =>
  readScanText(readFileSync(new URL(`../../../public/examples/${path}`, import.meta.url), 'utf8'))

describe('the example files that ship with Vigil', () => {
  it('are every supported format, and each reads without a refusal', () => {
    expect(exampleFiles.map((path) => read(path)[0].format)).toEqual([
      'sarif',
      'npm-audit',
      'openapi',
      'trivy',
      'grype',
      'openapi',
      'osv-scanner',
      'cyclonedx',
      'openapi',
    ])
  })

  it('describe APIs in Swagger 2.0, OpenAPI 3.0 YAML and 3.1 JSON, with sensitive endpoints open to anyone', () => {
    const specifications = ['atlas-web/swagger.yaml', 'payments-api/openapi.yaml', 'health-records/openapi.json'].map(
      (path) => read(path)[0].apiDocument?.specification,
    )
    expect(specifications).toEqual(['Swagger 2.0', 'OpenAPI 3.0.3', 'OpenAPI 3.1.0'])
    const exposed = exampleFiles
      .flatMap((path) => read(path).flatMap((result) => result.findings))
      .filter(
        (finding) =>
          finding.kind === 'endpoint' && finding.auth === 'None' && (finding.pii || finding.pci || finding.phi),
      )
      .map((finding) => finding.kind === 'endpoint' && `${finding.method} ${finding.path}`)
    expect(exposed).toEqual([
      'POST /signup',
      'POST /newsletter',
      'POST /v1/receipts/{chargeId}/resend',
      'POST /appointments/{id}/reminder',
    ])
  })

  it('show the pitfalls a user meets: a suppressed result, VEX-closed and unscored findings, misconfigurations', () => {
    const [semgrep] = read('atlas-web/semgrep.sarif')
    expect(semgrep.findings).toHaveLength(4)
    expect(semgrep.warnings).toEqual(['1 suppressed result left out'])
    const [sbom] = read('health-records/sbom.cdx.json')
    expect(sbom.findings.filter((finding) => !isClosedByVex(finding))).toHaveLength(1)
    expect(sbom.findings.filter(isClosedByVex)).toHaveLength(1)
    const [grype] = read('payments-api/grype.json')
    expect(grype.findings.map((finding) => finding.kind === 'vulnerability' && finding.severity)).toEqual([
      'Critical',
      'Unknown',
    ])
    const [trivy] = read('payments-api/trivy.json')
    expect(trivy.findings.filter((finding) => finding.kind === 'policy-issue')).toHaveLength(2)
  })

  it('come with a KEV catalogue and EPSS scores made up for the demo, naming the examples’ CVEs', () => {
    const [kev, epss] = exampleCatalogueFiles.map((path) => {
      const text = readFileSync(new URL(`../../../public/examples/${path}`, import.meta.url), 'utf8')
      return readCatalogueFile(path, path.endsWith('.csv') ? { csv: text } : { document: JSON.parse(text) })
    })
    expect(kev.catalogue.kind === 'kev' && kev.catalogue.entries.map((entry) => entry.cve)).toEqual([
      'CVE-2024-45337',
      'CVE-2024-34064',
    ])
    expect(epss.catalogue.kind === 'epss' && [epss.catalogue.scoreDate, epss.catalogue.keys.length]).toEqual([
      '2026-12-06',
      7,
    ])
    expect([kev.skipped, epss.skipped]).toEqual([0, 0])
  })
})
