import { describe, expect, it } from 'vitest'
import type { PolicyIssueFinding, VulnerabilityFinding } from '@/workspace/model'
import { readCycloneDx } from './cyclonedx'
import { readGrype } from './grype'
import { readNpmAudit } from './npm-audit'
import { readOsvScanner } from './osv'
import { readTrivy } from './trivy'

const vulnerabilities = (findings: unknown[]) => findings as VulnerabilityFinding[]

describe('the OSV-Scanner reader', () => {
  const report = {
    results: [
      {
        source: { path: 'services/api/package-lock.json', type: 'lockfile' },
        packages: [
          {
            package: { name: 'lodash', version: '4.17.20', ecosystem: 'npm' },
            vulnerabilities: [
              {
                id: 'GHSA-35jh-r3h4-6jhm',
                aliases: ['CVE-2021-23337'],
                summary: 'Command injection in lodash',
                details: 'template() runs code',
                severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H' }],
                affected: [
                  {
                    package: { ecosystem: 'npm', name: 'lodash' },
                    ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '4.17.21' }] }],
                  },
                ],
                database_specific: { severity: 'HIGH', cwe_ids: ['CWE-94'] },
              },
              { id: 'CVE-2021-23337', aliases: ['GHSA-35jh-r3h4-6jhm'], summary: 'same advisory, other database' },
            ],
            groups: [{ ids: ['GHSA-35jh-r3h4-6jhm', 'CVE-2021-23337'], max_severity: '7.2' }],
          },
          {
            package: { name: 'left-pad', version: '1.0.0', ecosystem: 'npm' },
            vulnerabilities: [{ id: 'OSV-2020-1', summary: 'no severity anywhere' }],
          },
        ],
      },
    ],
  }

  it('merges the aliases of one advisory, prefers the CVE id, scores the vector and finds the fix', () => {
    const result = readOsvScanner(report)
    const [lodash, leftPad] = vulnerabilities(result.findings)
    expect(result.findings).toHaveLength(2)
    expect(lodash).toMatchObject({
      advisoryId: 'CVE-2021-23337',
      aliases: ['GHSA-35jh-r3h4-6jhm'],
      severity: 'High',
      toolSeverity: 'HIGH',
      cvss: { version: '3.1', score: 7.2 },
      fixedVersion: '4.17.21',
      packageName: 'lodash',
      packageVersion: '4.17.20',
      ecosystem: 'npm',
      cwes: ['CWE-94'],
      location: { file: 'services/api/package-lock.json' },
    })
    expect(leftPad.severity).toBe('Unknown')
    expect(result.warnings).toEqual(['1 advisory had no severity: shown as Unknown'])
    expect(result.ecosystems).toEqual(['npm'])
  })
})

