import { describe, expect, it } from 'vitest'
import { readScanText } from '@/workspace/readers/detect'
import { languagesOf } from '@/workspace/model/languages'
import { ReaderError, type PolicyIssueFinding, type VulnerabilityFinding } from '@/workspace/model/model'
import { automationCategory, readSarif } from './sarif'
import { fillArguments } from './sarif-rules'

/** A SARIF 2.1.0 log of our own, shaped as the specification describes. */
function log(runs: unknown[]) {
  return { version: '2.1.0', $schema: 'https://json.schemastore.org/sarif-2.1.0.json', runs }
}

const driver = {
  name: 'CodeQL',
  rules: [
    {
      id: 'js/xss',
      name: 'DomBasedXss',
      shortDescription: { text: 'Client-side cross-site scripting' },
      helpUri: 'https://codeql.example/js/xss',
      defaultConfiguration: { level: 'error' },
      properties: { tags: ['security', 'external/cwe/cwe-079', 'external/cwe/cwe-116'], 'security-severity': '6.1' },
    },
    {
      id: 'js/path-injection',
      shortDescription: { text: 'Uncontrolled data used in path expression' },
      properties: { tags: ['CWE-22: Improper Limitation of a Pathname'], 'security-severity': 7.5 },
    },
    { id: 'js/unused', shortDescription: { text: 'Unused variable' }, defaultConfiguration: { level: 'note' } },
  ],
}

const at = (uri: string, startLine?: number, snippet?: string) => [
  {
    physicalLocation: {
      artifactLocation: { uri },
      region: startLine ? { startLine, ...(snippet ? { snippet: { text: snippet } } : {}) } : undefined,
    },
  },
]

const issues = (results: ReturnType<typeof readSarif>) =>
  results
    .flatMap((run) => run.findings)
    .filter((finding): finding is PolicyIssueFinding => finding.kind === 'policy-issue')

const vulnerabilities = (results: ReturnType<typeof readSarif>) =>
  results
    .flatMap((run) => run.findings)
    .filter((finding): finding is VulnerabilityFinding => finding.kind === 'vulnerability')

