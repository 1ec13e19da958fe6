import { describe, expect, it } from 'vitest'
import type { VulnerabilityFinding } from '@/workspace/model/model'
import { osvFixFor, rangeStanding, readOsvScanner } from './osv'

const vulnerabilities = (findings: unknown[]) => findings as VulnerabilityFinding[]

/** An OSV-Scanner report of one package with the given OSV entries. */
const reportOf = (
  pkg: { name: string; version: string; ecosystem: string },
  entries: unknown[],
  groups?: unknown[],
) => ({
  results: [
    {
      source: { path: 'requirements.txt', type: 'lockfile' },
      packages: [{ package: pkg, vulnerabilities: entries, ...(groups ? { groups } : {}) }],
    },
  ],
})

const range = (type: string, ...events: Record<string, string>[]) => ({ type, events })

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
                    ranges: [range('SEMVER', { introduced: '0' }, { fixed: '4.17.21' })],
                  },
                ],
                database_specific: { severity: 'HIGH', cwe_ids: ['CWE-94'] },
              },
              { id: 'CVE-2021-23337', aliases: ['GHSA-35jh-r3h4-6jhm'], summary: 'same advisory, other database' },
            ],
            groups: [{ ids: ['GHSA-35jh-r3h4-6jhm', 'CVE-2021-23337'], max_severity: '7.2' }],
            license_violations: ['GPL-3.0'],
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
    const result = readOsvScanner(report, { fileName: 'osv.json' })
    const [lodash, leftPad] = vulnerabilities(result.findings)
    expect(result.findings).toHaveLength(2)
    expect(lodash).toMatchObject({
      key: 'package|CVE-2021-23337|npm/lodash@4.17.20|services/api/package-lock.json',
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
    expect(result.warnings).toEqual([
      '1 advisory had no severity: shown as Unknown',
      '1 licence violation not imported: licences are not shown',
    ])
    expect(result.ecosystems).toEqual(['npm'])
    expect(result.run).toBe('OSV-Scanner|osv.json')
    expect(result.scannedAt).toBeUndefined()
  })

  it('takes the fix of the range that holds the installed version, not the first fix of any range', () => {
    const django = reportOf({ name: 'django', version: '3.2.4', ecosystem: 'PyPI' }, [
      {
        id: 'PYSEC-2021-99',
        aliases: ['CVE-2021-33203'],
        affected: [
          {
            package: { ecosystem: 'PyPI', name: 'Django' },
            ranges: [
              range('ECOSYSTEM', { introduced: '2.2' }, { fixed: '2.2.24' }),
              range('ECOSYSTEM', { introduced: '3.0' }, { fixed: '3.1.12' }),
              range('ECOSYSTEM', { introduced: '3.2' }, { fixed: '3.2.5' }),
            ],
          },
        ],
      },
    ])
    expect(vulnerabilities(readOsvScanner(django).findings)[0].fixedVersion).toBe('3.2.5')
  })

  it('never gives a commit as the fix: GIT ranges are skipped', () => {
    const selenium = reportOf({ name: 'selenium', version: '4.0.0', ecosystem: 'PyPI' }, [
      {
        id: 'GHSA-aaaa-bbbb-cccc',
        affected: [
          {
            package: { ecosystem: 'PyPI', name: 'selenium' },
            ranges: [
              range('GIT', { introduced: '0' }, { fixed: 'a3b2c1d4e5f60718293a4b5c6d7e8f9012345678' }),
              range('ECOSYSTEM', { introduced: '0' }, { fixed: '4.15.1' }),
            ],
          },
        ],
      },
    ])
    expect(vulnerabilities(readOsvScanner(selenium).findings)[0].fixedVersion).toBe('4.15.1')
  })

  it('gives urllib3 1.26.17 the fix of its own release line, 1.26.18, not 2.0.7', () => {
    const urllib3 = reportOf({ name: 'urllib3', version: '1.26.17', ecosystem: 'PyPI' }, [
      {
        id: 'GHSA-g4mx-q9vg-27p4',
        aliases: ['CVE-2023-45803'],
        affected: [
          {
            package: { ecosystem: 'PyPI', name: 'urllib3' },
            ranges: [range('ECOSYSTEM', { introduced: '2.0.0' }, { fixed: '2.0.7' })],
          },
          {
            package: { ecosystem: 'PyPI', name: 'urllib3' },
            ranges: [range('ECOSYSTEM', { introduced: '0' }, { fixed: '1.26.18' })],
          },
        ],
      },
    ])
    expect(vulnerabilities(readOsvScanner(urllib3).findings)[0].fixedVersion).toBe('1.26.18')
  })

  it('gives no fix when the range that holds the version ends at a last affected version', () => {
    const entry = {
      id: 'GHSA-5mg8-w23w-74h3',
      affected: [
        {
          package: { ecosystem: 'Maven', name: 'com.google.guava:guava' },
          ranges: [range('ECOSYSTEM', { introduced: '0' }, { last_affected: '29.0' })],
        },
      ],
    }
    expect(osvFixFor([entry], { name: 'com.google.guava:guava', ecosystem: 'Maven' }, '28.0')).toBeUndefined()
  })

  it('reads only the ranges of the installed package', () => {
    const entry = {
      id: 'GHSA-x',
      affected: [
        {
          package: { ecosystem: 'npm', name: 'other' },
          ranges: [range('SEMVER', { introduced: '0' }, { fixed: '9.0.0' })],
        },
        {
          package: { ecosystem: 'npm', name: 'mine' },
          ranges: [range('SEMVER', { introduced: '0' }, { fixed: '1.2.3' })],
        },
      ],
    }
    expect(osvFixFor([entry], { name: 'mine', ecosystem: 'npm' }, '1.0.0')).toBe('1.2.3')
    expect(osvFixFor([entry], { name: 'mine', ecosystem: 'npm' }, undefined)).toBeUndefined()
  })

  it.each([
    [[{ introduced: '0' }, { fixed: '1.0.0' }], '0.5.0', { contains: true, fixed: '1.0.0' }],
    [[{ introduced: '0' }, { fixed: '1.0.0' }], '1.0.0', { contains: false }],
    [
      [{ introduced: '1.0.0' }, { fixed: '1.0.5' }, { introduced: '2.0.0' }, { fixed: '2.0.3' }],
      '2.0.1',
      { contains: true, fixed: '2.0.3' },
    ],
    [
      [{ introduced: '1.0.0' }, { fixed: '1.0.5' }, { introduced: '2.0.0' }, { fixed: '2.0.3' }],
      '1.5.0',
      { contains: false },
    ],
    // events written out of order are evaluated in version order
    [
      [{ fixed: '2.0.3' }, { introduced: '2.0.0' }, { fixed: '1.0.5' }, { introduced: '1.0.0' }],
      '1.0.1',
      { contains: true, fixed: '1.0.5' },
    ],
    [[{ introduced: '0' }, { last_affected: '1.4.0' }], '1.4.0', { contains: true, fixed: undefined }],
    [[{ introduced: '0' }, { last_affected: '1.4.0' }], '1.4.1', { contains: false }],
    [[{ introduced: '1.0.0' }], '0.9.0', { contains: false }],
    [[{ introduced: '1.0.0' }], '7.0.0', { contains: true, fixed: undefined }],
  ])('places %j: %s → %j', (events, installed, standing) => {
    expect(rangeStanding({ type: 'SEMVER', events }, installed, 'semver')).toEqual(standing)
  })
})

