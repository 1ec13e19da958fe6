import { describe, expect, it } from 'vitest'
import type { FindingSource, VulnerabilityFinding } from '@/workspace/model/model'
import { justifications, validateDecision, type DecisionState } from '@/workspace/triage/decision'
import { readDecisionsFile, writeDecisionsFile } from '@/workspace/triage/decisions-file'
import { resolveDecisions, type DecidableFinding } from '@/workspace/triage/resolve'
import type {
  CodeScanningDismissedReason,
  DependabotDismissedReason,
  GitHubRepositoryRef,
  SecretScanningResolution,
} from './alert-types'
import { mapAlerts, type MappedAlert } from './map-alerts'
import {
  codeScanningReasons,
  COMMENT_LIMIT,
  decisionEntryOf,
  decisionOfAlert,
  dependabotReasons,
  gitHubWriteOf,
  reasonMapping,
  secretScanningResolutions,
  type ImportedDecision,
  type WritableDecision,
} from './map-decisions'

// Small alerts written from GitHub's OpenAPI description: a made-up organisation and advisory.

const NOW = new Date('2031-05-01T12:00:00Z')
const repository: GitHubRepositoryRef = {
  id: 4242,
  name: 'billing',
  full_name: 'acme-test/billing',
  private: true,
  html_url: 'https://github.com/acme-test/billing',
}
const dismisser = { login: 'ana-sec', id: 9001, html_url: 'https://github.com/ana-sec', type: 'User' }
const AT = '2031-04-20T09:30:00Z'

const dependabot = (reason: string | null, more: Record<string, unknown> = {}) => ({
  number: 31,
  state: 'dismissed',
  dependency: { package: { ecosystem: 'pip', name: 'acme-yaml' }, manifest_path: 'requirements.txt' },
  security_advisory: {
    ghsa_id: 'GHSA-c3mq-8wv5-2rjh',
    cve_id: 'CVE-2031-52002',
    summary: 'Unsafe load in acme-yaml',
    description: '',
    vulnerabilities: [],
    severity: 'critical',
    cwes: [],
    identifiers: [],
    references: [],
  },
  security_vulnerability: {
    package: { ecosystem: 'pip', name: 'acme-yaml' },
    severity: 'critical',
    vulnerable_version_range: '< 6.0.1',
    first_patched_version: { identifier: '6.0.1' },
  },
  url: 'https://api.github.com/repos/acme-test/billing/dependabot/alerts/31',
  html_url: 'https://github.com/acme-test/billing/security/dependabot/31',
  created_at: '2031-04-01T00:00:00Z',
  updated_at: AT,
  dismissed_at: AT,
  dismissed_by: dismisser,
  dismissed_reason: reason,
  dismissed_comment: 'Reviewed with the platform team.',
  fixed_at: null,
  repository,
  ...more,
})

const codeScanning = (reason: string | null, more: Record<string, unknown> = {}) => ({
  number: 12,
  created_at: '2031-04-01T00:00:00Z',
  url: 'https://api.github.com/repos/acme-test/billing/code-scanning/alerts/12',
  html_url: 'https://github.com/acme-test/billing/security/code-scanning/12',
  instances_url: 'https://api.github.com/repos/acme-test/billing/code-scanning/alerts/12/instances',
  state: 'dismissed',
  dismissed_by: dismisser,
  dismissed_at: AT,
  dismissed_reason: reason,
  dismissed_comment: null,
  rule: { id: 'py/path-injection', severity: 'error', security_severity_level: 'high' },
  tool: { name: 'CodeQL' },
  most_recent_instance: {
    message: { text: 'Uncontrolled data used in path expression.' },
    location: { path: 'app/files.py', start_line: 8 },
  },
  repository,
  ...more,
})

const SECRET_VALUE = 'AKIAMADEUPKEY0000042'
const secret = (resolution: string | null, more: Record<string, unknown> = {}) => ({
  number: 5,
  created_at: '2031-04-01T00:00:00Z',
  url: 'https://api.github.com/repos/acme-test/billing/secret-scanning/alerts/5',
  html_url: 'https://github.com/acme-test/billing/security/secret-scanning/5',
  state: 'resolved',
  resolution,
  resolved_at: AT,
  resolved_by: dismisser,
  resolution_comment: 'Rotated on the same day.',
  secret_type: 'aws_access_key_id',
  secret_type_display_name: 'Amazon AWS Access Key ID',
  secret: SECRET_VALUE,
  repository,
  ...more,
})