describe('the SARIF reader', () => {
  it('finds rules by index and by id, and takes the level from the result, else the rule, else warning', () => {
    const [run] = readSarif(
      log([
        {
          tool: { driver },
          results: [
            { ruleIndex: 0, message: { text: 'XSS here' }, locations: at('src/a.js', 3) },
            { ruleId: 'js/path-injection', level: 'error', message: { text: 'Path' }, locations: at('src/b.js', 9) },
            { ruleId: 'js/path-injection', message: { text: 'Path again' }, locations: at('src/c.js', 1) },
            { rule: { index: 2 }, message: { text: 'x is unused' }, locations: at('src/d.js', 4) },
          ],
        },
      ]),
    )
    expect(run.tool).toBe('CodeQL')
    expect(
      issues([run]).map((issue) => [issue.ruleId ?? '', issue.title, issue.enforcementStatus, issue.toolSeverity]),
    ).toEqual([
      ['js/xss', 'Client-side cross-site scripting', 'Mandatory', 'error'],
      ['js/path-injection', 'Uncontrolled data used in path expression', 'Mandatory', 'error'],
      ['js/path-injection', 'Uncontrolled data used in path expression', 'Recommended', 'warning'],
      ['js/unused', 'Unused variable', 'Optional', 'note'],
    ])
    expect(issues([run]).every((issue) => issue.category === 'code')).toBe(true)
  })

  it('finds rules in tool.extensions through the rule reference of a result', () => {
    const [run] = readSarif(
      log([
        {
          tool: {
            driver: { name: 'CodeQL', rules: [] },
            extensions: [
              { name: 'codeql/js-queries', rules: [{ id: 'js/sql', shortDescription: { text: 'SQL injection' } }] },
            ],
          },
          results: [
            {
              ruleId: 'js/sql',
              rule: { id: 'js/sql', index: 0, toolComponent: { index: 0 } },
              message: { text: 'Query built from input' },
              locations: at('db.js', 7),
            },
          ],
        },
      ]),
    )
    expect(issues([run])[0].title).toBe('SQL injection')
  })

  it('keeps the security severity of the rule or the result beside the enforcement level', () => {
    const [run] = readSarif(
      log([
        {
          tool: {
            driver: {
              name: 'Semgrep OSS',
              rules: [
                {
                  id: 'python.django.security.injection.sql',
                  defaultConfiguration: { level: 'warning' },
                  properties: { 'security-severity': 'CRITICAL' },
                },
                {
                  id: 'codeql-style',
                  defaultConfiguration: { level: 'note' },
                  properties: { 'security-severity': '8.8' },
                },
                { id: 'no-severity' },
              ],
            },
          },
          results: [
            { ruleId: 'python.django.security.injection.sql', message: { text: 'a' }, locations: at('a.py', 1) },
            { ruleId: 'codeql-style', message: { text: 'b' }, locations: at('b.py', 1) },
            {
              ruleId: 'codeql-style',
              message: { text: 'c' },
              locations: at('c.py', 1),
              properties: { 'security-severity': '3.1' },
            },
            { ruleId: 'no-severity', message: { text: 'd' }, locations: at('d.py', 1) },
          ],
        },
      ]),
    )
    expect(issues([run]).map((issue) => [issue.enforcementStatus, issue.securitySeverity, issue.severity])).toEqual([
      ['Recommended', { band: 'Critical' }, 'Critical'],
      ['Optional', { band: 'High', score: 8.8 }, 'High'],
      ['Optional', { band: 'Low', score: 3.1 }, 'Low'],
      ['Recommended', undefined, 'Unknown'],
    ])
  })

  it('leaves out results that did not fail, suppressed ones and absent ones, saying how many', () => {
    const [run] = readSarif(
      log([
        {
          tool: { driver },
          results: [
            { ruleId: 'js/xss', kind: 'pass', message: { text: 'fine' } },
            { ruleId: 'js/xss', kind: 'review', message: { text: 'look' } },
            {
              ruleId: 'js/xss',
              message: { text: 'muted' },
              suppressions: [{ kind: 'inSource' }],
              locations: at('a.js', 1),
            },
            {
              ruleId: 'js/xss',
              message: { text: 'still open' },
              suppressions: [{ kind: 'external', status: 'rejected' }],
              locations: at('b.js', 2),
            },
            { ruleId: 'js/xss', message: { text: 'gone' }, baselineState: 'absent', locations: at('c.js', 2) },
            { ruleId: 'js/xss', message: { text: 'nowhere' } },
          ],
        },
      ]),
    )
    expect(issues([run]).map((issue) => issue.message)).toEqual(['still open', 'nowhere'])
    expect(run.warnings).toEqual([
      '1 result had no location',
      '1 suppressed result left out',
      '2 results that did not fail (pass, open, review...) left out',
      '1 result the tool marks absent (gone since its baseline) left out',
    ])
  })

  it('fills {0} message arguments, from the text or the rule’s message strings', () => {
    expect(fillArguments('{0} flows to {1}; {{literal}}', ['input', 'eval'])).toBe('input flows to eval; {literal}')
    // An argument String() cannot convert (its own toString is no function) is written as JSON.
    expect(fillArguments('got {0}', [JSON.parse('{"toString": {}}')])).toBe('got {"toString":{}}')
    const [run] = readSarif(
      log([
        {
          tool: {
            driver: { name: 'T', rules: [{ id: 'r', messageStrings: { default: { text: 'Value {0} is tainted' } } }] },
          },
          results: [{ ruleId: 'r', message: { id: 'default', arguments: ['req.query.q'] }, locations: at('x.ts', 2) }],
        },
      ]),
    )
    expect(issues([run])[0].message).toBe('Value req.query.q is tainted')
  })

  it('names the repository from version control and the scan time from the invocation, in UTC', () => {
    const results = readSarif(
      log([
        {
          tool: { driver },
          versionControlProvenance: [{ repositoryUri: 'https://github.com/acme/payments-api.git', revisionId: 'abc' }],
          invocations: [{ executionSuccessful: true, endTimeUtc: '2026-11-20T08:00:00.123456+01:00' }],
          results: [{ ruleId: 'js/xss', message: { text: 'x' }, locations: at('file:///src/a%20b.js', 3) }],
        },
        { tool: { driver: { name: 'Semgrep' } }, results: [] },
      ]),
    )
    expect(results.map((run) => run.tool)).toEqual(['CodeQL', 'Semgrep'])
    expect(results[0].repository).toBe('payments-api')
    expect(results[0].scannedAt).toBe('2026-11-20T07:00:00.123Z')
    expect(issues(results)[0].location).toEqual({ file: 'src/a b.js', line: 3 })
  })

  it('refuses SARIF 1.0 and a log without runs, saying why', () => {
    expect(() => readSarif({ version: '1.0.0', runs: [] })).toThrow(
      new ReaderError('This is SARIF 1.0.0; Vigil reads SARIF 2.1.0. Ask the tool for SARIF 2.1.0 output.'),
    )
    expect(() => readSarif({ version: '2.1.0', runs: [] })).toThrow(/no runs/)
  })

  it('keeps HTML in text fields as text', () => {
    const [run] = readSarif(
      log([
        {
          tool: { driver: { name: '<img src=x onerror=alert(1)>' } },
          results: [{ ruleId: '<b>r</b>', message: { text: '<script>alert(1)</script>' } }],
        },
      ]),
    )
    expect(run.tool).toBe('<img src=x onerror=alert(1)>')
    expect(issues([run])[0].message).toBe('<script>alert(1)</script>')
  })

  it('reads a file named __proto__ and a level named constructor as data, and the result can be stored', () => {
    const text = JSON.stringify(
      log([
        {
          tool: { driver: { name: 'T', rules: [{ id: 'r', defaultConfiguration: { level: 'toString' } }] } },
          results: [
            { ruleId: 'r', level: 'constructor', message: { text: 'a' }, locations: at('__proto__', 1) },
            { ruleId: 'r', message: { text: 'b' }, locations: at('src/constructor', 2) },
            { ruleId: 'r', message: { text: 'c' }, locations: at('lib/a.hasOwnProperty', 3) },
          ],
        },
      ]),
    )
    const results = readScanText(text, { fileName: '__proto__' })
    expect(() => structuredClone(results)).not.toThrow()
    expect(issues(results).map((issue) => [issue.location?.file, issue.enforcementStatus])).toEqual([
      ['__proto__', 'Recommended'],
      ['src/constructor', 'Recommended'],
      ['lib/a.hasOwnProperty', 'Recommended'],
    ])
    expect(languagesOf(results[0].files, ['constructor', '__proto__'])).toEqual([])
  })
})

