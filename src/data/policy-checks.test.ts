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
