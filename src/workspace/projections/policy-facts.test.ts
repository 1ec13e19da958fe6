import { describe, expect, it } from 'vitest'
import { emptyCounts } from '@/data/findings'
import { evaluatePolicyChecks } from '@/data/policy-checks'
import { parsePolicy } from '@/data/policy-document'
import { logOf } from '@tests/helpers/triage'
import type { IssueDigest, RepositoryDigest } from './digest'
import {
  factSubjectOf,
  openFindingsOf,
  policyFactPartsOf,
  policyFactsFromParts,
  type FactFinding,
} from './policy-facts'
import { emptyApiSummary, type ApiDocumentRecord, type RepositorySummary } from '@/workspace/model/repository-records'
import type { StoredKev } from '@/workspace/intelligence/stored-catalogue'

const now = new Date('2026-03-01T12:00:00Z')

/** The facts as the page puts them together, worked out where no worker runs. */
const policyFactsOf = async (
  summaries: RepositorySummary[],
  digests: RepositoryDigest[],
  decisions: Parameters<typeof policyFactPartsOf>[2],
  at: Date,
) => policyFactsFromParts(summaries, await policyFactPartsOf(summaries.map(factSubjectOf), digests, decisions, at))

const summary = (name: string, change: Partial<RepositorySummary> = {}): RepositorySummary => ({
  name,
  description: '',
  url: '',
  isPrivate: true,
  languages: ['TypeScript'],
  scannedAt: '2026-03-01T00:00:00Z',
  tools: ['CodeQL'],
  counts: emptyCounts(),
  apis: emptyApiSummary(),
  ...change,
})

const issue = (file: string, change: Partial<IssueDigest> = {}): string =>
  JSON.stringify({
    key: `js/xss|${file}`,
    ruleId: 'js/xss',
    title: 'Cross-site scripting',
    tool: 'CodeQL',
    severity: 'High',
    enforcementStatus: 'Mandatory',
    file,
    cwes: ['CWE-79', 'CWE-116'],
    ...change,
  } satisfies IssueDigest)

const endpoint = (path: string, auth: string, pii: boolean) =>
  JSON.stringify({ id: path, method: 'GET', path, auth, pii, pci: false, phi: false, description: '' })

const document: ApiDocumentRecord = {
  title: 'API',
  specification: 'OpenAPI 3.1.0',
  tool: 'API 1',
  file: 'openapi.json',
  endpoints: 2,
  importedAt: '2026-03-01T00:00:00Z',
}

const summaries = [
  summary('api', { apis: { ...emptyApiSummary(), documents: [document] } }),
  summary('docs', { tools: [] }),
  summary('web'),
]
const digests: RepositoryDigest[] = [
  {
    repository: 'web',
    issues: [
      issue('src/a.ts'),
      issue('src/b.ts'),
      issue('src/db.ts', { key: 'sql', ruleId: 'js/sql-injection', cwes: ['CWE-89'] }),
    ],
    vulnerabilities: [
      JSON.stringify({
        id: 'v',
        key: 'CVE-1|x@1',
        title: 'x',
        severity: 'Critical',
        cve: 'CVE-1',
        package: 'x',
        tool: 'Grype',
      }),
      JSON.stringify({
        id: 'w',
        key: 'CVE-2|y@1',
        title: 'y',
        severity: 'Critical',
        cve: 'CVE-2',
        package: 'y',
        tool: 'Grype',
        vex: { status: 'not_affected' },
      }),
    ],
    endpoints: [],
  },
  {
    repository: 'api',
    issues: [],
    vulnerabilities: [],
    endpoints: [endpoint('/users', 'None', true), endpoint('/health', 'None', false)],
  },
]

const policy = parsePolicy(
  [
    '---',
    'title: T',
    '---',
    '- No XSS {cwe: 79} [Mandatory]',
    '- No critical vulnerabilities {severity: critical} [Mandatory]',
    '- Sensitive endpoints need authentication {api: sensitive-endpoints-need-auth} [Mandatory]',
  ].join('\n'),
)