describe('SARIF runs', () => {
  const codeql = (category: string | undefined, results: unknown[]) => ({
    tool: { driver: { name: 'CodeQL', rules: driver.rules } },
    ...(category ? { automationDetails: { id: category } } : {}),
    results,
  })

  it.each([
    ['/language:javascript/', '/language:javascript/'],
    ['my-analysis/tool1/2022-01-02', 'my-analysis/tool1/'],
    ['nightly', 'nightly'],
    [undefined, undefined],
  ])('takes the category of the automation id %s: %s', (id, category) => {
    expect(automationCategory(id)).toBe(category)
  })

  it('tells apart two runs of one tool by their automation category (CodeQL JavaScript and Python)', () => {
    const results = readSarif(
      log([
        codeql('/language:javascript/', [{ ruleId: 'js/xss', message: { text: 'a' }, locations: at('a.js', 1) }]),
        codeql('/language:python/', [{ ruleId: 'py/xss', message: { text: 'b' }, locations: at('b.py', 1) }]),
      ]),
      { fileName: 'codeql.sarif' },
    )
    expect(results.map((result) => [result.tool, result.run])).toEqual([
      ['CodeQL', 'CodeQL|/language:javascript/'],
      ['CodeQL', 'CodeQL|/language:python/'],
    ])
  })

  it('names a run without automation details by the file’s path, else by the tool alone', () => {
    const runs = log([codeql(undefined, [])])
    expect(readSarif(runs, { fileName: 'scans/codeql.sarif' })[0].run).toBe('CodeQL|scans/codeql.sarif')
    expect(readSarif(runs)[0].run).toBe('CodeQL')
  })

  it('merges two runs of one identity, counting a result both repeat once', () => {
    const result = { ruleId: 'js/xss', message: { text: 'a' }, locations: at('a.js', 4, 'el.innerHTML = q') }
    const results = readSarif(
      log([
        codeql('/language:javascript/', [result]),
        codeql('/language:javascript/', [
          result,
          { ruleId: 'js/xss', message: { text: 'b' }, locations: at('b.js', 1) },
        ]),
      ]),
    )
    expect(results).toHaveLength(1)
    expect(results[0].findings).toHaveLength(2)
    expect(results[0].warnings).toEqual(['1 result repeated in the file (the same result twice) counted once'])
  })
})

