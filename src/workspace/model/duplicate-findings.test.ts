import { describe, expect, it } from 'vitest'
import { FindingCollector, uniqueFindings } from './duplicate-findings'
import { findingKey } from './finding-keys'
import { packageIdentity } from './package-identity'

describe('a file’s findings by key', () => {
  const finding = (key: string, note = '') => ({ key, note })

  it('counts the same result at the same place once, as repeated', () => {
    const collector = new FindingCollector<{ key: string; note: string }>()
    collector.add(finding('a'), { line: 3 })
    collector.add(finding('a', 'again'), { line: 3 })
    collector.add(finding('b'))
    collector.add(finding('b'))
    expect(collector.findings()).toEqual([finding('a'), finding('b')])
    expect(collector.repeated).toBe(2)
  })

  it('numbers results with one key at different places in line order, so a shifted line keeps its key', () => {
    const before = new FindingCollector<{ key: string; note: string }>()
    before.add(finding('k', 'second'), { line: 20 })
    before.add(finding('k', 'first'), { line: 10 })
    const after = new FindingCollector<{ key: string; note: string }>()
    after.add(finding('k', 'first'), { line: 14 })
    after.add(finding('k', 'second'), { line: 24 })
    expect(before.findings()).toEqual([finding('k', 'first'), finding('k#2', 'second')])
    expect(after.findings()).toEqual(before.findings())
    expect(before.repeated + after.repeated).toBe(0)
  })
})

describe('one finding per identity in a repository', () => {
  const report = (
    tool: string,
    advisoryId: string,
    aliases: string[],
    version: string | undefined,
    location: string,
  ) => ({
    kind: 'vulnerability',
    tool,
    advisoryId,
    aliases,
    key: findingKey({
      kind: 'package',
      advisoryId,
      package: packageIdentity({ ecosystem: 'npm', name: 'minimist', version }),
      location,
    }),
  })

  it('counts once an advisory that npm audit (GHSA, no version) and OSV-Scanner (CVE, lockfile) both report', () => {
    const unique = uniqueFindings([
      report('npm audit', 'GHSA-xvch-5gv4-984h', [], undefined, 'node_modules/minimist'),
      report('OSV-Scanner', 'CVE-2021-44906', ['GHSA-xvch-5gv4-984h'], '1.2.5', 'package-lock.json'),
    ])
    expect(unique).toHaveLength(1)
    expect(unique[0]).toMatchObject({ tool: 'npm audit', advisoryId: 'CVE-2021-44906' })
  })

  it('keeps two tools apart when they name different installed versions', () => {
    const unique = uniqueFindings([
      report('Grype', 'CVE-2021-44906', [], '1.2.5', 'package-lock.json'),
      report('Trivy', 'CVE-2021-44906', [], '0.0.8', 'package-lock.json'),
    ])
    expect(unique).toHaveLength(2)
  })

  it('keeps one tool’s reports of a package at two places apart (two lockfiles of a monorepo)', () => {
    const unique = uniqueFindings([
      report('OSV-Scanner', 'CVE-2021-44906', [], '1.2.5', 'web/package-lock.json'),
      report('OSV-Scanner', 'CVE-2021-44906', [], '1.2.5', 'api/package-lock.json'),
      report('Grype', 'CVE-2021-44906', [], '1.2.5', '/app/package-lock.json'),
    ])
    expect(unique.map((finding) => finding.tool)).toEqual(['OSV-Scanner', 'OSV-Scanner'])
  })

  it('keeps a scoped package’s name whole when it compares versions', () => {
    const scoped = (tool: string, version: string | undefined) => ({
      kind: 'vulnerability',
      tool,
      advisoryId: 'CVE-2023-1',
      key: findingKey({
        kind: 'package',
        advisoryId: 'CVE-2023-1',
        package: packageIdentity({ ecosystem: 'npm', name: '@babel/core', version }),
      }),
    })
    expect(uniqueFindings([scoped('npm audit', undefined), scoped('OSV-Scanner', '7.0.0')])).toHaveLength(1)
    expect(uniqueFindings([scoped('Grype', '7.0.1'), scoped('OSV-Scanner', '7.0.0')])).toHaveLength(2)
  })
})