function mapped(kind: MappedAlert['kind'], raw: unknown): MappedAlert {
  const page = mapAlerts(kind, [raw])
  expect(page.skipped).toEqual([])
  return [...page.current, ...page.history][0]
}

function imported(kind: MappedAlert['kind'], raw: unknown, days?: number): ImportedDecision {
  const result = decisionOfAlert(mapped(kind, raw), { now: NOW, acceptedRiskDays: days })
  if (!result || !('imported' in result)) throw new Error(`not imported: ${JSON.stringify(result)}`)
  return result.imported
}

const expected: [MappedAlert['kind'], string, DecisionState, Partial<ImportedDecision['decision']>][] = [
  ['dependabot', 'fix_started', 'affected', {}],
  ['dependabot', 'inaccurate', 'false-positive', {}],
  ['dependabot', 'no_bandwidth', 'accepted-risk', { expiresOn: '2031-07-30' }],
  ['dependabot', 'not_used', 'not-affected', { justification: 'vulnerable_code_not_in_execute_path' }],
  ['dependabot', 'tolerable_risk', 'accepted-risk', { expiresOn: '2031-07-30' }],
  ['code-scanning', 'false positive', 'false-positive', {}],
  ['code-scanning', "won't fix", 'accepted-risk', { expiresOn: '2031-07-30' }],
  [
    'code-scanning',
    'used in tests',
    'not-affected',
    { justification: 'vulnerable_code_not_in_execute_path', usedInTests: true },
  ],
  ['code-scanning', 'mitigated', 'not-affected', { justification: 'inline_mitigations_already_exist' }],
  ['secret-scanning', 'false_positive', 'false-positive', {}],
  ['secret-scanning', 'wont_fix', 'accepted-risk', { expiresOn: '2031-07-30' }],
  ['secret-scanning', 'revoked', 'fixed', {}],
  [
    'secret-scanning',
    'used_in_tests',
    'not-affected',
    { justification: 'vulnerable_code_not_in_execute_path', usedInTests: true },
  ],
]

const rawOf = (kind: MappedAlert['kind'], reason: string | null, more?: Record<string, unknown>) =>
  kind === 'dependabot'
    ? dependabot(reason, more)
    : kind === 'code-scanning'
      ? codeScanning(reason, more)
      : secret(reason, more)