describe('SARIF code finding identity', () => {
  const run = (results: unknown[]) =>
    readSarif(log([{ tool: { driver }, results }]))[0].findings.map((finding) => finding.key)

  it('keys a result by its snippet, so a shifted line keeps its key', () => {
    const before = run([
      { ruleId: 'js/xss', message: { text: 'x' }, locations: at('src/a.js', 10, 'el.innerHTML = q') },
      { ruleId: 'js/xss', message: { text: 'x' }, locations: at('src/a.js', 30, 'div.innerHTML = q') },
    ])
    const after = run([
      { ruleId: 'js/xss', message: { text: 'x' }, locations: at('src/a.js', 15, '  el.innerHTML =  q') },
      { ruleId: 'js/xss', message: { text: 'x' }, locations: at('src/a.js', 35, 'div.innerHTML = q') },
    ])
    expect(after).toEqual(before)
    expect(new Set(before).size).toBe(2)
    expect(before.every((key) => !key.includes(':10') && !key.includes(':30'))).toBe(true)
  })

  it('keys a result by the tool’s fingerprint when it gives one', () => {
    const keys = run([
      {
        ruleId: 'js/xss',
        message: { text: 'a' },
        locations: at('a.js', 1),
        partialFingerprints: {
          primaryLocationLineHash: '39fa2ee980eb94b0:1',
          primaryLocationStartColumnFingerprint: '4',
        },
      },
      {
        ruleId: 'js/xss',
        message: { text: 'b' },
        locations: at('a.js', 1),
        fingerprints: { 'matchBasedId/v1': 'f00' },
      },
    ])
    expect(keys).toEqual([
      'code|js/xss|a.js|fp:primaryLocationLineHash=39fa2ee980eb94b0:1',
      'code|js/xss|a.js|fp:matchBasedId/v1=f00',
    ])
  })

  it('tells apart results of one rule and file with the same context by their order, never by their line', () => {
    const keys = run([
      { ruleId: 'js/xss', message: { text: 'Unsafe' }, locations: at('a.js', 40) },
      { ruleId: 'js/xss', message: { text: 'Unsafe' }, locations: at('a.js', 12) },
      { ruleId: 'js/xss', message: { text: 'Unsafe' }, locations: at('b.js', 12) },
    ])
    expect(new Set(keys).size).toBe(3)
    expect(keys[1]).toBe(`${keys[0]}#2`)
  })
})

