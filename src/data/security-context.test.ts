import { describe, expect, it } from 'vitest'
import type { RepositoryFindings } from './data-source'
import type { DecisionView } from './decisions'
import type { ApiEndpoint } from './endpoints'
import type { KevView, PolicyViolation, Vulnerability } from './findings'
import type { SlaView } from './sla'
import { LIKELY_EXPLOITED_EPSS, REACH, riskLevel, securityContext, type SecurityContextInput } from './security-context'

const kev = (cve: string, marks: Partial<KevView> = {}): KevView => ({
  cve,
  dateAdded: '2026-01-02',
  dueDate: '2026-01-23',
  ransomware: false,
  ...marks,
})

const epss = (score: number) => ({ catalogueEpss: { score, percentile: 0.97, date: '2026-11-20' } })

let serial = 0
const vulnerability = (cve: string, marks: Partial<Vulnerability> = {}): Vulnerability => {
  serial += 1
  return {
    id: `v-${serial}`,
    key: `k-${serial}`,
    title: `${cve} in pkg`,
    severity: 'High',
    description: '',
    cve,
    package: 'pkg',
    packageVersion: '1.0.0',
    ...marks,
  }
}

const endpoint = (path: string, marks: Partial<ApiEndpoint> = {}): ApiEndpoint => ({
  id: path,
  method: 'GET',
  path,
  auth: 'None',
  pii: false,
  pci: false,
  phi: false,
  description: '',
  ...marks,
})

const secret = (marks: Partial<PolicyViolation> = {}): PolicyViolation => ({
  id: 'secret-1',
  title: 'AWS access key',
  enforcementStatus: 'Mandatory',
  description: '',
  relevantFiles: ['config/deploy.env'],
  rule: 'aws-access-key-id',
  category: 'secret',
  keys: ['s-1'],
  ...marks,
})

const decided = (state: DecisionView['state']): DecisionView => ({
  state,
  expired: false,
  review: false,
  decided: { state, reason: 'Not reachable.', by: 'Ada', at: '2026-11-01', scope: 'finding' },
})

const overdueView = (marks: Partial<SlaView> = {}): SlaView => ({
  firstSeen: '2026-09-01T00:00:00Z',
  ageDays: 80,
  dueAt: '2026-10-01T00:00:00Z',
  daysLeft: -50,
  overdue: true,
  dueSoon: false,
  clock: 'running',
  ...marks,
})

const input = (
  findings: Partial<RepositoryFindings>,
  marks: Partial<SecurityContextInput> = {},
): SecurityContextInput => ({
  findings: { violations: [], vulnerabilities: [], endpoints: [], sla: new Map(), ...findings },
  scanned: { policyIssues: true, vulnerabilities: true, apiSurface: true },
  visibility: 'private',
  catalogues: [{ kind: 'kev' }, { kind: 'epss' }],
  ...marks,
})

