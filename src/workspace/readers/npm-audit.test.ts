import { describe, expect, it } from 'vitest'
import { AdvisoryAliases } from '@/workspace/model/advisory-ids'
import type { VulnerabilityFinding } from '@/workspace/model/model'
import { fixOfRange, readNpmAudit } from './npm-audit'
import { readOsvScanner } from './osv'

const vulnerabilities = (findings: unknown[]) => findings as VulnerabilityFinding[]

const report = {
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
          url: 'https://github.com/advisories/GHSA-XVCH-5GV4-984H',
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
    handlebars: {
      name: 'handlebars',
      severity: 'high',
      via: [
        {
          source: 1164,
          title: 'Prototype Pollution',
          url: 'https://github.com/advisories/GHSA-q42p-pg8m-cqh6',
          severity: 'high',
          range: '<3.0.8 || >=4.0.0 <4.5.3',
        },
      ],
      nodes: ['node_modules/handlebars'],
      fixAvailable: { name: 'express-handlebars', version: '7.0.0', isSemVerMajor: false },
    },
  },
  metadata: { vulnerabilities: { critical: 2, high: 1, total: 3 } },
}

describe('the npm audit reader', () => {
  it('reads advisories from via, counts transitive packages once, and keeps the range, never as the version', () => {
    const result = readNpmAudit(report, { fileName: 'web/npm-audit.json' })
    expect(result.findings).toHaveLength(2)
    const [minimist, handlebars] = vulnerabilities(result.findings)
    expect(minimist).toMatchObject({
      key: 'package|GHSA-xvch-5gv4-984h|npm/minimist@|node_modules/minimist',
      advisoryId: 'GHSA-xvch-5gv4-984h',
      severity: 'Critical',
      packageName: 'minimist',
      affectedRange: '<0.2.4',
      fixedVersion: '0.2.4',
      advice: 'Run npm audit fix.',
      cwes: ['CWE-1321'],
    })
    expect(minimist.packageVersion).toBeUndefined()
    expect(handlebars.fixedVersion).toBeUndefined()
    expect(handlebars).toMatchObject({
      affectedRange: '<3.0.8 || >=4.0.0 <4.5.3',
      advice: 'Update express-handlebars to 7.0.0: it brings a fixed handlebars.',
    })
    expect(result.run).toBe('npm audit|web/npm-audit.json')
  })

  it.each([
    ['<0.2.4', '0.2.4'],
    ['>=1.0.0 <1.2.3', '1.2.3'],
    ['<=4.0.13', undefined],
    ['<3.0.8 || >=4.0.0 <4.5.3', undefined],
    ['*', undefined],
    [undefined, undefined],
  ])('finds the fix of the range %s: %s', (range, fix) => {
    expect(fixOfRange(range)).toBe(fix)
  })

  it('advises the update npm names, saying when it is a major version', () => {
    const result = readNpmAudit({
      auditReportVersion: 2,
      vulnerabilities: {
        qs: {
          name: 'qs',
          via: [
            { source: 1, url: 'https://github.com/advisories/GHSA-hrpp-h998-j3pp', severity: 'high', range: '<6.2.4' },
          ],
          fixAvailable: { name: 'qs', version: '6.11.0', isSemVerMajor: true },
        },
        debug: {
          name: 'debug',
          via: [{ source: 2, severity: 'low' }],
          fixAvailable: false,
        },
      },
    })
    expect(vulnerabilities(result.findings).map((finding) => [finding.advisoryId, finding.advice])).toEqual([
      ['GHSA-hrpp-h998-j3pp', 'Update qs to 6.11.0 (a major version: it may break the code).'],
      ['npm-2', 'npm knows no fix for this.'],
    ])
  })

  it('gives its GHSA the identity of the CVE another tool names with it as an alias', () => {
    const [npmFinding] = vulnerabilities(readNpmAudit(report).findings)
    const [osvFinding] = vulnerabilities(
      readOsvScanner({
        results: [
          {
            source: { path: 'package-lock.json' },
            packages: [
              {
                package: { name: 'minimist', version: '0.0.8', ecosystem: 'npm' },
                vulnerabilities: [{ id: 'CVE-2021-44906', aliases: ['GHSA-xvch-5gv4-984h'] }],
              },
            ],
          },
        ],
      }).findings,
    )
    const aliases = new AdvisoryAliases()
    for (const finding of [npmFinding, osvFinding]) aliases.link([finding.advisoryId, ...finding.aliases])
    expect(aliases.canonical(npmFinding.advisoryId)).toBe('CVE-2021-44906')
    expect(aliases.canonical(osvFinding.advisoryId)).toBe('CVE-2021-44906')
  })

  it('refuses the report of npm 6', () => {
    expect(() => readNpmAudit({ auditReportVersion: 1 })).toThrow(/npm 6 or older/)
  })
})