/** A Trivy SARIF run, worded as Trivy's SARIF writer words it. */
function trivyRun(results: { id: string; pkg: string; version: string; fixed: string }[]) {
  const rules = [...new Set(results.map((result) => result.id))].map((id) => ({
    id,
    name: 'OsPackageVulnerability',
    shortDescription: { text: `${id} in openssl` },
    defaultConfiguration: { level: 'error' },
    properties: {
      'security-severity': '7.5',
      cvssv3_vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H',
      tags: ['vulnerability', 'security', 'HIGH'],
    },
  }))
  return {
    tool: { driver: { name: 'Trivy', rules } },
    properties: { imageName: 'alpine:3.10', repoTags: ['alpine:3.10'] },
    results: results.map(({ id, pkg, version, fixed }) => ({
      ruleId: id,
      ruleIndex: rules.findIndex((rule) => rule.id === id),
      level: 'error',
      message: {
        text: `Package: ${pkg}\nInstalled Version: ${version}\nVulnerability ${id}\nSeverity: HIGH\nFixed Version: ${fixed}\nLink: [${id}](https://example.test/${id})`,
      },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'library/alpine', uriBaseId: 'ROOTPATH' },
            region: { startLine: 1 },
          },
          message: { text: `library/alpine: ${pkg}@${version}` },
        },
      ],
    })),
  }
}

