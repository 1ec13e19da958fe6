import { describe, expect, it } from 'vitest'
import { evaluatePolicyChecks, type CheckedRepository } from './policy-checks'
import { parsePolicy } from './policy-document'

const policy = parsePolicy(`---
title: Web
---
# Web [Mandatory]
- Never render user HTML {cwe: 79; rules: react-dangerouslysetinnerhtml} [Mandatory]
- No known critical vulnerabilities {severity: critical} [Strongly Recommended]
- Sensitive endpoints need authentication {api: sensitive-endpoints-need-auth} [Mandatory]
- A rule nothing checks [Recommended]
- A check with nothing valid {cwe: xss} [Recommended]
`)

const semgrep = {
  tool: 'Semgrep',
  rules: ['typescript.react.security.audit.react-dangerouslysetinnerhtml'],
  cwes: ['CWE-79'],
}
const repositories: CheckedRepository[] = [
  {
    name: 'web',
    scanners: [semgrep],
    findings: [
      {
        key: 'code|typescript.react.security.audit.react-dangerouslysetinnerhtml|src/a.tsx|ctx:1',
        ruleId: 'typescript.react.security.audit.react-dangerouslysetinnerhtml',
        cwes: [],
        severity: 'High',
      },
    ],
    endpoints: [{ method: 'get', path: '/me', pii: true, pci: false, phi: false, auth: 'JWT' }],
  },
  {
    name: 'api',
    scanners: [semgrep, { tool: 'Trivy' }],
    findings: [],
    endpoints: [
      { method: 'get', path: '/users', pii: true, pci: false, phi: false, auth: 'None' },
      { method: 'post', path: '/cards', pii: false, pci: true, phi: false, auth: 'Unknown' },
      { method: 'get', path: '/health', pii: false, pci: false, phi: false, auth: 'None' },
    ],
  },
  { name: 'legacy', scanners: [], findings: [] },
  {
    name: 'svc',
    scanners: [{ tool: 'Trivy' }],
    findings: [{ key: 'package|CVE-2021-44228|maven/log4j@2.14.1|', cwes: ['CWE-502'], severity: 'Critical' }],
  },
  {
    // The tool's coverage is unknown, but a finding against the rule shows it looks for it.
    name: 'mobile',
    scanners: [{ tool: 'CodeQL' }],
    findings: [{ key: 'code|js/xss|a.js|ctx:2', ruleId: 'js/xss', cwes: ['external/cwe/cwe-079'], severity: 'Medium' }],
  },
]

describe('policy checks', () => {
  const result = evaluatePolicyChecks(policy.lines, repositories)
  const line = (text: string) => result.lines.find((each) => each.text.startsWith(text))!

  it('checks the repositories a tool that covers the rule scanned, and passes those with no open finding against it', () => {
    const html = line('Never render user HTML')
    expect(html).toMatchObject({
      lineIndex: 1,
      level: 'Mandatory',
      checked: 3,
      passing: 1,
      unchecked: ['legacy', 'svc'],
    })
    expect(html.summary).toBe('1 of 3 repositories passes')
    expect(html.failing.map((failure) => failure.repository)).toEqual(['web', 'mobile'])
    expect(html.failing[1].findings[0].ruleId).toBe('js/xss')
  })

  it('checks severities in every scanned repository', () => {
    const critical = line('No known critical')
    expect(critical).toMatchObject({
      checked: 4,
      passing: 3,
      unchecked: ['legacy'],
      summary: '3 of 4 repositories pass',
    })
    expect(critical.failing).toEqual([{ repository: 'svc', findings: [repositories[3].findings[0]], endpoints: [] }])
  })

  it('fails a repository with a sensitive endpoint whose auth is None or Unknown, and names the rule line in its issues', () => {
    const api = line('Sensitive endpoints')
    expect(api).toMatchObject({ checked: 2, passing: 1, unchecked: ['legacy', 'svc', 'mobile'] })
    expect(api.failing[0].endpoints.map((endpoint) => endpoint.path)).toEqual(['/users', '/cards'])
    expect(result.issues).toEqual([
      expect.objectContaining({
        repository: 'api',
        lineIndex: 3,
        level: 'Mandatory',
        rule: 'Sensitive endpoints need authentication',
        message:
          'GET /users handles PII data with no authentication, which the policy rule "Sensitive endpoints need authentication" forbids: require authentication on it, or declare the one it has.',
      }),
      expect.objectContaining({
        repository: 'api',
        message: expect.stringContaining('POST /cards handles PCI data with no declared authentication'),
      }),
    ])
  })

  it('leaves out lines without a check, and checks that name nothing valid', () => {
    expect(result.lines.map((each) => each.lineIndex)).toEqual([1, 2, 3])
  })

  it('tallies each repository’s checked and passed lines', () => {
    expect(Object.fromEntries(result.byRepository)).toEqual({
      web: { checked: 3, passing: 2 },
      api: { checked: 3, passing: 2 },
      legacy: { checked: 0, passing: 0 },
      svc: { checked: 1, passing: 0 },
      mobile: { checked: 2, passing: 1 },
    })
  })

  it('says how many of the checked repositories pass', () => {
    const many: CheckedRepository[] = Array.from({ length: 60 }, (_, index) => ({
      name: `repo-${index}`,
      scanners: index < 52 ? [{ tool: 'Trivy' }] : [],
      findings: index < 11 ? [{ key: `k${index}`, cwes: [], severity: 'Critical' }] : [],
    }))
    expect(evaluatePolicyChecks(policy.lines, many).lines[1].summary).toBe('41 of 52 repositories pass')
    expect(evaluatePolicyChecks(policy.lines, []).lines[0].summary).toBe(
      'No repository is checked: none was scanned by a tool that covers this rule.',
    )
  })
})

