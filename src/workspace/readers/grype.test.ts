import { describe, expect, it } from 'vitest'
import type { VulnerabilityFinding } from '@/workspace/model/model'
import { readGrype } from './grype'

const vulnerabilities = (findings: unknown[]) => findings as VulnerabilityFinding[]

const log4j = {
  vulnerability: {
    id: 'GHSA-jfh8-c2jp-5v3q',
    dataSource: 'https://github.com/advisories/GHSA-jfh8-c2jp-5v3q',
    namespace: 'github:language:java',
    severity: 'Critical',
    description: 'Log4j JNDI lookups',
    cvss: [],
    fix: { versions: ['2.15.0', '2.12.2', '2.3.1'], state: 'fixed' },
    risk: 97.4,
    epss: [{ cve: 'CVE-2021-44228', epss: 0.94358, percentile: 0.99952, date: '2026-11-17' }],
    knownExploited: [
      {
        cve: 'CVE-2021-44228',
        vendorProject: 'Apache',
        product: 'Log4j2',
        dateAdded: '2021-12-10',
        requiredAction: 'Apply updates per vendor instructions.',
        dueDate: '2021-12-24',
        knownRansomwareCampaignUse: 'Known',
      },
    ],
    cwes: [{ cve: 'CVE-2021-44228', cwe: 'CWE-502', source: 'nvd', type: 'Primary' }],
  },
  relatedVulnerabilities: [
    {
      id: 'CVE-2021-44228',
      cvss: [{ version: '3.1', vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H', metrics: { baseScore: 10 } }],
      cwes: [{ cve: 'CVE-2021-44228', cwe: 'CWE-20' }],
    },
  ],
  matchDetails: [{ type: 'exact-direct-match', matcher: 'java-matcher', fix: { suggestedVersion: '2.15.0' } }],
  artifact: {
    name: 'log4j-core',
    version: '2.14.1',
    type: 'java-archive',
    purl: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
    locations: [{ path: '/app/lib/log4j-core-2.14.1.jar' }],
  },
}

const zlib = {
  vulnerability: {
    id: 'CVE-2020-1',
    severity: 'Negligible',
    fix: { versions: [], state: 'wont-fix' },
    epss: [{ cve: 'CVE-2020-1', epss: 0.02, percentile: 0.5 }],
    risk: 0,
  },
  artifact: { name: 'zlib', version: '1.2', type: 'deb' },
}

const image = (userInput: string) => ({ type: 'image', target: { userInput, imageID: 'sha256:abc', tags: [] } })

describe('the Grype reader', () => {
  it('reads matches with related vulnerabilities, CVSS, the fix Grype suggests and the CWEs', () => {
    const result = readGrype({
      matches: [log4j, zlib],
      source: image('registry.example/payments:1.4'),
      descriptor: { name: 'grype', version: '0.80.0', timestamp: '2026-11-18T10:00:00.123456789Z' },
    })
    const [log4jFinding, zlibFinding] = vulnerabilities(result.findings)
    expect(log4jFinding).toMatchObject({
      key: 'package|CVE-2021-44228|maven/org.apache.logging.log4j/log4j-core@2.14.1|app/lib/log4j-core-2.14.1.jar',
      advisoryId: 'CVE-2021-44228',
      aliases: ['GHSA-jfh8-c2jp-5v3q'],
      severity: 'Critical',
      toolSeverity: 'Critical',
      cvss: { score: 10 },
      fixedVersion: '2.15.0',
      purl: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
      cwes: ['CWE-502', 'CWE-20'],
      location: { file: 'app/lib/log4j-core-2.14.1.jar' },
    })
    expect(zlibFinding).toMatchObject({
      severity: 'Low',
      toolSeverity: 'Negligible',
      fixedVersion: undefined,
      advice: 'The vendor will not fix this.',
    })
    expect(result.repository).toBe('registry.example/payments')
    expect(result.scannedAt).toBe('2026-11-18T10:00:00.123Z')
  })

  it('keeps EPSS with its percentile and date, CISA KEV entries and Grype’s risk, and invents none', () => {
    const [withSignals, without] = vulnerabilities(readGrype({ matches: [log4j, zlib] }).findings)
    expect(withSignals.exploit).toEqual({
      epss: { score: 0.94358, percentile: 0.99952, date: '2026-11-17' },
      knownExploited: [
        {
          cve: 'CVE-2021-44228',
          dateAdded: '2021-12-10',
          dueDate: '2021-12-24',
          requiredAction: 'Apply updates per vendor instructions.',
          knownRansomwareCampaignUse: 'Known',
        },
      ],
      risk: 97.4,
    })
    expect(withSignals.epss).toBe(0.94358)
    expect(without.exploit).toEqual({ epss: { score: 0.02, percentile: 0.5, date: undefined } })
    const bare = { ...zlib, vulnerability: { id: 'CVE-2020-2', severity: 'High' } }
    expect(vulnerabilities(readGrype({ matches: [bare] }).findings)[0].exploit).toBeUndefined()
  })

  it('takes the lowest fix above the installed version when Grype suggests none', () => {
    const match = (version: string) => ({
      ...log4j,
      matchDetails: [],
      artifact: { ...log4j.artifact, version, purl: undefined },
    })
    const [newer, older] = vulnerabilities(readGrype({ matches: [match('2.14.1'), match('2.12.1')] }).findings)
    expect([newer.fixedVersion, older.fixedVersion]).toEqual(['2.15.0', '2.12.2'])
  })

  it.each([
    [image('busybox:1.32.1'), 'busybox', 'Grype|image:busybox'],
    [image('docker:ghcr.io/acme/api@sha256:0123'), 'ghcr.io/acme/api', 'Grype|image:ghcr.io/acme/api'],
    [image('localhost:5000/app:1'), 'localhost:5000/app', 'Grype|image:localhost:5000/app'],
    [
      { type: 'image', target: { userInput: 'docker-archive:/tmp/app.tar', tags: ['acme/app:3'] } },
      'acme/app',
      'Grype|image:acme/app',
    ],
    [{ type: 'directory', target: '.' }, undefined, 'Grype|scans/grype.json'],
    [{ type: 'file', target: '/src/go.sum' }, undefined, 'Grype|scans/grype.json'],
    [{ type: 'image', target: { userInput: 'docker-archive:/tmp/app.tar' } }, undefined, 'Grype|scans/grype.json'],
    [undefined, undefined, 'Grype|scans/grype.json'],
  ])('names the repository and the run of the source %j: %s, %s', (source, repository, run) => {
    const result = readGrype({ matches: [], source }, { fileName: 'scans/grype.json' })
    expect([result.repository, result.run]).toEqual([repository, run])
  })

  it('names a scan of a path on the scanning machine by its file, so two scans of `.` are two runs', () => {
    const scan = (fileName: string) =>
      readGrype({ matches: [], source: { type: 'directory', target: '.' } }, { fileName })
    const [web, api] = [scan('web/grype.json'), scan('api/grype.json')]
    expect([web.run, api.run]).toEqual(['Grype|web/grype.json', 'Grype|api/grype.json'])
    // What an older Vigil named both: this import takes that run over.
    expect([web.formerRuns, api.formerRuns]).toEqual([['Grype|directory:.'], ['Grype|directory:.']])
    expect(readGrype({ matches: [], source: image('busybox:1.32.1') }, { fileName: 'grype.json' }).formerRuns).toBe(
      undefined,
    )
  })

  it('counts matches Grype ignored, and a match the file repeats, and never merges two packages', () => {
    const result = readGrype({
      matches: [log4j, log4j, { ...log4j, artifact: { ...log4j.artifact, name: 'log4j-api', purl: undefined } }],
      ignoredMatches: [{ ...zlib, appliedIgnoreRules: [{ vulnerability: 'CVE-2020-1' }] }],
    })
    expect(vulnerabilities(result.findings).map((finding) => finding.packageName)).toEqual(['log4j-core', 'log4j-api'])
    expect(result.warnings).toEqual([
      '1 match Grype ignored (its ignore rules or a VEX document) not imported',
      '1 match repeated in the file (the same advisory, package and place) counted once',
    ])
  })
})
