import { describe, expect, it } from 'vitest'
import { isClosedByVex, type VulnerabilityFinding } from '@/workspace/model/model'
import { readCycloneDx, versionStatus } from './cyclonedx'

const vulnerabilities = (findings: unknown[]) => findings as VulnerabilityFinding[]

const bom = (specVersion: string, vulnerabilityList: unknown[], subject?: object) => ({
  bomFormat: 'CycloneDX',
  specVersion,
  version: 1,
  metadata: {
    timestamp: '2026-11-19T12:00:00+01:00',
    tools: { components: [{ type: 'application', name: 'cdxgen' }] },
    component: subject ?? { type: 'application', name: 'billing-service', 'bom-ref': 'app' },
  },
  components: [
    {
      'bom-ref': 'pkg:npm/express@4.17.1',
      type: 'library',
      name: 'express',
      version: '4.17.1',
      purl: 'pkg:npm/express@4.17.1',
    },
    {
      'bom-ref': 'jackson',
      type: 'library',
      group: 'com.fasterxml.jackson.core',
      name: 'jackson-databind',
      version: '2.9.8',
      purl: 'pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.9.8',
    },
  ],
  vulnerabilities: vulnerabilityList,
})

describe('the CycloneDX reader', () => {
  it('reads ratings (a vector without its CVSS prefix), affects, CWEs, and keeps a recommendation as advice', () => {
    const result = readCycloneDx(
      bom('1.5', [
        {
          id: 'CVE-2022-24999',
          source: { name: 'NVD', url: 'https://nvd.example/CVE-2022-24999' },
          references: [{ id: 'GHSA-hrpp-h998-j3pp', source: { name: 'GitHub' } }],
          ratings: [
            {
              source: { name: 'NVD' },
              score: 7.5,
              severity: 'high',
              method: 'CVSSv31',
              vector: 'AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H',
            },
          ],
          cwes: [1321],
          description: 'qs prototype poisoning',
          recommendation: 'Upgrade to 4.17.3',
          workaround: 'Limit the depth of parsed query strings.',
          affects: [{ ref: 'pkg:npm/express@4.17.1' }],
        },
      ]),
      { fileName: 'sbom/bom.cdx.json' },
    )
    expect(result.repository).toBe('billing-service')
    expect(result.tool).toBe('cdxgen (CycloneDX)')
    expect(result.run).toBe('cdxgen (CycloneDX)|sbom/bom.cdx.json')
    expect(result.scannedAt).toBe('2026-11-19T11:00:00.000Z')
    expect(vulnerabilities(result.findings)[0]).toMatchObject({
      key: 'package|CVE-2022-24999|npm/express@4.17.1|',
      advisoryId: 'CVE-2022-24999',
      aliases: ['GHSA-hrpp-h998-j3pp'],
      severity: 'High',
      cvss: { vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H', score: 7.5 },
      cwes: ['CWE-1321'],
      packageName: 'express',
      packageVersion: '4.17.1',
      ecosystem: 'npm',
      purl: 'pkg:npm/express@4.17.1',
      advice: 'Upgrade to 4.17.3 Limit the depth of parsed query strings.',
    })
    expect(vulnerabilities(result.findings)[0].fixedVersion).toBeUndefined()
  })

  it('keeps every VEX analysis with its justification, response and detail, and marks the closed ones', () => {
    const result = readCycloneDx(
      bom('1.6', [
        {
          id: 'CVE-1',
          analysis: {
            state: 'not_affected',
            justification: 'code_not_reachable',
            response: ['will_not_fix'],
            detail: 'The parser is never given user input.',
          },
          affects: [{ ref: 'jackson' }],
        },
        { id: 'CVE-2', analysis: { state: 'false_positive' }, affects: [{ ref: 'jackson' }] },
        { id: 'CVE-3', analysis: { state: 'resolved', response: ['update'] }, affects: [{ ref: 'jackson' }] },
        {
          id: 'CVE-4',
          analysis: { state: 'exploitable', response: ['workaround_available'] },
          affects: [{ ref: 'jackson' }],
          ratings: [{ severity: 'critical' }],
        },
        { id: 'CVE-5', analysis: { state: 'in_triage' }, affects: [{ ref: 'jackson' }], ratings: [{ score: 5 }] },
        { id: 'CVE-6', affects: [{ ref: 'jackson' }], ratings: [{ score: 5 }] },
      ]),
    )
    const found = vulnerabilities(result.findings)
    expect(found.map((finding) => [finding.advisoryId, finding.vexStatus, isClosedByVex(finding)])).toEqual([
      ['CVE-1', 'not_affected', true],
      ['CVE-2', 'not_affected', true],
      ['CVE-3', 'fixed', true],
      ['CVE-4', 'affected', false],
      ['CVE-5', 'under_investigation', false],
      ['CVE-6', undefined, false],
    ])
    expect(found[0].analysis).toEqual({
      state: 'not_affected',
      justification: 'code_not_reachable',
      response: ['will_not_fix'],
      detail: 'The parser is never given user input.',
    })
    expect(found[5].analysis).toBeUndefined()
    expect(found[3].packageName).toBe('com.fasterxml.jackson.core/jackson-databind')
    expect(result.warnings).toEqual([
      '3 findings closed by VEX (not affected, false positive, resolved, or an unaffected version): kept and marked closed',
    ])
  })

  it('respects affects[].versions: an installed version named unaffected is not affected', () => {
    const result = readCycloneDx(
      bom('1.6', [
        {
          id: 'CVE-10',
          affects: [{ ref: 'jackson', versions: [{ range: 'vers:maven/>=2.9.0|<2.9.10', status: 'affected' }] }],
        },
        {
          id: 'CVE-11',
          analysis: { state: 'exploitable' },
          affects: [
            {
              ref: 'jackson',
              versions: [
                { range: 'vers:maven/>=2.0.0|<3.0.0', status: 'affected' },
                { version: '2.9.8', status: 'unaffected' },
              ],
            },
          ],
        },
        { id: 'CVE-12', affects: [{ ref: 'pkg:npm/express@4.17.1', versions: [{ version: '4.18.0' }] }] },
      ]),
    )
    expect(vulnerabilities(result.findings).map((finding) => [finding.advisoryId, finding.vexStatus])).toEqual([
      ['CVE-10', undefined],
      ['CVE-11', 'not_affected'],
      ['CVE-12', undefined],
    ])
  })

  it.each([
    [[{ version: '1.2.3', status: 'unaffected' }], '1.2.3', 'unaffected'],
    [[{ version: '1.2.3' }], '1.2.3', 'affected'],
    [[{ range: 'vers:npm/<2.0.0', status: 'affected' }], '1.9.9', 'affected'],
    [[{ range: 'vers:npm/<2.0.0', status: 'affected' }], '2.0.0', undefined],
    [[{ range: 'vers:npm/>=1.0.0', status: 'unknown' }], '1.0.0', 'unknown'],
    [[], '1.0.0', undefined],
    [[{ version: '1.0.0' }], undefined, undefined],
  ])('says %j of version %s: %s', (versions, installed, status) => {
    expect(versionStatus(versions, installed, 'npm')).toBe(status)
  })

  it.each([
    [{ type: 'application', name: 'billing-service' }, 'billing-service'],
    [{ type: 'container', name: 'alpine:3.10' }, 'alpine'],
    [{ type: 'container', name: 'ghcr.io/acme/api@sha256:0123' }, 'ghcr.io/acme/api'],
    [{ type: 'application', name: 'testdata/fixtures/repo/npm' }, undefined],
    [{ type: 'application', name: '.' }, undefined],
    [{ type: 'application', name: '/home/ci/work/api' }, undefined],
    [{ type: 'application', name: '@acme/web' }, '@acme/web'],
    [{ type: 'application', name: 'github.com/acme/api' }, 'api'],
    [{ type: 'application', name: 'https://github.com/acme/api.git' }, 'api'],
    [{ type: 'application' }, undefined],
  ])('names the repository of the subject %j: %s', (subject, repository) => {
    expect(readCycloneDx(bom('1.5', [], subject)).repository).toBe(repository)
  })

  it('reads 1.4 tool lists and 1.7, and refuses 1.3 and an SBOM without vulnerabilities', () => {
    const old = { ...bom('1.4', [{ id: 'CVE-9', affects: [{ ref: 'jackson' }] }]) }
    old.metadata = { ...old.metadata, tools: [{ vendor: 'OWASP', name: 'Dependency-Track' }] } as never
    expect(readCycloneDx(old).tool).toBe('Dependency-Track (CycloneDX)')
    expect(readCycloneDx(bom('1.7', [])).findings).toEqual([])
    expect(() => readCycloneDx(bom('1.3', []))).toThrow('Vigil reads versions 1.4, 1.5, 1.6, 1.7')
    const sbom = bom('1.5', [])
    delete (sbom as { vulnerabilities?: unknown }).vulnerabilities
    expect(() => readCycloneDx(sbom)).toThrow(/lists components but no vulnerabilities/)
  })
})
