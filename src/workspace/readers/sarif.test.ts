import { describe, expect, it } from 'vitest'
import { ReaderError, type PolicyIssueFinding, type VulnerabilityFinding } from '@/workspace/model'
import { cwesOf, fillArguments, readSarif } from './sarif'

/** A SARIF 2.1.0 log of our own, shaped as the specification (§3) describes. */
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

const at = (uri: string, startLine?: number) => [
  { physicalLocation: { artifactLocation: { uri }, region: startLine ? { startLine } : undefined } },
]

const issues = (results: ReturnType<typeof readSarif>) =>
  results
    .flatMap((run) => run.findings)
    .filter((finding): finding is PolicyIssueFinding => finding.kind === 'policy-issue')

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

  it('reads security-severity as a number or a word, and leaves a finding without one Unknown', () => {
    const [run] = readSarif(
      log([
        {
          tool: {
            driver: {
              name: 'Scanner',
              rules: [
                { id: 'a', properties: { 'security-severity': '9.1' } },
                { id: 'b', properties: { 'security-severity': 'high' } },
                { id: 'c' },
              ],
            },
          },
          results: ['a', 'b', 'c'].map((ruleId) => ({
            ruleId,
            message: { text: ruleId },
            locations: at(`${ruleId}.py`, 1),
          })),
        },
      ]),
    )
    expect(issues([run]).map((issue) => issue.severity)).toEqual(['Critical', 'High', 'Unknown'])
  })

  it('leaves out results that did not fail and suppressed ones, saying how many', () => {
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
    ])
  })

  it('fills {0} message arguments, from the text or the rule’s message strings', () => {
    expect(fillArguments('{0} flows to {1}; {{literal}}', ['input', 'eval'])).toBe('input flows to eval; {literal}')
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

  it('reads CWE ids from tags in their real spellings', () => {
    expect(
      cwesOf(['external/cwe/cwe-079', 'CWE-22: Path traversal', 'cwe:89', 'security', 'external/cwe/cwe-079']),
    ).toEqual(['CWE-79', 'CWE-22', 'CWE-89'])
  })

  it('treats each run as its own tool, and names the repository from version control', () => {
    const results = readSarif(
      log([
        {
          tool: { driver },
          versionControlProvenance: [{ repositoryUri: 'https://github.com/acme/payments-api.git', revisionId: 'abc' }],
          invocations: [{ executionSuccessful: true, endTimeUtc: '2026-11-20T08:00:00Z' }],
          results: [{ ruleId: 'js/xss', message: { text: 'x' }, locations: at('file:///src/a%20b.js', 3) }],
        },
        { tool: { driver: { name: 'Semgrep' } }, results: [] },
      ]),
    )
    expect(results.map((run) => run.tool)).toEqual(['CodeQL', 'Semgrep'])
    expect(results[0].repository).toBe('payments-api')
    expect(results[0].scannedAt).toBe('2026-11-20T08:00:00Z')
    expect(issues(results)[0].location).toEqual({ file: 'src/a b.js', line: 3 })
  })

  it('makes a result whose rule names a CVE or GHSA a vulnerability, and any other a policy issue', () => {
    const [run] = readSarif(
      log([
        {
          tool: {
            driver: {
              name: 'dependency-check',
              rules: [
                {
                  id: 'CVE-2021-44228',
                  shortDescription: { text: 'Log4Shell' },
                  properties: { 'security-severity': '10.0' },
                },
              ],
            },
          },
          results: [
            {
              ruleId: 'CVE-2021-44228',
              message: { text: 'org.apache.logging.log4j:log4j-core@2.14.1 is vulnerable' },
              locations: at('pom.xml', 12),
            },
          ],
        },
      ]),
    )
    const [finding] = run.findings as VulnerabilityFinding[]
    expect(finding).toMatchObject({
      kind: 'vulnerability',
      advisoryId: 'CVE-2021-44228',
      severity: 'Critical',
      packageName: 'org.apache.logging.log4j:log4j-core',
      packageVersion: '2.14.1',
    })
  })

  it('keeps two results of one rule on one line apart by their fingerprints', () => {
    const [run] = readSarif(
      log([
        {
          tool: { driver },
          results: [
            { ruleId: 'js/xss', message: { text: 'a' }, locations: at('a.js', 1), partialFingerprints: { hash: '1' } },
            { ruleId: 'js/xss', message: { text: 'b' }, locations: at('a.js', 1), partialFingerprints: { hash: '2' } },
          ],
        },
      ]),
    )
    const keys = run.findings.map((finding) => finding.key)
    expect(new Set(keys).size).toBe(2)
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
})