describe('securityContext', () => {
  it('puts a critical advisory in KEV first when the service exposes health data without authentication, and says why', () => {
    const log4shell = vulnerability('CVE-2021-44228', {
      severity: 'Critical',
      cvss: { version: '3.1', vector: '', score: 10 },
      package: 'log4j-core',
      exploit: { kev: kev('CVE-2021-44228', { ransomware: true }), knownExploited: true, ...epss(0.94) },
    })
    const likely = vulnerability('CVE-2026-0002', { severity: 'Critical', exploit: epss(0.6) })
    const endpoints = [
      endpoint('/patients/{id}', { phi: true, pii: true }),
      endpoint('/patients/{id}/labs', { phi: true }),
      endpoint('/status'),
      endpoint('/records', { phi: true, auth: 'JWT' }),
    ]
    const context = securityContext(input({ vulnerabilities: [likely, log4shell], endpoints }))

    const first = context.risks[0]
    expect(first.title).toBe('CVE-2021-44228 in log4j-core')
    expect(first.score).toBe(100)
    expect(first.level).toBe('Critical')
    expect(first.reasons[0]).toMatch(
      /^In CISA's KEV catalogue since 2026-01-02: attackers exploit CVE-2021-44228 today, in ransomware campaigns too/,
    )
    expect(first.reasons).toContain(
      'Exploited, and this service has 2 endpoints that handle health data with no authentication: it can be reached, and it holds data worth stealing.',
    )
    expect(first.target).toEqual({ tab: 'vulnerabilities', advisories: ['CVE-2021-44228'] })

    // The same finding in a service that exposes nothing ranks lower: the exposure raised it.
    const internal = securityContext(
      input({ vulnerabilities: [log4shell], endpoints: endpoints.map((each) => ({ ...each, auth: 'JWT' as const })) }),
    )
    expect(internal.risks[0].score).toBe(100 * REACH.notExposed)

    expect(context.risks.map((risk) => risk.kind)).toEqual(['exploited', 'likely-exploited', 'exposure'])
    const exposure = context.risks[2]
    expect(exposure.title).toBe('2 endpoints handle health data with no authentication')
    expect(exposure.reasons[0]).toBe(
      'Anyone who can reach the service can call them: GET /patients/{id}, GET /patients/{id}/labs.',
    )
    expect(exposure.target).toEqual({ tab: 'api-surface' })
    expect(context.summary).toEqual({
      exploited: 1,
      likelyExploited: 1,
      exposedEndpoints: 2,
      leakedSecrets: 0,
      overdue: 0,
    })
    expect(context.unknowns).toEqual([])
  })

  it('lists an advisory EPSS scores at 10% or more as likely exploited, by expected harm, and leaves lower ones out', () => {
    const likely = vulnerability('CVE-2026-0101', {
      severity: 'High',
      cvss: { version: '3.1', vector: '', score: 8 },
      exploit: epss(0.5),
    })
    const unlikely = vulnerability('CVE-2026-0102', {
      severity: 'Critical',
      exploit: epss(LIKELY_EXPLOITED_EPSS - 0.01),
    })
    const context = securityContext(input({ vulnerabilities: [unlikely, likely], endpoints: [endpoint('/health')] }))

    expect(context.risks).toHaveLength(1)
    const [risk] = context.risks
    expect(risk.score).toBe(100 * 0.5 * 0.8 * REACH.notExposed)
    expect(risk.level).toBe('Medium')
    expect(risk.reasons).toEqual([
      'EPSS 50% chance of exploitation in the next 30 days (97th percentile, scored 2026-11-20).',
      'High severity (CVSS 8.0).',
      "No endpoint of this service's API description handles sensitive data without authentication.",
      'In pkg@1.0.0.',
    ])
    expect(context.summary.exploited).toBe(0)
    expect(context.summary.likelyExploited).toBe(1)
  })

  it('leaves out a finding decided not affected or accepted, and one a VEX statement closed', () => {
    const notAffected = vulnerability('CVE-2026-0201', { exploit: { kev: kev('CVE-2026-0201'), knownExploited: true } })
    const accepted = vulnerability('CVE-2026-0202', { exploit: epss(0.8) })
    const vex = vulnerability('CVE-2026-0203', {
      exploit: { kev: kev('CVE-2026-0203'), knownExploited: true },
      vex: { status: 'not_affected' },
    })
    const open = vulnerability('CVE-2026-0204', { exploit: { kev: kev('CVE-2026-0204'), knownExploited: true } })
    const leaked = secret()
    const decisions = new Map([
      [notAffected.key!, decided('not-affected')],
      [accepted.key!, decided('accepted-risk')],
      ['s-1', decided('false-positive')],
    ])
    const context = securityContext(
      input({ vulnerabilities: [notAffected, accepted, vex, open], violations: [leaked], decisions }),
    )
    expect(context.risks.map((risk) => risk.title)).toEqual(['CVE-2026-0204 in pkg'])
    expect(context.summary).toMatchObject({ exploited: 1, likelyExploited: 0, leakedSecrets: 0 })
  })

  it('says exploitation is unknown when no catalogue is held, and what else was never imported', () => {
    const context = securityContext(
      input(
        { vulnerabilities: [], endpoints: [], violations: [], sla: undefined },
        { catalogues: [], scanned: { policyIssues: false, vulnerabilities: false, apiSurface: false } },
      ),
    )
    expect(context.unknowns).toContain(
      "Exploitation is unknown until CISA's KEV catalogue and FIRST's EPSS scores are imported (Data > Import scan files..., or the team's feed): until then only what the scanners say counts.",
    )
    expect(context.unknowns).toContain('No API description imported: what it exposes is unknown.')
    expect(context.unknowns).toContain(
      'No dependency scan imported: its vulnerable packages, and which of them attackers exploit, are unknown.',
    )
    expect(context.summary).toEqual({
      exploited: 'unknown',
      likelyExploited: 'unknown',
      exposedEndpoints: 'unknown',
      leakedSecrets: 'unknown',
      overdue: 'unknown',
    })
    expect(context.risks).toEqual([])
  })

  it('counts a catalogue joined to a finding as held, and says nothing of catalogues while they are read', () => {
    const joined = vulnerability('CVE-2026-0301', { exploit: epss(0.01) })
    const held = securityContext(input({ vulnerabilities: [joined] }, { catalogues: [] })).unknowns
    expect(held.some((sentence) => sentence.startsWith('Exploitation is unknown'))).toBe(false)
    expect(held.some((sentence) => sentence.startsWith("CISA's KEV catalogue is not imported"))).toBe(true)
    expect(securityContext(input({}, { catalogues: undefined })).unknowns).toEqual([])
  })

  it('counts an exposed service of unknown exposure between an exposed and an internal one', () => {
    const exploited = vulnerability('CVE-2026-0401', {
      severity: 'Critical',
      cvss: { version: '3.1', vector: '', score: 10 },
      exploit: { kev: kev('CVE-2026-0401'), knownExploited: true },
    })
    const context = securityContext(
      input(
        { vulnerabilities: [exploited] },
        { scanned: { policyIssues: true, vulnerabilities: true, apiSurface: false } },
      ),
    )
    expect(context.risks[0].score).toBe(100 * REACH.unknown)
    expect(context.risks[0].reasons).toContain(
      'What this service exposes is unknown (no API description imported): it counts as neither exposed nor internal.',
    )
    // Exploited with no EPSS score: not "counted as 1%".
    expect(context.risks[0].reasons.some((reason) => reason.startsWith('No EPSS score'))).toBe(false)
  })

  it('groups an advisory found in several packages into one risk', () => {
    const exploit = { kev: kev('CVE-2026-0501'), knownExploited: true }
    const context = securityContext(
      input({
        vulnerabilities: [
          vulnerability('CVE-2026-0501', { package: 'alpha', exploit }),
          vulnerability('CVE-2026-0501', { package: 'beta', exploit, fixedVersion: '2.0.0' }),
        ],
      }),
    )
    expect(context.risks).toHaveLength(1)
    expect(context.risks[0].title).toBe('CVE-2026-0501 in alpha and beta')
    expect(context.risks[0].reasons).toContain('In 2 packages: alpha@1.0.0, beta@1.0.0 (fixed in 2.0.0).')
    expect(context.summary.exploited).toBe(2)
  })

  it('ranks a leaked secret by who can read the repository, and links to its rule', () => {
    const inPublic = securityContext(input({ violations: [secret()] }, { visibility: 'public' })).risks[0]
    const inPrivate = securityContext(input({ violations: [secret()] }, { visibility: 'private' })).risks[0]
    expect(inPublic.title).toBe('Leaked secret: AWS access key')
    expect(inPublic.level).toBe('Critical')
    expect(inPrivate.score).toBeLessThan(inPublic.score)
    expect(inPublic.reasons[0]).toMatch(/^The repository is public/)
    expect(inPublic.target).toEqual({ tab: 'policy-issues', rules: ['aws-access-key-id'] })
  })

  it('gathers overdue vulnerabilities into one risk, naming those past KEV’s due date', () => {
    const late = vulnerability('CVE-2026-0601', { severity: 'Medium' })
    const kevLate = vulnerability('CVE-2026-0602', { severity: 'Low' })
    const onTime = vulnerability('CVE-2026-0603', { severity: 'Critical' })
    const sla = new Map([
      [late.key!, overdueView()],
      [kevLate.key!, overdueView({ deadline: 'kev', dueAt: '2026-09-15T00:00:00Z', daysLeft: -66 })],
      [onTime.key!, overdueView({ overdue: false, daysLeft: 20, dueAt: '2026-12-10T00:00:00Z' })],
    ])
    const context = securityContext(input({ vulnerabilities: [late, kevLate, onTime], sla }))
    expect(context.summary.overdue).toBe(2)
    const [risk] = context.risks
    expect(risk.title).toBe('2 vulnerabilities past their due date')
    expect(risk.reasons).toContain("1 of them is past the due date CISA's KEV catalogue sets.")
    expect(risk.reasons[1]).toBe(
      "The longest overdue: CVE-2026-0602 in pkg, overdue since 2026-09-15 (66 days, KEV's due date).",
    )
    expect(risk.target).toEqual({ tab: 'vulnerabilities', advisories: ['CVE-2026-0602', 'CVE-2026-0601'] })
  })

  it('grades scores into levels', () => {
    expect([95, 50, 49.9, 25, 5, 4.9].map(riskLevel)).toEqual(['Critical', 'Critical', 'High', 'High', 'Medium', 'Low'])
  })
})
