import { describe, expect, it } from 'vitest'
import {
  AdvisoryAliases,
  FindingCollector,
  canonicalAdvisory,
  findingKey,
  isAdvisoryId,
  leadingAdvisoryId,
  normaliseAdvisoryId,
  packageIdentity,
  purlTypeOf,
  runOf,
  textHash,
  uniqueFindings,
} from './identity'

describe('advisory ids', () => {
  it.each([
    ['cve-2021-44228', 'CVE-2021-44228'],
    [' CVE-2021-44228 ', 'CVE-2021-44228'],
    ['GHSA-JFH8-C2JP-5V3Q', 'GHSA-jfh8-c2jp-5v3q'],
    ['ghsa-jfh8-c2jp-5v3q', 'GHSA-jfh8-c2jp-5v3q'],
    ['pysec-2021-123', 'PYSEC-2021-123'],
    ['go-2022-0493', 'GO-2022-0493'],
    ['RUSTSEC-2021-0078', 'RUSTSEC-2021-0078'],
    ['osv-2020-111', 'OSV-2020-111'],
    ['mal-2024-1234', 'MAL-2024-1234'],
    ['dsa-5000-1', 'DSA-5000-1'],
    ['dla-3000-2', 'DLA-3000-2'],
    ['rhsa-2021:1234', 'RHSA-2021:1234'],
    ['alas-2021-1490', 'ALAS-2021-1490'],
    ['alas2-2021-1700', 'ALAS2-2021-1700'],
    ['ALASKERNEL-5.10-2022-004', 'ALASKERNEL-5.10-2022-004'],
    ['usn-5000-1', 'USN-5000-1'],
    ['elsa-2021-9151', 'ELSA-2021-9151'],
    ['OPENSUSE-SU-2021:1234-1', 'openSUSE-SU-2021:1234-1'],
    ['suse-su-2022:0123-1', 'SUSE-SU-2022:0123-1'],
    ['ubuntu-cve-2021-3449', 'UBUNTU-CVE-2021-3449'],
    // no known family: kept as written
    ['SNYK-JS-LODASH-567746', 'SNYK-JS-LODASH-567746'],
    ['npm-1097678', 'npm-1097678'],
    ['CVE-2021-1', 'CVE-2021-1'],
  ])('spells %s as %s', (id, spelled) => {
    expect(normaliseAdvisoryId(id)).toBe(spelled)
  })

  it.each([
    ['CVE-2021-44228-log4j-core', 'CVE-2021-44228'],
    ['GHSA-35JH-R3H4-6JHM-lodash', 'GHSA-35jh-r3h4-6jhm'],
    ['GO-2022-0493-golang.org/x/net', 'GO-2022-0493'],
    ['CVE-2021-44228', 'CVE-2021-44228'],
    ['js/xss', undefined],
    ['go/sql-injection', undefined],
    ['CVE-2021-44228x', undefined],
    ['python.flask.security.xss', undefined],
  ])('finds the advisory id %s starts with: %s', (text, id) => {
    expect(leadingAdvisoryId(text)).toBe(id)
  })

  it('knows a whole advisory id from text that only starts with one', () => {
    expect(isAdvisoryId('CVE-2021-44228')).toBe(true)
    expect(isAdvisoryId('CVE-2021-44228-log4j-core')).toBe(false)
  })

  it.each([
    [['GHSA-35jh-r3h4-6jhm', 'CVE-2021-23337'], 'CVE-2021-23337', ['GHSA-35jh-r3h4-6jhm']],
    [['GHSA-35JH-R3H4-6JHM', 'ghsa-35jh-r3h4-6jhm'], 'GHSA-35jh-r3h4-6jhm', []],
    [['PYSEC-2021-108', 'GHSA-qrw5-5h28-6cmg'], 'GHSA-qrw5-5h28-6cmg', ['PYSEC-2021-108']],
    [['CVE-2022-2', 'CVE-2021-9'], 'CVE-2021-9', ['CVE-2022-2']],
    [['DSA-5000-1', 'OSV-2020-1'], 'OSV-2020-1', ['DSA-5000-1']],
    [['SNYK-JS-X-1', 'DLA-1-1'], 'DLA-1-1', ['SNYK-JS-X-1']],
    [[undefined, ' ', 'CVE-2021-44228'], 'CVE-2021-44228', []],
    [[], 'unknown advisory', []],
  ])('the advisory %j is %s, also known as %j', (ids, advisoryId, aliases) => {
    expect(canonicalAdvisory(ids)).toEqual({ advisoryId, aliases })
  })

  it('gives the same canonical id whatever order the ids come in', () => {
    const ids = ['GHSA-35jh-r3h4-6jhm', 'PYSEC-2021-1', 'CVE-2021-23337', 'DSA-1-1']
    expect(canonicalAdvisory([...ids].reverse())).toEqual(canonicalAdvisory(ids))
  })

  it('links an npm audit GHSA and an OSV CVE through the aliases of either', () => {
    const aliases = new AdvisoryAliases()
    aliases.link(['GHSA-35jh-r3h4-6jhm']) // npm audit names the GHSA alone
    aliases.link(['CVE-2021-23337', 'GHSA-35JH-R3H4-6JHM']) // OSV: the CVE, with the GHSA in its aliases
    aliases.link(['CVE-2020-8203'])
    expect(aliases.canonical('ghsa-35jh-r3h4-6jhm')).toBe('CVE-2021-23337')
    expect(aliases.group('CVE-2021-23337')).toEqual(['CVE-2021-23337', 'GHSA-35jh-r3h4-6jhm'])
    expect(aliases.canonical('CVE-2020-8203')).toBe('CVE-2020-8203')
    expect(aliases.canonical('CVE-1999-0001')).toBe('CVE-1999-0001')
  })

  it('keeps ids such as __proto__ as data', () => {
    const aliases = new AdvisoryAliases()
    aliases.link(['__proto__', 'constructor'])
    expect(aliases.group('constructor')).toEqual(['__proto__', 'constructor'])
    expect(canonicalAdvisory(['constructor', 'toString'])).toEqual({ advisoryId: 'constructor', aliases: ['toString'] })
  })
})