describe('the OSV-Scanner reader, with absolute source paths', () => {
  const scanAt = (root: string) => ({
    results: [
      {
        source: { path: `${root}/web/package-lock.json`, type: 'lockfile' },
        packages: [
          {
            package: { name: 'lodash', version: '4.17.20', ecosystem: 'npm' },
            vulnerabilities: [{ id: 'GHSA-35jh-r3h4-6jhm', aliases: ['CVE-2021-23337'] }],
          },
        ],
      },
      { source: { path: `${root}/api/go.sum`, type: 'lockfile' }, packages: [] },
    ],
  })

  it('keys and locates findings alike whichever machine and folder the scan ran in', () => {
    const ci = readOsvScanner(scanAt('/home/runner/work/app/app'))
    const laptop = readOsvScanner(scanAt('/Users/ada/code/app'))
    expect(ci.findings.map((finding) => finding.key)).toEqual(laptop.findings.map((finding) => finding.key))
    expect(vulnerabilities(ci.findings)[0].location).toEqual({ file: 'web/package-lock.json' })
    expect(ci.findings[0].key).not.toContain('runner')
  })

  it('reads the paths from the folder named as the repository, when the import knows it', () => {
    const alone = { results: scanAt('/home/runner/work/app/app').results.slice(0, 1) }
    const found = vulnerabilities(readOsvScanner(alone, { repository: 'app' }).findings)
    expect(found[0].location).toEqual({ file: 'web/package-lock.json' })
    const both = vulnerabilities(readOsvScanner(scanAt('/Users/ada/code/app'), { repository: 'app' }).findings)
    expect(both[0].key).toBe(found[0].key)
  })
})