describe('the KEV check', () => {
  const kevPolicy = parsePolicy(`---
title: KEV
---
- Fix known exploited vulnerabilities by their KEV due date {kev: overdue} [Mandatory]
- No known critical vulnerabilities, nor any past KEV's due date {severity: critical; kev: overdue} [Mandatory]
`)
  const grype = { tool: 'Grype', rules: ['CVE-2024-45337'], cwes: [], vulnerabilities: true }
  const semgrep = { tool: 'Semgrep', rules: ['js/xss'], cwes: ['CWE-79'] }
  const overdue = {
    key: 'CVE-2024-45337|golang.org/x/crypto@0.30.0',
    kind: 'vulnerability',
    tool: 'Grype',
    ruleId: 'CVE-2024-45337',
    cwes: [],
    severity: 'High',
    kevOverdue: true,
  } as const
  const kevRepositories: CheckedRepository[] = [
    // An open finding CISA's KEV catalogue lists with a due date before today.
    { name: 'payments', scanners: [grype], findings: [overdue] },
    // The same finding decided closed: the caller leaves it out.
    { name: 'billing', scanners: [grype], findings: [] },
    // In KEV, but its due date is not past.
    { name: 'search', scanners: [grype], findings: [{ ...overdue, kevOverdue: false }] },
    // No tool that reports vulnerabilities scanned it: nothing is known of its dependencies.
    { name: 'web', scanners: [semgrep], findings: [] },
    { name: 'legacy', scanners: [], findings: [] },
    {
      name: 'ledger',
      scanners: [{ tool: 'Trivy' }],
      findings: [{ key: 'CVE-1|x@1', kind: 'vulnerability', ruleId: 'CVE-1', cwes: [], severity: 'Critical' }],
    },
  ]

  it('fails a repository with an open finding past KEV’s due date, and passes the others a vulnerability scanner read', () => {
    const [kev] = evaluatePolicyChecks(kevPolicy.lines, kevRepositories, { kevCatalogue: true }).lines
    expect(kev).toMatchObject({ checked: 3, passing: 2, unchecked: ['web', 'legacy', 'ledger'] })
    expect(kev.missing).toBeUndefined()
    expect(kev.summary).toBe('2 of 3 repositories pass')
    expect(kev.failing).toEqual([{ repository: 'payments', findings: [overdue], endpoints: [] }])
  })

  it('joins its clause to the others of the line', () => {
    const [, both] = evaluatePolicyChecks(kevPolicy.lines, kevRepositories, { kevCatalogue: true }).lines
    expect(both).toMatchObject({ checked: 5, passing: 3, unchecked: ['legacy'] })
    expect(both.failing.map((failure) => failure.repository)).toEqual(['payments', 'ledger'])
  })

  it('passes no repository without the KEV catalogue, and says it is not imported', () => {
    // Without the catalogue, the facts know no finding past KEV's due date.
    const unknown = kevRepositories.map((repository) => ({
      ...repository,
      findings: repository.findings.map(({ kevOverdue: _kevOverdue, ...finding }) => finding),
    }))
    const { lines, byRepository } = evaluatePolicyChecks(kevPolicy.lines, unknown)
    const [kev, both] = lines
    expect(kev).toMatchObject({ checked: 0, passing: 0, failing: [], missing: 'kev-catalogue' })
    expect(kev.unchecked).toHaveLength(kevRepositories.length)
    expect(kev.summary).toBe(
      "No repository is checked: CISA's KEV catalogue is not imported. Import it (Data > Import scan files..., or the team's feed) to check this line.",
    )
    // What the line fails by what is known still fails; nothing passes.
    expect(both).toMatchObject({ checked: 1, passing: 0, missing: 'kev-catalogue' })
    expect(both.failing.map((failure) => failure.repository)).toEqual(['ledger'])
    expect(both.summary).toBe(
      "0 of 1 repository pass; the others are not checked: CISA's KEV catalogue is not imported (Data > Import scan files..., or the team's feed).",
    )
    expect(byRepository.get('billing')).toEqual({ checked: 0, passing: 0 })
  })
})