describe('package identity', () => {
  it.each([
    [{ purl: 'pkg:pypi/Django_Rest@3.2.4' }, { type: 'pypi', name: 'django-rest', version: '3.2.4' }],
    [
      { ecosystem: 'PyPI', name: 'Django.Rest', version: '3.2.4' },
      { type: 'pypi', name: 'django-rest', version: '3.2.4' },
    ],
    [
      { purl: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1?type=jar' },
      { type: 'maven', name: 'org.apache.logging.log4j/log4j-core', version: '2.14.1' },
    ],
    [
      { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core', version: '2.14.1' },
      { type: 'maven', name: 'org.apache.logging.log4j/log4j-core', version: '2.14.1' },
    ],
    [{ purl: 'pkg:npm/%40babel/core@7.0.0' }, { type: 'npm', name: '@babel/core', version: '7.0.0' }],
    [
      { ecosystem: 'npm', name: '@babel/core', version: '7.0.0' },
      { type: 'npm', name: '@babel/core', version: '7.0.0' },
    ],
    [
      { purl: 'pkg:deb/debian/openssl@1.1.1n-0%2Bdeb11u3?distro=debian-11' },
      { type: 'deb', name: 'openssl', version: '1.1.1n-0+deb11u3' },
    ],
    [
      { ecosystem: 'Debian:11', name: 'openssl', version: '1.1.1n-0+deb11u3' },
      { type: 'deb', name: 'openssl', version: '1.1.1n-0+deb11u3' },
    ],
    [
      { purl: 'pkg:golang/github.com/gin-gonic/gin@v1.9.0' },
      { type: 'golang', name: 'github.com/gin-gonic/gin', version: '1.9.0' },
    ],
    [
      { ecosystem: 'Go', name: 'github.com/gin-gonic/gin', version: '1.9.0' },
      { type: 'golang', name: 'github.com/gin-gonic/gin', version: '1.9.0' },
    ],
    [
      { ecosystem: 'java-archive', name: 'log4j-core' },
      { type: 'maven', name: 'log4j-core', version: undefined },
    ],
    [
      { purl: 'not a purl', ecosystem: 'npm', name: 'left-pad', version: '1.0.0' },
      { type: 'npm', name: 'left-pad', version: '1.0.0' },
    ],
    [
      { ecosystem: 'constructor', name: 'x' },
      { type: 'constructor', name: 'x', version: undefined },
    ],
    [
      { name: 'x', version: '1' },
      { type: 'unknown', name: 'x', version: '1' },
    ],
  ])('knows %j as %j', (input, identity) => {
    expect(packageIdentity({ name: '', ...input })).toEqual(identity)
  })

  it('names the package-URL type of the tools’ ecosystems', () => {
    expect(['npm', 'PyPI', 'gomod', 'java-archive', 'Alpine:v3.16', 'rust-crate', 'toString'].map(purlTypeOf)).toEqual([
      'npm',
      'pypi',
      'golang',
      'maven',
      'apk',
      'cargo',
      undefined,
    ])
  })
})

describe('finding keys', () => {
  it.each([
    [
      {
        kind: 'package' as const,
        advisoryId: 'ghsa-35jh-r3h4-6jhm',
        package: { type: 'npm', name: 'lodash', version: '4.17.20' },
        location: './services/api/package-lock.json',
      },
      'package|GHSA-35jh-r3h4-6jhm|npm/lodash@4.17.20|services/api/package-lock.json',
    ],
    [
      { kind: 'package' as const, advisoryId: 'CVE-2021-1', package: { type: 'npm', name: 'x' } },
      'package|CVE-2021-1|npm/x@|',
    ],
    [
      { kind: 'code' as const, ruleId: 'js/xss', file: 'src/a.js', fingerprint: 'primaryLocationLineHash=abc:1' },
      'code|js/xss|src/a.js|fp:primaryLocationLineHash=abc:1',
    ],
    [
      { kind: 'code' as const, ruleId: 'js/xss', file: 'src\\a.js', context: 'el.innerHTML = input' },
      `code|js/xss|src/a.js|ctx:${textHash('el.innerHTML = input')}`,
    ],
    [
      { kind: 'secret' as const, ruleId: 'github-pat', file: 'config.env', context: 'expo********' },
      `secret|github-pat|config.env|ctx:${textHash('expo********')}`,
    ],
    [{ kind: 'endpoint' as const, channel: 'http', method: 'get', path: '/users/{id}' }, 'http GET /users/{id}'],
  ])('keys %j as %s', (parts, key) => {
    expect(findingKey(parts)).toBe(key)
  })

  it('keys code by its context, whatever its whitespace, and never by its line', () => {
    const key = (context: string) => findingKey({ kind: 'code', ruleId: 'r', file: 'a.py', context })
    expect(key('  eval(  request.args["q"] )\n')).toBe(key('eval( request.args["q"] )'))
    expect(key('eval(a)')).not.toBe(key('eval(b)'))
  })

  it('hashes a text to the same 14 hex digits in every version of Vigil', () => {
    expect(textHash('')).toBe('0bdcb81aee8d83')
    expect(textHash('el.innerHTML = input')).toMatch(/^[0-9a-f]{14}$/)
    expect(textHash('a')).not.toBe(textHash('b'))
  })

  it('names a run by its tool and what it scanned, else the tool alone', () => {
    expect(runOf('CodeQL', '/language:javascript/')).toBe('CodeQL|/language:javascript/')
    expect(runOf('CodeQL', '/language:python/')).not.toBe(runOf('CodeQL', '/language:javascript/'))
    expect(runOf('OSV-Scanner')).toBe('OSV-Scanner')
  })
})

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