describe('the policy facts of a workspace', () => {
  it('groups alike open findings with their count, and leaves VEX-closed ones out', async () => {
    const facts = await policyFactsOf(summaries, digests, [], now)
    const web = facts.repositories.find((repository) => repository.name === 'web')!
    expect(web.findings).toEqual([
      expect.objectContaining({ kind: 'vulnerability', ruleId: 'CVE-1', severity: 'Critical', count: 1 }),
      expect.objectContaining({ kind: 'policy-issue', ruleId: 'js/xss', cwes: ['CWE-79', 'CWE-116'], count: 2 }),
      expect.objectContaining({ kind: 'policy-issue', ruleId: 'js/sql-injection', count: 1 }),
    ])
  })

  it('counts a vulnerability that recurs across repositories in each repository apart', async () => {
    const log4j = JSON.stringify({
      id: 'l',
      key: 'CVE-9|log4j@2',
      title: 'l',
      severity: 'High',
      cve: 'CVE-9',
      tool: 'Grype',
    })
    const shared: RepositoryDigest[] = [
      { repository: 'a-one', issues: [], vulnerabilities: [log4j], endpoints: [] },
      { repository: 'b-two', issues: [], vulnerabilities: [log4j, log4j], endpoints: [] },
      { repository: 'c-three', issues: [], vulnerabilities: [log4j], endpoints: [] },
    ]
    const names = ['a-one', 'b-two', 'c-three']
    const facts = await policyFactsOf(
      names.map((name) => summary(name)),
      shared,
      [],
      now,
    )
    expect(facts.repositories.map(({ name, findings }) => [name, findings.map((finding) => finding.count)])).toEqual([
      ['a-one', [1]],
      ['b-two', [2]],
      ['c-three', [1]],
    ])
    // Alike to none in its repository, it is one object wherever it recurs; counted twice, a copy.
    const [one, two, three] = facts.repositories
    expect(one.findings[0]).toBe(three.findings[0])
    expect(two.findings[0]).not.toBe(one.findings[0])
  })

  it('keeps findings of one rule apart when their kind, severity or CWEs differ, in the order first seen', () => {
    const fact = (
      ruleId: string,
      severity: FactFinding['severity'],
      cwes: string[],
      kind: FactFinding['kind'] = 'policy-issue',
    ) =>
      ({
        kind,
        key: `${ruleId}-${severity}-${cwes}`,
        tool: 'Semgrep',
        ruleId,
        severity,
        cwes,
        count: 1,
        closed: false,
        kevOverdue: false,
      }) satisfies FactFinding
    const covers = new Map()
    const grouped = openFindingsOf(
      [
        fact('r1', 'High', ['CWE-79']),
        fact('r2', 'Low', []),
        fact('r1', 'High', ['CWE-79']),
        fact('r1', 'Low', ['CWE-79']),
        fact('r1', 'High', ['CWE-79', 'CWE-80']),
        fact('r1', 'High', ['CWE-79'], 'vulnerability'),
        fact('r2', 'Low', []),
        fact('r3', 'High', []),
      ],
      (index) => index !== 7,
      covers,
    )
    expect(
      grouped.map(({ ruleId, severity, cwes, kind, count }) => [ruleId, severity, cwes.join(), kind, count]),
    ).toEqual([
      ['r1', 'High', 'CWE-79', 'policy-issue', 2],
      ['r2', 'Low', '', 'policy-issue', 2],
      ['r1', 'Low', 'CWE-79', 'policy-issue', 1],
      ['r1', 'High', 'CWE-79,CWE-80', 'policy-issue', 1],
      ['r1', 'High', 'CWE-79', 'vulnerability', 1],
    ])
    expect([...covers.get('Semgrep').rules]).toEqual(['r1', 'r2', 'r3'])
  })

  it('counts a repository as checked when a tool that scanned it reported the rule anywhere', async () => {
    const facts = await policyFactsOf(summaries, digests, [], now)
    const [xss, critical, api] = evaluatePolicyChecks(policy.lines, facts.repositories).lines
    expect(xss.summary).toBe('1 of 2 repositories passes')
    expect(xss.failing.map((failure) => failure.repository)).toEqual(['web'])
    expect(xss.unchecked).toEqual(['docs'])
    expect(critical.summary).toBe('1 of 2 repositories passes')
    expect(api.summary).toBe('0 of 1 repository pass')
  })

  it('keeps endpoints only for repositories with an API description, and fails sensitive ones without auth', async () => {
    const facts = await policyFactsOf(summaries, digests, [], now)
    expect(facts.repositories.find((repository) => repository.name === 'web')?.endpoints).toBeUndefined()
    const { issues } = evaluatePolicyChecks(policy.lines, facts.repositories)
    expect(issues).toEqual([
      expect.objectContaining({
        repository: 'api',
        rule: 'Sensitive endpoints need authentication',
        endpoint: expect.objectContaining({ path: '/users' }),
      }),
    ])
  })

  it('leaves out what decisions close: a false positive makes the line pass', async () => {
    const decisions = logOf([
      {
        state: 'false-positive',
        reason: 'Escaped by the template',
        scope: { kind: 'rule', repository: 'web', ruleId: 'js/xss' },
        severity: 'High',
      },
    ])
    const facts = await policyFactsOf(summaries, digests, decisions, now)
    const [xss] = evaluatePolicyChecks(policy.lines, facts.repositories).lines
    expect(xss.summary).toBe('2 of 2 repositories pass')
  })

  it('gives each repository its languages and, when a scanner ran, its newest scan for the health score', async () => {
    const facts = await policyFactsOf(summaries, digests, [], now)
    expect(facts.health).toEqual([
      { name: 'api', languages: ['TypeScript'], lastScannedAt: '2026-03-01T00:00:00Z' },
      { name: 'docs', languages: ['TypeScript'] },
      { name: 'web', languages: ['TypeScript'], lastScannedAt: '2026-03-01T00:00:00Z' },
    ])
  })

  describe('with CISA’s KEV catalogue', () => {
    const kev: StoredKev = {
      kind: 'kev',
      catalogVersion: '2026.02.27',
      dateReleased: '2026-02-27T14:00:00.000Z',
      entries: [
        // Due the day before the facts' day: past. Listed by the finding's alias.
        { cve: 'CVE-2024-0001', dateAdded: '2026-02-01', dueDate: '2026-02-28' },
        // Due on the facts' day: not yet past.
        { cve: 'CVE-2024-0002', dateAdded: '2026-02-01', dueDate: '2026-03-01' },
        { cve: 'CVE-2024-0003', dateAdded: '2026-02-01' },
      ],
      file: 'known_exploited_vulnerabilities.json',
      origin: 'file',
      importedAt: '2026-02-28T00:00:00Z',
      skipped: 0,
    }
    const vulnerability = (key: string, cve: string, change: Record<string, unknown> = {}) =>
      JSON.stringify({ id: key, key, title: cve, severity: 'High', cve, package: 'p', tool: 'Grype', ...change })
    const kevDigests: RepositoryDigest[] = [
      {
        repository: 'payments',
        issues: [issue('src/a.ts')],
        vulnerabilities: [
          vulnerability('GHSA-1|p@1', 'GHSA-xxxx-0001', { aliases: ['CVE-2024-0001'] }),
          vulnerability('CVE-2024-0002|p@1', 'CVE-2024-0002'),
        ],
        endpoints: [],
      },
      {
        repository: 'search',
        issues: [],
        vulnerabilities: [vulnerability('CVE-2024-0002|p@1', 'CVE-2024-0002')],
        endpoints: [],
      },
      {
        repository: 'billing',
        issues: [],
        vulnerabilities: [vulnerability('GHSA-1|p@1', 'GHSA-xxxx-0001', { aliases: ['CVE-2024-0001'] })],
        endpoints: [],
      },
      { repository: 'web', issues: [issue('src/b.ts')], vulnerabilities: [], endpoints: [] },
    ]
    const kevSummaries = [
      summary('billing', { tools: ['Grype'] }),
      summary('payments', { tools: ['Grype', 'CodeQL'] }),
      summary('search', { tools: ['Grype'] }),
      summary('web'),
    ]
    const kevPolicy = parsePolicy('---\ntitle: T\n---\n- Fix KEV findings by their due date {kev: overdue} [Mandatory]')
    // A decision closes billing's finding past KEV's due date.
    const decisions = logOf([
      {
        state: 'accepted-risk',
        reason: 'Not reachable from the service',
        scope: { kind: 'finding', repository: 'billing', findingKey: 'GHSA-1|p@1' },
        severity: 'High',
      },
    ])
    const factsWith = async (catalogues: { kev?: StoredKev }) =>
      policyFactsFromParts(
        kevSummaries,
        await policyFactPartsOf(kevSummaries.map(factSubjectOf), kevDigests, decisions, now, { catalogues }),
      )

    it('marks an open finding whose CVE or alias KEV lists with a due date before today, and a tool that reports vulnerabilities', async () => {
      const facts = await factsWith({ kev })
      expect(facts.kevCatalogue).toBe(true)
      const payments = facts.repositories.find((repository) => repository.name === 'payments')!
      expect(payments.findings.map(({ ruleId, kevOverdue }) => [ruleId, kevOverdue])).toEqual([
        ['GHSA-xxxx-0001', true],
        ['CVE-2024-0002', false],
        ['js/xss', false],
      ])
      // Only the flag is kept of the catalogue's entry.
      expect(Object.keys(payments.findings[0])).not.toContain('exploit')
      const scanners = Object.fromEntries(payments.scanners.map((scanner) => [scanner.tool, scanner.vulnerabilities]))
      expect(scanners).toEqual({ Grype: true, CodeQL: false })
    })

    it('fails the repository with such a finding, passes one whose finding a decision closed, and checks none without a vulnerability scanner', async () => {
      const facts = await factsWith({ kev })
      const [line] = evaluatePolicyChecks(kevPolicy.lines, facts.repositories, facts).lines
      expect(line.summary).toBe('2 of 3 repositories pass')
      expect(line.failing.map((failure) => failure.repository)).toEqual(['payments'])
      expect(line.unchecked).toEqual(['web'])
    })

    it('knows nothing of KEV without the catalogue: no repository passes, and the line says so', async () => {
      const facts = await factsWith({})
      expect(facts.kevCatalogue).toBe(false)
      expect(
        facts.repositories.flatMap((repository) => repository.findings).some((finding) => finding.kevOverdue),
      ).toBe(false)
      const [line] = evaluatePolicyChecks(kevPolicy.lines, facts.repositories, facts).lines
      expect(line).toMatchObject({ checked: 0, passing: 0, missing: 'kev-catalogue' })
      expect(line.summary).toMatch(/^No repository is checked: CISA's KEV catalogue is not imported\./)
    })
  })
})
