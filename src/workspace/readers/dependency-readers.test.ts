import { describe, expect, it } from 'vitest'
import { readCycloneDx } from './cyclonedx'
import { readGrype } from './grype'
import { readNpmAudit } from './npm-audit'
import { readOsvScanner } from './osv'
import { readTrivy } from './trivy'

describe('text from a file stays text', () => {
  const markup = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
  it('keeps HTML in every text field of every dependency format as the same characters', () => {
    const vulnerability = { id: 'GHSA-xvch-5gv4-984h', summary: markup, details: markup, aliases: ['CVE-2021-44906'] }
    const reports = [
      readNpmAudit({
        auditReportVersion: 2,
        vulnerabilities: {
          [markup]: { name: markup, via: [{ source: 1, title: markup, severity: 'high', url: markup }] },
        },
      }),
      readOsvScanner({
        results: [
          {
            source: { path: markup },
            packages: [{ package: { name: markup, version: '1', ecosystem: 'npm' }, vulnerabilities: [vulnerability] }],
          },
        ],
      }),
      readGrype({
        matches: [
          {
            vulnerability: { id: 'CVE-2021-44906', description: markup, severity: 'High' },
            artifact: { name: markup, version: '1' },
          },
        ],
      }),
      readTrivy({
        ArtifactName: markup,
        Results: [
          {
            Target: markup,
            Vulnerabilities: [
              { VulnerabilityID: 'CVE-2021-44906', PkgName: markup, Title: markup, Description: markup },
            ],
          },
        ],
      }),
      readCycloneDx({
        bomFormat: 'CycloneDX',
        specVersion: '1.5',
        metadata: { component: { name: markup } },
        components: [{ 'bom-ref': 'a', name: markup, version: '1' }],
        vulnerabilities: [{ id: 'CVE-2021-44906', description: markup, affects: [{ ref: 'a' }] }],
      }),
    ]
    for (const report of reports) {
      const texts = JSON.stringify(report)
      expect(texts).toContain(JSON.stringify(markup).slice(1, -1))
    }
  })
})

describe('an entry without an id', () => {
  it.each([
    [
      'Trivy',
      () =>
        readTrivy({
          Results: [
            { Target: 'go.mod', Vulnerabilities: [{ PkgName: 'x' }] },
            { Target: 'main.tf', Misconfigurations: [{ Status: 'FAIL' }] },
          ],
        }),
      '2 vulnerabilities or checks without an id left out',
    ],
    [
      'Grype',
      () => readGrype({ matches: [{ vulnerability: {}, artifact: { name: 'x' } }] }),
      '1 match without a vulnerability id left out',
    ],
    [
      'OSV-Scanner',
      () =>
        readOsvScanner({ results: [{ packages: [{ package: { name: 'x' }, vulnerabilities: [{ summary: 's' }] }] }] }),
      '1 vulnerability without an id left out',
    ],
    [
      'npm audit',
      () => readNpmAudit({ auditReportVersion: 2, vulnerabilities: { x: { name: 'x', via: [{ title: 't' }] } } }),
      '1 advisory without a GHSA link or a source id left out',
    ],
    [
      'CycloneDX',
      () => readCycloneDx({ bomFormat: 'CycloneDX', specVersion: '1.5', vulnerabilities: [{ description: 'd' }] }),
      '1 vulnerability without an id left out',
    ],
  ])('is counted by the %s reader, never silently dropped', (_reader, read, warning) => {
    const result = read()
    expect(result.findings).toEqual([])
    expect(result.warnings).toContain(warning)
  })
})