describe('the CycloneDX reader', () => {
  const bom = (specVersion: string, vulnerabilityList: unknown[]) => ({
    bomFormat: 'CycloneDX',
    specVersion,
    version: 1,
    metadata: {
      timestamp: '2026-11-19T12:00:00Z',
      tools: { components: [{ type: 'application', name: 'cdxgen' }] },
      component: { type: 'application', name: 'billing-service', 'bom-ref': 'app' },
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

  it('reads ratings (a vector without its CVSS prefix), affects, CWEs and the component as repository', () => {
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
          affects: [{ ref: 'pkg:npm/express@4.17.1' }],
        },
      ]),
    )
    expect(result.repository).toBe('billing-service')
    expect(result.tool).toBe('cdxgen (CycloneDX)')
    expect(result.scannedAt).toBe('2026-11-19T12:00:00Z')
    expect(vulnerabilities(result.findings)[0]).toMatchObject({
      advisoryId: 'CVE-2022-24999',
      aliases: ['GHSA-hrpp-h998-j3pp'],
      severity: 'High',
      cvss: { vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H', score: 7.5 },
      cwes: ['CWE-1321'],
      packageName: 'express',
      packageVersion: '4.17.1',
      ecosystem: 'npm',
      fixedVersion: 'Upgrade to 4.17.3',
    })
  })

  it('closes findings that VEX analysis says are not affected, false positives or resolved', () => {
    const result = readCycloneDx(
      bom('1.6', [
        {
          id: 'CVE-1',
          analysis: { state: 'not_affected', justification: 'code_not_reachable' },
          affects: [{ ref: 'jackson' }],
        },
        { id: 'CVE-2', analysis: { state: 'false_positive' }, affects: [{ ref: 'jackson' }] },
        { id: 'CVE-3', analysis: { state: 'resolved' }, affects: [{ ref: 'jackson' }] },
        {
          id: 'CVE-4',
          analysis: { state: 'exploitable' },
          affects: [{ ref: 'jackson' }],
          ratings: [{ severity: 'critical' }],
        },
        { id: 'CVE-5', affects: [{ ref: 'jackson' }] },
      ]),
    )
    const found = vulnerabilities(result.findings)
    expect(found.map((finding) => [finding.advisoryId, finding.severity, finding.packageName])).toEqual([
      ['CVE-4', 'Critical', 'com.fasterxml.jackson.core/jackson-databind'],
      ['CVE-5', 'Unknown', 'com.fasterxml.jackson.core/jackson-databind'],
    ])
    expect(result.warnings).toContain('3 findings closed by VEX analysis (not affected, false positive or resolved)')
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

describe('the Grype reader', () => {
  it('reads matches with related vulnerabilities, CVSS, EPSS and the fix', () => {
    const result = readGrype({
      matches: [
        {
          vulnerability: {
            id: 'GHSA-p6xc-xr62-6r2g',
            dataSource: 'https://github.com/advisories/GHSA-p6xc-xr62-6r2g',
            severity: 'Critical',
            description: 'Log4j JNDI lookups',
            cvss: [],
            fix: { versions: ['2.15.0'], state: 'fixed' },
          },
          relatedVulnerabilities: [
            {
              id: 'CVE-2021-44228',
              cvss: [
                { version: '3.1', vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H', metrics: { baseScore: 10 } },
              ],
            },
          ],
          artifact: {
            name: 'log4j-core',
            version: '2.14.1',
            type: 'java-archive',
            locations: [{ path: '/app/lib/log4j-core-2.14.1.jar' }],
          },
        },
        {
          vulnerability: {
            id: 'CVE-2020-1',
            severity: 'Negligible',
            fix: { versions: [], state: 'wont-fix' },
            epss: [{ cve: 'CVE-2020-1', epss: 0.02, percentile: 0.5 }],
          },
          artifact: { name: 'zlib', version: '1.2', type: 'deb' },
        },
      ],
      source: { type: 'image', target: { userInput: 'registry.example/payments:1.4' } },
      descriptor: { name: 'grype', version: '0.80.0', timestamp: '2026-11-18T10:00:00Z' },
    })
    const [log4j, zlib] = vulnerabilities(result.findings)
    expect(log4j).toMatchObject({
      advisoryId: 'CVE-2021-44228',
      aliases: ['GHSA-p6xc-xr62-6r2g'],
      severity: 'Critical',
      cvss: { score: 10 },
      fixedVersion: '2.15.0',
      location: { file: 'app/lib/log4j-core-2.14.1.jar' },
    })
    expect(zlib).toMatchObject({ severity: 'Low', toolSeverity: 'Negligible', fixedVersion: undefined, epss: 0.02 })
    expect(result.repository).toBe('registry.example/payments:1.4')
  })
})

describe('the Trivy reader', () => {
  const report = {
    SchemaVersion: 2,
    CreatedAt: '2026-11-17T09:00:00Z',
    ArtifactName: 'https://github.com/acme/checkout-web',
    ArtifactType: 'repository',
    Results: [
      {
        Target: 'package-lock.json',
        Class: 'lang-pkgs',
        Type: 'npm',
        Vulnerabilities: [
          {
            VulnerabilityID: 'CVE-2022-25883',
            VendorIDs: ['GHSA-c2qf-rxjj-qqgw'],
            PkgName: 'semver',
            InstalledVersion: '7.3.7',
            FixedVersion: '7.5.2, 6.3.1',
            Severity: 'MEDIUM',
            Title: 'semver ReDoS',
            CVSS: {
              nvd: { V3Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H', V3Score: 7.5 },
              ghsa: { V3Vector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:N/A:H', V3Score: 5.3 },
            },
          },
        ],
      },
      {
        Target: 'Dockerfile',
        Class: 'config',
        Type: 'dockerfile',
        Misconfigurations: [
          {
            ID: 'DS002',
            AVDID: 'AVD-DS-0002',
            Title: 'Image user should not be root',
            Message: 'Specify at least 1 USER command',
            Resolution: 'Add USER',
            Severity: 'HIGH',
            Status: 'FAIL',
            CauseMetadata: { StartLine: 1, EndLine: 9 },
          },
          { ID: 'DS001', AVDID: 'AVD-DS-0001', Title: 'latest tag', Severity: 'MEDIUM', Status: 'PASS' },
        ],
      },
    ],
  }

  it('reads vulnerabilities (the highest-version, highest score) and misconfigurations as policy issues', () => {
    const result = readTrivy(report)
    expect(result.repository).toBe('checkout-web')
    const [semver, dockerfile] = result.findings
    expect(semver).toMatchObject({
      kind: 'vulnerability',
      advisoryId: 'CVE-2022-25883',
      severity: 'High',
      toolSeverity: 'MEDIUM',
      fixedVersion: '7.5.2',
      aliases: ['GHSA-c2qf-rxjj-qqgw'],
    })
    expect(dockerfile as PolicyIssueFinding).toMatchObject({
      kind: 'policy-issue',
      ruleId: 'AVD-DS-0002',
      enforcementStatus: 'Mandatory',
      severity: 'High',
      location: { file: 'Dockerfile', line: 1 },
      message: 'Specify at least 1 USER command Add USER',
    })
    expect(result.warnings).toEqual(['1 passed check left out'])
  })

  it('names no repository for a filesystem scan of "."', () => {
    expect(readTrivy({ ...report, ArtifactName: '.', ArtifactType: 'filesystem' }).repository).toBeUndefined()
  })
})

describe('the npm audit reader', () => {
  it('reads advisories from via, counts transitive packages once, and finds the fix', () => {
    const result = readNpmAudit({
      auditReportVersion: 2,
      vulnerabilities: {
        minimist: {
          name: 'minimist',
          severity: 'critical',
          isDirect: false,
          via: [
            {
              source: 1097678,
              name: 'minimist',
              dependency: 'minimist',
              title: 'Prototype Pollution in minimist',
              url: 'https://github.com/advisories/GHSA-xvch-5gv4-984h',
              severity: 'critical',
              cwe: ['CWE-1321'],
              cvss: { score: 9.8, vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' },
              range: '<0.2.4',
            },
          ],
          effects: ['mkdirp'],
          range: '<0.2.4',
          nodes: ['node_modules/minimist'],
          fixAvailable: true,
        },
        mkdirp: {
          name: 'mkdirp',
          severity: 'critical',
          via: ['minimist'],
          nodes: ['node_modules/mkdirp'],
          fixAvailable: { name: 'mkdirp', version: '1.0.4', isSemVerMajor: true },
        },
      },
      metadata: { vulnerabilities: { critical: 2, total: 2 } },
    })
    expect(result.findings).toHaveLength(1)
    expect(vulnerabilities(result.findings)[0]).toMatchObject({
      advisoryId: 'GHSA-xvch-5gv4-984h',
      severity: 'Critical',
      packageName: 'minimist',
      cwes: ['CWE-1321'],
      fixedVersion: 'available (npm audit fix)',
    })
  })

  it('refuses the report of npm 6', () => {
    expect(() => readNpmAudit({ auditReportVersion: 1 })).toThrow(/npm 6 or older/)
  })
})

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