describe("GitHub's decisions in Vigil", () => {
  it('cover every reason and resolution GitHub documents', () => {
    const documented: Record<MappedAlert['kind'], string[]> = {
      dependabot: [
        'fix_started',
        'inaccurate',
        'no_bandwidth',
        'not_used',
        'tolerable_risk',
      ] satisfies DependabotDismissedReason[],
      'code-scanning': [
        'false positive',
        "won't fix",
        'used in tests',
        'mitigated',
      ] satisfies CodeScanningDismissedReason[],
      'secret-scanning': [
        'false_positive',
        'wont_fix',
        'revoked',
        'used_in_tests',
        'pattern_edited',
        'pattern_deleted',
      ] satisfies SecretScanningResolution[],
    }
    expect(Object.keys(dependabotReasons)).toEqual(documented.dependabot)
    expect(Object.keys(codeScanningReasons)).toEqual(documented['code-scanning'])
    expect(Object.keys(secretScanningResolutions)).toEqual(documented['secret-scanning'])
    for (const [kind, reasons] of Object.entries(documented) as [MappedAlert['kind'], string[]][])
      for (const reason of reasons) expect(reasonMapping(kind, reason)?.label).toBeTruthy()
    expect(reasonMapping('dependabot', 'toString')).toBeUndefined()
  })

  it.each(expected)('%s "%s" comes in as %s', (kind, reason, state, fields) => {
    const decision = imported(kind, rawOf(kind, reason))
    expect(decision.decision).toMatchObject({ state, ...fields })
    expect(decision.decision.scope).toEqual({
      kind: 'finding',
      repository: 'billing',
      findingKey: mapped(kind, rawOf(kind, reason)).finding.key,
    })
    expect(decision.at).toBe('2031-04-20T09:30:00.000Z')
    expect(decision.by).toEqual({ name: 'ana-sec', issuer: 'https://github.com', subject: '9001' })
    expect(decision.github.reason).toBe(reason)
    expect(decision.decision.reason).toContain('in GitHub by @ana-sec as "')
    // Every imported decision is one Vigil would accept from a person.
    const codeFindings = kind !== 'dependabot'
    expect(validateDecision(decision.decision, { now: NOW, codeFindings })).toEqual([])
    if (fields.justification) expect(justifications).toContain(fields.justification)
  })

  it('keep the dismisser, the time and the comment in the audit trail', () => {
    const decision = imported('dependabot', dependabot('tolerable_risk'))
    expect(decision.decision.reason).toBe(
      'Dismissed in GitHub by @ana-sec as "Risk is tolerable to this project": Reviewed with the platform team.',
    )
    expect(decision.github).toEqual({
      reason: 'tolerable_risk',
      label: 'Risk is tolerable to this project',
      comment: 'Reviewed with the platform team.',
    })
    expect(decision.severity).toBe('Critical')
    expect(decision.loss).toMatch(/expires/)
    const entry = decisionEntryOf(decision)
    expect(entry).toMatchObject({
      id: decision.id,
      at: '2031-04-20T09:30:00.000Z',
      by: { name: 'ana-sec', issuer: 'https://github.com', subject: '9001' },
      previousState: 'needs-triage',
      state: 'accepted-risk',
      expiresOn: '2031-07-30',
      severity: 'Critical',
    })
    const secretDecision = imported('secret-scanning', secret('revoked'))
    expect(secretDecision.decision.reason).toBe('Resolved in GitHub by @ana-sec as "Revoked": Rotated on the same day.')
    expect(JSON.stringify(secretDecision)).not.toContain(SECRET_VALUE)
  })

  it('give an accepted risk the review period asked for, counted from the pull', () => {
    expect(imported('code-scanning', codeScanning("won't fix"), 30).decision.expiresOn).toBe('2031-05-31')
  })

  it('give the same entry id to the same dismissal pulled twice, a new one to a new dismissal', () => {
    const first = imported('dependabot', dependabot('inaccurate'))
    expect(imported('dependabot', dependabot('inaccurate')).id).toBe(first.id)
    expect(imported('dependabot', dependabot('inaccurate', { dismissed_at: '2031-04-25T00:00:00Z' })).id).not.toBe(
      first.id,
    )
    expect(first.id).toMatch(/^github-[0-9a-f]{14}$/)
  })

  it("name a deleted account as GitHub does, and take the issuer from a GitHub Enterprise Server's pages", () => {
    const ghes = dependabot('inaccurate', {
      dismissed_by: null,
      html_url: 'https://ghe.acme.example/acme-test/billing/security/dependabot/31',
    })
    expect(imported('dependabot', ghes).by).toEqual({
      name: 'ghost',
      issuer: 'https://ghe.acme.example',
      subject: 'ghost',
    })
  })

  it('bring no decision for an alert nobody decided on, and skip a reason Vigil does not know', () => {
    for (const raw of [
      dependabot(null, { state: 'open', dismissed_at: null, dismissed_by: null }),
      dependabot(null, { state: 'fixed', fixed_at: AT }),
      dependabot(null, { state: 'auto_dismissed', auto_dismissed_at: AT }),
    ])
      expect(decisionOfAlert(mapped('dependabot', raw), { now: NOW })).toBeUndefined()
    for (const resolution of ['pattern_edited', 'pattern_deleted']) {
      const alert = mapped('secret-scanning', secret(resolution))
      expect(alert.status).toBe('auto-dismissed')
      expect(decisionOfAlert(alert, { now: NOW })).toBeUndefined()
      expect(reasonMapping('secret-scanning', resolution)?.state).toBeUndefined()
    }
    expect(decisionOfAlert(mapped('dependabot', dependabot('profile_changed')), { now: NOW })).toEqual({
      skipped: 'dependabot alert 31 has a reason Vigil does not know: "profile_changed"',
    })
    expect(decisionOfAlert(mapped('code-scanning', codeScanning(null)), { now: NOW })).toEqual({
      skipped: 'code-scanning alert 12 was closed without a reason',
    })
  })

  it('form a decisions file Vigil reads back, and close the finding they came from', () => {
    const entries = expected.map(([kind, reason]) => decisionEntryOf(imported(kind, rawOf(kind, reason))))
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length)
    const file = readDecisionsFile(writeDecisionsFile(entries, NOW.toISOString()))
    expect(file.decisions).toEqual(entries)

    const alert = mapped('dependabot', dependabot('not_used'))
    const finding = alert.finding as VulnerabilityFinding
    const decidable: DecidableFinding = {
      repository: alert.repository,
      key: finding.key,
      kind: 'vulnerability',
      advisoryId: finding.advisoryId,
      aliases: finding.aliases,
      packageName: finding.packageName,
      ecosystem: finding.ecosystem,
      severity: finding.severity,
      tool: finding.tool,
    }
    const log = [decisionEntryOf(imported('dependabot', dependabot('not_used')))]
    expect(resolveDecisions([decidable], log, { now: NOW }).effective[0].state).toBe('not-affected')
  })
})