describe('dependency scanners writing SARIF', () => {
  it('reads every advisory of every package of a Trivy SARIF (2 advisories × 2 packages: 4 findings)', () => {
    const results = readSarif(
      log([
        trivyRun([
          { id: 'CVE-2020-1967', pkg: 'libcrypto1.1', version: '1.1.1d-r2', fixed: '1.1.1g-r0' },
          { id: 'CVE-2020-1967', pkg: 'libssl1.1', version: '1.1.1d-r2', fixed: '1.1.1g-r0' },
          { id: 'CVE-2021-23840', pkg: 'libcrypto1.1', version: '1.1.1d-r2', fixed: '1.1.1j-r0' },
          { id: 'CVE-2021-23840', pkg: 'libssl1.1', version: '1.1.1d-r2', fixed: '1.1.1j-r0' },
        ]),
      ]),
    )
    expect(results[0].repository).toBe('alpine')
    const found = vulnerabilities(results)
    expect(found.map((finding) => [finding.advisoryId, finding.packageName, finding.packageVersion])).toEqual([
      ['CVE-2020-1967', 'libcrypto1.1', '1.1.1d-r2'],
      ['CVE-2020-1967', 'libssl1.1', '1.1.1d-r2'],
      ['CVE-2021-23840', 'libcrypto1.1', '1.1.1d-r2'],
      ['CVE-2021-23840', 'libssl1.1', '1.1.1d-r2'],
    ])
    expect(new Set(found.map((finding) => finding.key)).size).toBe(4)
    expect(found[0]).toMatchObject({
      fixedVersion: '1.1.1g-r0',
      toolSeverity: 'HIGH',
      severity: 'High',
      cvss: { version: '3.1', score: 7.5 },
      location: { file: 'library/alpine', line: 1 },
    })
  })

  it('reads every result of a Grype SARIF: 22 results, one per advisory and package, three packages in one jar', () => {
    const jar = 'app/lib/fat.jar'
    const packages = [
      { name: 'log4j-core', version: '2.14.1', type: 'java-archive', path: jar },
      { name: 'log4j-api', version: '2.14.1', type: 'java-archive', path: jar },
      { name: 'jackson-databind', version: '2.9.8', type: 'java-archive', path: jar },
      { name: 'lodash', version: '4.17.20', type: 'npm', path: 'app/package-lock.json' },
    ]
    const advisories = [
      'CVE-2021-44228',
      'CVE-2021-45046',
      'CVE-2021-45105',
      'CVE-2021-44832',
      'CVE-2022-1471',
      'GHSA-JFH8-C2JP-5V3Q',
    ]
    const matches = packages
      .flatMap((pkg) => advisories.map((id) => ({ id, pkg })))
      .slice(0, 22)
      .map(({ id, pkg }) => ({ id, pkg, ruleId: `${id}-${pkg.name}` }))
    expect(matches).toHaveLength(22)
    const rules = matches.map(({ ruleId, pkg }) => ({
      id: ruleId,
      name: 'JavaMatcherExactDirectMatch',
      shortDescription: { text: `${ruleId} critical vulnerability for ${pkg.name} package` },
      help: {
        text: `Vulnerability x\nSeverity: critical\nPackage: ${pkg.name}\nVersion: ${pkg.version}\nFix Version: 2.17.1,2.12.4\nType: ${pkg.type}`,
      },
      properties: { 'security-severity': '10.0', purls: [`pkg:maven/org.example/${pkg.name}@${pkg.version}`] },
    }))
    const [run] = readSarif(
      log([
        {
          tool: { driver: { name: 'grype', rules } },
          results: matches.map(({ ruleId, pkg }) => ({
            ruleId,
            level: 'error',
            message: {
              text: `A critical vulnerability in ${pkg.type} package: ${pkg.name}, version ${pkg.version} was found in image acme/api:1.0 at: ${pkg.path}`,
            },
            partialFingerprints: { primaryLocationLineHash: `${pkg.name}:1` },
            locations: at(`api/${pkg.path}`, 1),
          })),
        },
      ]),
    )
    const found = vulnerabilities([run])
    expect(found).toHaveLength(22)
    expect(new Set(found.map((finding) => finding.key)).size).toBe(22)
    const inJar = found.filter((finding) => finding.location?.file === `api/${jar}`)
    expect(new Set(inJar.map((finding) => finding.packageName))).toEqual(
      new Set(['log4j-core', 'log4j-api', 'jackson-databind']),
    )
    expect(found[0]).toMatchObject({
      advisoryId: 'CVE-2021-44228',
      packageName: 'log4j-core',
      packageVersion: '2.14.1',
      ecosystem: 'java-archive',
      purl: 'pkg:maven/org.example/log4j-core@2.14.1',
      toolSeverity: 'critical',
      severity: 'Critical',
      fixedVersion: '2.17.1',
    })
    expect(found.find((finding) => finding.advisoryId.startsWith('GHSA'))?.advisoryId).toBe('GHSA-jfh8-c2jp-5v3q')
  })

  it('reads an OSV-Scanner SARIF: the package from its message, the aliases from deprecatedIds', () => {
    const [run] = readSarif(
      log([
        {
          tool: {
            driver: {
              name: 'osv-scanner',
              rules: [
                {
                  id: 'GHSA-35jh-r3h4-6jhm',
                  deprecatedIds: ['GHSA-35jh-r3h4-6jhm', 'CVE-2021-23337'],
                  properties: { 'security-severity': '7.2' },
                },
              ],
            },
          },
          results: [
            {
              ruleId: 'GHSA-35jh-r3h4-6jhm',
              message: {
                text: "Package '@acme/lodash-fork@4.17.20' is vulnerable to 'GHSA-35jh-r3h4-6jhm' (also known as 'CVE-2021-23337').",
              },
              locations: at('package-lock.json'),
            },
          ],
        },
      ]),
    )
    expect(vulnerabilities([run])[0]).toMatchObject({
      advisoryId: 'CVE-2021-23337',
      aliases: ['GHSA-35jh-r3h4-6jhm'],
      packageName: '@acme/lodash-fork',
      packageVersion: '4.17.20',
      severity: 'High',
    })
  })

  it('never merges results that name different packages, even when the message names none', () => {
    const [run] = readSarif(
      log([
        {
          tool: { driver: { name: 'dependency-check', rules: [{ id: 'CVE-2021-44228' }] } },
          results: [
            { ruleId: 'CVE-2021-44228', message: { text: 'Found in the first jar' }, locations: at('pom.xml', 12) },
            { ruleId: 'CVE-2021-44228', message: { text: 'Found in the second jar' }, locations: at('pom.xml', 12) },
          ],
        },
      ]),
    )
    expect(new Set(run.findings.map((finding) => finding.key)).size).toBe(2)
    expect(run.warnings).toEqual([])
  })

  it('keeps a Trivy secret with its match masked, and counts Trivy’s licence results', () => {
    const token = `ghp_${'x'.repeat(36)}`
    const [run] = readSarif(
      log([
        {
          tool: {
            driver: {
              name: 'Trivy',
              rules: [
                {
                  id: 'github-pat',
                  name: 'Secret',
                  shortDescription: { text: 'GitHub Personal Access Token' },
                  fullDescription: { text: `GITHUB_TOKEN=${token}` },
                  properties: { 'security-severity': '9.5' },
                },
                { id: 'left-pad:GPL-3.0', name: 'License', properties: { 'security-severity': '8.0' } },
              ],
            },
          },
          results: [
            {
              ruleId: 'github-pat',
              ruleIndex: 0,
              level: 'error',
              message: {
                text: `Artifact: config/.env\nType: \nSecret GitHub Personal Access Token\nSeverity: CRITICAL\nMatch: GITHUB_TOKEN=${token}`,
              },
              locations: at('config/.env', 3),
            },
            { ruleId: 'left-pad:GPL-3.0', ruleIndex: 1, message: { text: 'License GPL-3.0' }, locations: at('x', 1) },
          ],
        },
      ]),
    )
    const [secret] = issues([run])
    expect(secret).toMatchObject({
      category: 'secret',
      title: 'GitHub Personal Access Token',
      severity: 'Critical',
      maskedMatch: 'GITH********',
      location: { file: 'config/.env', line: 3 },
    })
    expect(JSON.stringify(run)).not.toContain('xxxxxxxx')
    expect(run.warnings).toEqual(['1 licence finding not imported: licences are not shown'])
  })

  it('keys a secret scanner’s result by its masked snippet, never by the secret', () => {
    const secretRun = (secret: string) =>
      readSarif(
        log([
          {
            tool: { driver: { name: 'gitleaks', rules: [{ id: 'generic-api-key' }] } },
            results: [
              {
                ruleId: 'generic-api-key',
                message: { text: 'generic-api-key has detected secret for file .env.' },
                locations: at('.env', 4, `API_KEY=${secret}`),
              },
            ],
          },
        ]),
      )[0]
    const [first, second] = [secretRun('hunter2hunter2'), secretRun('correct-horse-battery')]
    expect(issues([first])[0]).toMatchObject({ category: 'secret', maskedMatch: 'API_********' })
    expect(first.findings[0].key).toBe(second.findings[0].key)
    expect(JSON.stringify(first)).not.toContain('hunter2')
  })
})