describe("Vigil's decisions back to GitHub", () => {
  const sourceOf = (kind: FindingSource['kind'], number = 31): FindingSource => ({
    provider: 'github',
    kind,
    number,
    url: `https://github.com/acme-test/billing/security/${kind}/${number}`,
    repository: 'acme-test/billing',
  })
  const decision = (state: DecisionState, more: Partial<WritableDecision> = {}): WritableDecision => ({
    state,
    reason: 'Checked by the team.',
    ...more,
  })

  it.each([
    ['dependabot', 'needs-triage', {}, { state: 'open' }],
    ['dependabot', 'affected', {}, { state: 'dismissed', dismissed_reason: 'fix_started' }],
    [
      'dependabot',
      'not-affected',
      { justification: 'vulnerable_code_not_in_execute_path' },
      { state: 'dismissed', dismissed_reason: 'not_used' },
    ],
    ['dependabot', 'false-positive', {}, { state: 'dismissed', dismissed_reason: 'inaccurate' }],
    [
      'dependabot',
      'accepted-risk',
      { expiresOn: '2031-12-31' },
      {
        state: 'dismissed',
        dismissed_reason: 'tolerable_risk',
        dismissed_comment: 'Checked by the team. Accepted until 2031-12-31.',
      },
    ],
    ['code-scanning', 'needs-triage', {}, { state: 'open' }],
    ['code-scanning', 'affected', {}, { state: 'open' }],
    [
      'code-scanning',
      'not-affected',
      { justification: 'vulnerable_code_not_in_execute_path', usedInTests: true },
      { state: 'dismissed', dismissed_reason: 'used in tests' },
    ],
    [
      'code-scanning',
      'not-affected',
      { justification: 'inline_mitigations_already_exist' },
      { state: 'dismissed', dismissed_reason: 'mitigated' },
    ],
    [
      'code-scanning',
      'not-affected',
      { justification: 'vulnerable_code_cannot_be_controlled_by_adversary' },
      {
        state: 'dismissed',
        dismissed_reason: 'false positive',
        dismissed_comment: 'Checked by the team. Not affected: An attacker cannot reach the vulnerable code.',
      },
    ],
    ['code-scanning', 'false-positive', {}, { state: 'dismissed', dismissed_reason: 'false positive' }],
    [
      'code-scanning',
      'accepted-risk',
      { expiresOn: '2031-12-31' },
      { state: 'dismissed', dismissed_reason: "won't fix" },
    ],
    ['secret-scanning', 'needs-triage', {}, { state: 'open' }],
    ['secret-scanning', 'affected', {}, { state: 'open' }],
    [
      'secret-scanning',
      'not-affected',
      { justification: 'vulnerable_code_not_in_execute_path', usedInTests: true },
      { state: 'resolved', resolution: 'used_in_tests' },
    ],
    ['secret-scanning', 'false-positive', {}, { state: 'resolved', resolution: 'false_positive' }],
    ['secret-scanning', 'accepted-risk', { expiresOn: '2031-12-31' }, { state: 'resolved', resolution: 'wont_fix' }],
    [
      'secret-scanning',
      'fixed',
      {},
      { state: 'resolved', resolution: 'revoked', resolution_comment: 'Checked by the team.' },
    ],
  ] as const)('%s: %s %o is the PATCH of %o', (kind, state, more, body) => {
    const write = gitHubWriteOf(decision(state, more), sourceOf(kind))
    expect(write).toMatchObject({ write: true, method: 'PATCH', path: `/repos/acme-test/billing/${kind}/alerts/31` })
    if (write.write) expect(write.body).toMatchObject(body)
  })

  it.each([
    ['dependabot', 'in-triage', /no state for an alert someone is looking at/],
    ['code-scanning', 'in-triage', /no state for an alert someone is looking at/],
    ['secret-scanning', 'in-triage', /no state for an alert someone is looking at/],
    ['dependabot', 'fixed', /Dependabot alert as fixed itself/],
    ['code-scanning', 'fixed', /once an analysis no longer finds it/],
  ] as const)('%s: %s has no GitHub equivalent, said in a sentence', (kind, state, sentence) => {
    const write = gitHubWriteOf(decision(state), sourceOf(kind))
    expect(write.write).toBe(false)
    if (!write.write) expect(write.reason).toMatch(sentence)
  })

  it('say what GitHub cannot hold', () => {
    const accepted = gitHubWriteOf(decision('accepted-risk', { expiresOn: '2031-12-31' }), sourceOf('dependabot'))
    expect(accepted.write && accepted.loss).toMatch(/keeps no expiry/)
    const affected = gitHubWriteOf(decision('affected'), sourceOf('dependabot'))
    expect(affected.write && affected.loss).toMatch(/counts it open until fixed/)
    const notAffected = gitHubWriteOf(
      decision('not-affected', { justification: 'component_not_present' }),
      sourceOf('dependabot'),
    )
    expect(notAffected.write && notAffected.loss).toMatch(/the justification is in the comment/)
    expect(notAffected.write && notAffected.body).toMatchObject({
      dismissed_comment: 'Checked by the team. Not affected: The component is not present.',
    })
  })

  it('write a comment of 280 characters at most, and none for an empty reason', () => {
    const long = gitHubWriteOf(decision('false-positive', { reason: 'x'.repeat(400) }), sourceOf('code-scanning'))
    const comment = long.write && 'dismissed_comment' in long.body ? long.body.dismissed_comment : undefined
    expect(comment).toHaveLength(COMMENT_LIMIT)
    expect(comment?.endsWith('…')).toBe(true)
    const bare = gitHubWriteOf(decision('false-positive', { reason: '  ' }), sourceOf('code-scanning'))
    expect(bare.write && bare.body).toEqual({ state: 'dismissed', dismissed_reason: 'false positive' })
  })

  it("give back GitHub's own reason for every decision that came from GitHub, but where the mapping loses it", () => {
    const changed: string[] = []
    for (const [kind, reason] of expected) {
      const { decision: made } = imported(kind, rawOf(kind, reason))
      const write = gitHubWriteOf(made, sourceOf(kind))
      const back = !write.write
        ? undefined
        : 'dismissed_reason' in write.body
          ? write.body.dismissed_reason
          : 'resolution' in write.body
            ? write.body.resolution
            : write.body.state
      if (back !== reason) changed.push(`${kind} ${reason} → ${back}`)
    }
    expect(changed).toEqual(['dependabot no_bandwidth → tolerable_risk'])
  })

  it('escape the repository in the path', () => {
    const write = gitHubWriteOf(decision('false-positive'), {
      ...sourceOf('dependabot', 2),
      repository: 'acme test/a b',
    })
    expect(write.write && write.path).toBe('/repos/acme%20test/a%20b/dependabot/alerts/2')
  })
})