describe('SARIF paths written on the scanning machine', () => {
  const eslint = { name: 'ESLint', rules: [{ id: 'no-eval', shortDescription: { text: 'eval is harmful' } }] }
  const scanOf = (uri: string, invocations?: unknown[]) =>
    log([
      {
        tool: { driver: eslint },
        ...(invocations ? { invocations } : {}),
        results: [{ ruleId: 'no-eval', level: 'error', message: { text: 'eval' }, locations: at(uri, 3, 'eval(x)') }],
      },
    ])
  const fileOf = (results: ReturnType<typeof readSarif>) =>
    (results[0].findings[0] as PolicyIssueFinding).location?.file

  it('reads them from the folder named as the repository, so CI and a laptop key a finding alike', () => {
    const ci = readSarif(scanOf('file:///home/runner/work/app/app/src/a.js'), { repository: 'app' })
    const laptop = readSarif(scanOf('file:///C:/Users/ada/App/src/a.js'), { repository: 'app' })
    expect(fileOf(ci)).toBe('src/a.js')
    expect(fileOf(laptop)).toBe('src/a.js')
    expect(ci[0].findings[0].key).toBe(laptop[0].findings[0].key)
  })

  it('reads them from the run’s working directory when it names one', () => {
    const run = scanOf('file:///builds/team/web-app/src/a.js', [
      { executionSuccessful: true, workingDirectory: { uri: 'file:///builds/team/web-app/' } },
    ])
    expect(fileOf(readSarif(run, { repository: 'storefront' }))).toBe('src/a.js')
  })

  it('keeps relative paths, and absolute ones it cannot place, as written', () => {
    expect(fileOf(readSarif(scanOf('app/src/a.js'), { repository: 'app' }))).toBe('app/src/a.js')
    expect(fileOf(readSarif(scanOf('file:///srv/build/src/a.js'), { repository: 'app' }))).toBe('srv/build/src/a.js')
  })
})
