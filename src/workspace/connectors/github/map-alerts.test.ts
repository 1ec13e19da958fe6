import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { uniqueFindings } from '@/workspace/model/duplicate-findings'
import type { PolicyIssueFinding, VulnerabilityFinding } from '@/workspace/model/model'
import { readScanText } from '@/workspace/readers/detect'
import type {
  CodeScanningAlert,
  DependabotAlert,
  GitHubRepositoryRef,
  GitHubUser,
  SecretScanningAlert,
} from './alert-types'
import { ecosystemNames, epssOf, mapAlerts, skippedSummary, type AlertPage } from './map-alerts'

// Fixtures written from GitHub's OpenAPI description of the three list operations: a made-up
// organisation (acme-test), its repositories, people and advisories (GHSA ids in GitHub's format).

const ORG = 'acme-test'
const repo = (name: string, isPrivate = true): GitHubRepositoryRef => ({
  id: 1000 + name.length,
  name,
  full_name: `${ORG}/${name}`,
  private: isPrivate,
  html_url: `https://github.com/${ORG}/${name}`,
  owner: { login: ORG },
})
const user = (login: string, id: number): GitHubUser => ({
  login,
  id,
  html_url: `https://github.com/${login}`,
  type: 'User',
})

const GHSA = 'GHSA-4v7x-pqr2-9fgh'
const CVE = 'CVE-2031-41001'

function dependabotAlert(overrides: Partial<DependabotAlert> = {}): DependabotAlert {
  const number = overrides.number ?? 3
  const repository = overrides.repository ?? repo('shop-api')
  const vulnerability = {
    package: { ecosystem: 'npm', name: 'left-trim' },
    severity: 'high' as const,
    vulnerable_version_range: '< 2.4.1',
    first_patched_version: { identifier: '2.4.1' },
  }
  return {
    number,
    state: 'open',
    dependency: {
      package: { ecosystem: 'npm', name: 'left-trim' },
      manifest_path: 'services/web/package-lock.json',
      scope: 'runtime',
      relationship: 'transitive',
    },
    security_advisory: {
      ghsa_id: GHSA,
      cve_id: CVE,
      summary: 'Regular expression denial of service in left-trim',
      description: 'A crafted string makes `trim()` take quadratic time.',
      vulnerabilities: [vulnerability],
      severity: 'high',
      cvss: { score: 7.5, vector_string: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' },
      cvss_severities: {
        cvss_v3: { vector_string: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H', score: 7.5 },
        cvss_v4: {
          vector_string: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:H/SC:N/SI:N/SA:N',
          score: 8.7,
        },
      },
      epss: { percentage: 0.00172, percentile: 0.53 },
      cwes: [{ cwe_id: 'CWE-1333', name: 'Inefficient Regular Expression Complexity' }],
      identifiers: [
        { type: 'GHSA', value: GHSA },
        { type: 'CVE', value: CVE },
      ],
      references: [{ url: `https://nvd.nist.gov/vuln/detail/${CVE}` }],
      published_at: '2031-02-01T10:00:00Z',
      updated_at: '2031-02-03T10:00:00Z',
      withdrawn_at: null,
    },
    security_vulnerability: vulnerability,
    url: `https://api.github.com/repos/${repository.full_name}/dependabot/alerts/${number}`,
    html_url: `https://github.com/${repository.full_name}/security/dependabot/${number}`,
    created_at: '2031-02-04T08:00:00Z',
    updated_at: '2031-02-04T08:00:00Z',
    dismissed_at: null,
    dismissed_by: null,
    dismissed_reason: null,
    dismissed_comment: null,
    fixed_at: null,
    auto_dismissed_at: null,
    repository,
    ...overrides,
  }
}

function codeScanningAlert(overrides: Partial<CodeScanningAlert> = {}): CodeScanningAlert {
  const number = overrides.number ?? 7
  const repository = overrides.repository ?? repo('shop-api')
  return {
    number,
    created_at: '2031-03-01T09:00:00Z',
    updated_at: '2031-03-02T09:00:00Z',
    url: `https://api.github.com/repos/${repository.full_name}/code-scanning/alerts/${number}`,
    html_url: `https://github.com/${repository.full_name}/security/code-scanning/${number}`,
    instances_url: `https://api.github.com/repos/${repository.full_name}/code-scanning/alerts/${number}/instances`,
    state: 'open',
    fixed_at: null,
    dismissed_by: null,
    dismissed_at: null,
    dismissed_reason: null,
    dismissed_comment: null,
    rule: {
      id: 'js/sql-injection',
      name: 'js/sql-injection',
      severity: 'error',
      security_severity_level: 'high',
      description: 'Database query built from user-controlled sources',
      tags: ['security', 'external/cwe/cwe-089'],
      help_uri: 'https://codeql.github.com/codeql-query-help/javascript/js-sql-injection/',
    },
    tool: { name: 'CodeQL', version: '2.31.0', guid: null },
    most_recent_instance: {
      ref: 'refs/heads/main',
      analysis_key: '.github/workflows/codeql.yml:analyze',
      category: '/language:javascript-typescript',
      state: 'open',
      commit_sha: '3f2a9c0d1e5b7a8c9d0e1f2a3b4c5d6e7f8a9b0c',
      message: { text: 'This query string depends on a user-provided value.' },
      location: { path: 'src/db/orders.js', start_line: 42, end_line: 44, start_column: 5, end_column: 30 },
      classifications: [],
    },
    repository,
    ...overrides,
  }
}

/** A secret's value as the description's `secret` field carries it: Vigil must never keep it. */
const SECRET_VALUE = 'ghp_Zq8XmadeUpValueThatMustNeverLand0042'

function secretAlert(
  overrides: Partial<SecretScanningAlert> = {},
): SecretScanningAlert & { secret: string; secret_with_context?: string } {
  const number = overrides.number ?? 11
  const repository = overrides.repository ?? repo('shop-api')
  return {
    number,
    created_at: '2031-04-01T12:00:00Z',
    updated_at: '2031-04-01T12:00:00Z',
    url: `https://api.github.com/repos/${repository.full_name}/secret-scanning/alerts/${number}`,
    html_url: `https://github.com/${repository.full_name}/security/secret-scanning/${number}`,
    locations_url: `https://api.github.com/repos/${repository.full_name}/secret-scanning/alerts/${number}/locations`,
    state: 'open',
    resolution: null,
    resolved_at: null,
    resolved_by: null,
    resolution_comment: null,
    secret_type: 'github_personal_access_token',
    secret_type_display_name: 'GitHub Personal Access Token',
    provider: 'GitHub',
    provider_slug: 'github',
    secret: SECRET_VALUE,
    repository,
    push_protection_bypassed: true,
    push_protection_bypassed_by: user('dana-dev', 501),
    push_protection_bypassed_at: '2031-04-01T11:58:00Z',
    validity: 'active',
    publicly_leaked: false,
    multi_repo: false,
    is_base64_encoded: false,
    first_location_detected: {
      path: 'config/ci.env',
      start_line: 3,
      end_line: 3,
      start_column: 14,
      end_column: 54,
      blob_sha: 'af5626b4a114abcb82d63db7c8082c3c4756e51b',
      blob_url: `https://api.github.com/repos/${repository.full_name}/git/blobs/af5626b4a114abcb82d63db7c8082c3c4756e51b`,
      commit_sha: 'f14d7debf9775f957cf4f1e8176da0786431f72b',
      commit_url: `https://api.github.com/repos/${repository.full_name}/git/commits/f14d7debf9775f957cf4f1e8176da0786431f72b`,
    },
    has_more_locations: false,
    ...overrides,
  }
}

const vulnerabilities = (page: AlertPage) => page.current.map((alert) => alert.finding as VulnerabilityFinding)
const policyIssues = (page: AlertPage) => page.current.map((alert) => alert.finding as PolicyIssueFinding)

describe('Dependabot alerts', () => {
  it('become package vulnerabilities with the ids, package, manifest, range, fix, CVSS, EPSS, CWEs and page of the alert', () => {
    const page = mapAlerts('dependabot', [dependabotAlert()])
    expect(page.skipped).toEqual([])
    expect(page.repositories).toEqual([
      {
        name: 'shop-api',
        fullName: 'acme-test/shop-api',
        visibility: 'private',
        url: 'https://github.com/acme-test/shop-api',
      },
    ])
    const [finding] = vulnerabilities(page)
    expect(finding).toMatchObject({
      kind: 'vulnerability',
      key: `package|${CVE}|npm/left-trim@|services/web/package-lock.json`,
      tool: 'Dependabot',
      advisoryId: CVE,
      aliases: [GHSA],
      title: 'Regular expression denial of service in left-trim',
      packageName: 'left-trim',
      ecosystem: 'npm',
      affectedRange: '< 2.4.1',
      fixedVersion: '2.4.1',
      location: { file: 'services/web/package-lock.json' },
      cwes: ['CWE-1333'],
      toolSeverity: 'high',
      url: 'https://github.com/acme-test/shop-api/security/dependabot/3',
      source: {
        provider: 'github',
        kind: 'dependabot',
        number: 3,
        url: 'https://github.com/acme-test/shop-api/security/dependabot/3',
        repository: 'acme-test/shop-api',
      },
    })
    // CVSS 4 is preferred over 3, as the readers prefer the newest version; scored from its vector.
    expect(finding.cvss).toMatchObject({ version: '4.0', score: 8.7 })
    expect(finding.severity).toBe('High')
    expect(finding.exploit).toEqual({ epss: { score: 0.00172, percentile: 0.53 } })
    expect(finding.epss).toBe(0.00172)
    // GitHub names no installed version.
    expect(finding.packageVersion).toBeUndefined()
    expect(page.current[0]).toMatchObject({
      status: 'open',
      repository: 'shop-api',
      createdAt: '2031-02-04T08:00:00.000Z',
    })
  })

  it.each([
    ['npm', 'left-trim', 'npm/left-trim'],
    ['pip', 'Django_Rest', 'pypi/django-rest'],
    ['maven', 'org.acme:acme-core', 'maven/org.acme/acme-core'],
    ['nuget', 'Acme.Json', 'nuget/Acme.Json'],
    ['composer', 'acme/mailer', 'composer/acme/mailer'],
    ['rubygems', 'acme-rails', 'gem/acme-rails'],
    ['go', 'github.com/acme-test/router', 'golang/github.com/acme-test/router'],
    ['rust', 'acme-parser', 'cargo/acme-parser'],
    ['pub', 'acme_http', 'pub/acme_http'],
    ['swift', 'github.com/acme-test/swift-log', 'swift/github.com/acme-test/swift-log'],
    ['erlang', 'acme_cowboy', 'hex/acme_cowboy'],
    ['actions', 'acme-test/setup-tool', 'github/acme-test/setup-tool'],
  ])("name GitHub's ecosystem %s as the readers do", (ecosystem, name, identity) => {
    const alert = dependabotAlert({ dependency: { package: { ecosystem, name }, manifest_path: 'm' } })
    const [finding] = vulnerabilities(mapAlerts('dependabot', [alert]))
    expect(finding.key).toBe(`package|${CVE}|${identity}@|m`)
    expect(finding.ecosystem).toBe(ecosystemNames.get(ecosystem))
  })

  it('keep an ecosystem GitHub adds later as GitHub writes it', () => {
    const alert = dependabotAlert({ dependency: { package: { ecosystem: 'conda', name: 'numpy' } } })
    const [finding] = vulnerabilities(mapAlerts('dependabot', [alert]))
    expect(finding).toMatchObject({ ecosystem: 'conda', key: `package|${CVE}|conda/numpy@|` })
  })

  it("fall back to the deprecated cvss, then to GitHub's severity word", () => {
    const advisory = dependabotAlert().security_advisory
    const onlyOld = dependabotAlert({ security_advisory: { ...advisory, cvss_severities: null } })
    const none = dependabotAlert({
      security_advisory: {
        ...advisory,
        cvss: { score: 0, vector_string: null },
        cvss_severities: { cvss_v3: { vector_string: null, score: 0 }, cvss_v4: null },
        severity: 'medium',
      },
      security_vulnerability: { ...dependabotAlert().security_vulnerability, severity: 'medium' },
    })
    const [old, word] = vulnerabilities(mapAlerts('dependabot', [onlyOld, none]))
    expect(old.cvss).toMatchObject({ version: '3.1', score: 7.5 })
    expect(old.severity).toBe('High')
    expect(word.cvss).toBeUndefined()
    expect(word.severity).toBe('Medium')
    expect(word.toolSeverity).toBe('medium')
  })

  it('read EPSS as fractions, and as percentages where a value can only be one', () => {
    expect(epssOf({ percentage: 0.00045, percentile: '0.16001e0' })).toEqual({ score: 0.00045, percentile: 0.16001 })
    expect(epssOf({ percentage: 12.5, percentile: 97 })).toEqual({ score: 0.125, percentile: 0.97 })
    expect(epssOf([{ percentage: 0.2, percentile: 0.9 }])).toEqual({ score: 0.2, percentile: 0.9 })
    expect(epssOf(null)).toBeUndefined()
    expect(epssOf({ percentile: 0.5 })).toBeUndefined()
    const advisory = dependabotAlert().security_advisory
    const [finding] = vulnerabilities(
      mapAlerts('dependabot', [dependabotAlert({ security_advisory: { ...advisory, epss: null } })]),
    )
    expect(finding.exploit).toBeUndefined()
    expect(finding.epss).toBeUndefined()
  })

  it('keep a dismissal with who, when, why and the comment; fixed and auto-dismissed alerts are history', () => {
    const page = mapAlerts('dependabot', [
      dependabotAlert({
        number: 4,
        state: 'dismissed',
        dismissed_at: '2031-02-10T09:30:00Z',
        dismissed_by: user('ana-sec', 9001),
        dismissed_reason: 'tolerable_risk',
        dismissed_comment: 'Only reachable from the admin console.',
      }),
      dependabotAlert({ number: 5, state: 'fixed', fixed_at: '2031-02-12T16:00:00Z' }),
      dependabotAlert({ number: 6, state: 'auto_dismissed', auto_dismissed_at: '2031-02-13T00:00:00Z' }),
    ])
    expect(page.current).toHaveLength(1)
    expect(page.current[0]).toMatchObject({
      status: 'dismissed',
      closedAt: '2031-02-10T09:30:00.000Z',
      dismissal: {
        reason: 'tolerable_risk',
        comment: 'Only reachable from the admin console.',
        by: { login: 'ana-sec', id: 9001 },
        at: '2031-02-10T09:30:00.000Z',
      },
    })
    expect(page.history.map(({ status, closedAt, finding }) => [status, closedAt, finding.source?.number])).toEqual([
      ['fixed', '2031-02-12T16:00:00.000Z', 5],
      ['auto-dismissed', '2031-02-13T00:00:00.000Z', 6],
    ])
    expect(page.history.every((alert) => alert.dismissal === undefined)).toBe(true)
  })

  describe('the same advisory in the same package and manifest from Dependabot and from OSV-Scanner', () => {
    // OSV-Scanner run in CI on a checkout of shop-api: it writes the lockfile's absolute path.
    const osvReport = JSON.stringify({
      results: [
        {
          source: { path: '/home/runner/work/shop-api/shop-api/services/web/package-lock.json', type: 'lockfile' },
          packages: [
            {
              package: { name: 'left-trim', version: '2.3.0', ecosystem: 'npm' },
              vulnerabilities: [
                {
                  id: GHSA,
                  aliases: [CVE],
                  summary: 'Regular expression denial of service in left-trim',
                  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }],
                  affected: [
                    {
                      package: { ecosystem: 'npm', name: 'left-trim' },
                      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2.4.1' }] }],
                    },
                  ],
                },
              ],
              groups: [{ ids: [GHSA], aliases: [GHSA, CVE], max_severity: '7.5' }],
            },
          ],
        },
      ],
    })
    const [osvResult] = readScanText(osvReport, { repository: 'shop-api', fileName: 'osv.json' })
    const [osv] = osvResult.findings as VulnerabilityFinding[]

    it('get the same key once the installed version is known (the version OSV-Scanner reported)', () => {
      expect(osv.key).toBe(`package|${CVE}|npm/left-trim@2.3.0|services/web/package-lock.json`)
      const page = mapAlerts('dependabot', [dependabotAlert()], {
        installedVersion: (query) =>
          osvResult.findings.find(
            (finding): finding is VulnerabilityFinding =>
              finding.kind === 'vulnerability' &&
              finding.advisoryId === query.advisoryId &&
              finding.packageName === query.packageName &&
              finding.ecosystem === query.ecosystem &&
              finding.location?.file === query.manifest,
          )?.packageVersion,
      })
      const [dependabot] = vulnerabilities(page)
      expect(dependabot.key).toBe(osv.key)
      expect(dependabot.packageVersion).toBe('2.3.0')
      expect(dependabot.advisoryId).toBe(osv.advisoryId)
      expect(dependabot.aliases).toEqual(osv.aliases)
      expect(dependabot.fixedVersion).toBe(osv.fixedVersion)
    })

    it('differ only in the version GitHub leaves out otherwise, and count once in the repository', () => {
      const [dependabot] = vulnerabilities(mapAlerts('dependabot', [dependabotAlert()]))
      expect(dependabot.key).toBe(osv.key.replace('@2.3.0|', '@|'))
      expect(uniqueFindings([osv, dependabot])).toEqual([osv])
      expect(uniqueFindings([dependabot, osv])).toEqual([dependabot])
    })
  })
})

describe('code scanning alerts', () => {
  it("become code findings: tool, rule, security severity, the latest instance's place and message, help link", () => {
    const page = mapAlerts('code-scanning', [codeScanningAlert()])
    expect(page.skipped).toEqual([])
    const [finding] = policyIssues(page)
    expect(finding).toEqual({
      kind: 'policy-issue',
      key: 'code|js/sql-injection|src/db/orders.js|fp:github-alert=7',
      tool: 'CodeQL',
      ruleId: 'js/sql-injection',
      title: 'Database query built from user-controlled sources',
      message: 'This query string depends on a user-provided value.',
      enforcementStatus: 'Mandatory',
      severity: 'High',
      toolSeverity: 'error',
      cwes: ['CWE-89'],
      helpUri: 'https://codeql.github.com/codeql-query-help/javascript/js-sql-injection/',
      location: { file: 'src/db/orders.js', line: 42, endLine: 44 },
      category: 'code',
      securitySeverity: { band: 'High' },
      fingerprint: 'github-alert=7',
      source: {
        provider: 'github',
        kind: 'code-scanning',
        number: 7,
        url: 'https://github.com/acme-test/shop-api/security/code-scanning/7',
        repository: 'acme-test/shop-api',
      },
    })
  })

  it('keep their key when the code moves within the file, as a SARIF fingerprint keeps it', () => {
    const moved = codeScanningAlert()
    moved.most_recent_instance = {
      ...moved.most_recent_instance,
      location: { path: 'src/db/orders.js', start_line: 90, end_line: 92 },
    }
    const [before] = policyIssues(mapAlerts('code-scanning', [codeScanningAlert()]))
    const [after] = policyIssues(mapAlerts('code-scanning', [moved]))
    expect(after.key).toBe(before.key)
    expect(after.location).toEqual({ file: 'src/db/orders.js', line: 90, endLine: 92 })
  })

  it("give Unknown where the rule has no security severity, and the tool's level as enforcement", () => {
    const alert = codeScanningAlert({
      rule: { id: 'js/unused-local-variable', severity: 'note', security_severity_level: null, tags: null },
      tool: {},
    })
    const [finding] = policyIssues(mapAlerts('code-scanning', [alert]))
    expect(finding).toMatchObject({
      tool: 'GitHub code scanning',
      // As the SARIF reader: the rule's description, else the message's first line.
      title: 'This query string depends on a user-provided value.',
      severity: 'Unknown',
      enforcementStatus: 'Optional',
      cwes: [],
    })
    expect(finding.securitySeverity).toBeUndefined()
  })

  it('keep a dismissal; a fixed alert is history', () => {
    const page = mapAlerts('code-scanning', [
      codeScanningAlert({
        number: 8,
        state: 'dismissed',
        dismissed_at: '2031-03-05T10:00:00Z',
        dismissed_by: user('ravi-ops', 77),
        dismissed_reason: 'used in tests',
        dismissed_comment: 'Fixture server only.',
      }),
      codeScanningAlert({ number: 9, state: 'fixed', fixed_at: '2031-03-06T10:00:00Z' }),
    ])
    expect(page.current[0]).toMatchObject({
      status: 'dismissed',
      dismissal: { reason: 'used in tests', comment: 'Fixture server only.', by: { login: 'ravi-ops', id: 77 } },
    })
    expect(page.history).toMatchObject([{ status: 'fixed', closedAt: '2031-03-06T10:00:00.000Z' }])
  })
})

describe('secret scanning alerts', () => {
  it('become secret findings with the type, its name, validity, the push protection bypass and the first place', () => {
    const page = mapAlerts('secret-scanning', [secretAlert()])
    expect(page.skipped).toEqual([])
    const [finding] = policyIssues(page)
    expect(finding).toMatchObject({
      kind: 'policy-issue',
      key: expect.stringMatching(/^secret\|github_personal_access_token\|config\/ci\.env\|ctx:[0-9a-f]{14}$/),
      tool: 'GitHub secret scanning',
      ruleId: 'github_personal_access_token',
      title: 'GitHub Personal Access Token',
      severity: 'Unknown',
      category: 'secret',
      location: { file: 'config/ci.env', line: 3, endLine: 3 },
      source: {
        provider: 'github',
        kind: 'secret-scanning',
        number: 11,
        repository: 'acme-test/shop-api',
        secret: {
          validity: 'active',
          pushProtectionBypass: { by: 'dana-dev', at: '2031-04-01T11:58:00.000Z' },
          publiclyLeaked: false,
          multiRepository: false,
          provider: 'GitHub',
          hasMoreLocations: false,
        },
      },
    })
    expect(finding.message).toBe(
      "GitHub Personal Access Token found by GitHub secret scanning. GitHub's latest validity check: active. Pushed past push protection by dana-dev on 2031-04-01.",
    )
    expect(finding.maskedMatch).toBeUndefined()
  })

  it('never hold the secret, whatever their state', () => {
    const alerts = [
      secretAlert(),
      secretAlert({ number: 12, state: 'resolved', resolution: 'revoked', resolved_at: '2031-04-02T00:00:00Z' }),
      secretAlert({
        number: 13,
        state: 'resolved',
        resolution: 'pattern_deleted',
        resolved_at: '2031-04-03T00:00:00Z',
      }),
      { ...secretAlert({ number: 14 }), secret_with_context: `token=${SECRET_VALUE}` },
    ]
    const page = mapAlerts('secret-scanning', alerts)
    expect(page.current.length + page.history.length).toBe(4)
    const written = JSON.stringify(page)
    expect(written).not.toContain(SECRET_VALUE)
    expect(written).not.toContain(SECRET_VALUE.slice(4, 20))
    expect(written).not.toMatch(/"secret":"/)
  })

  it('say where a secret was first seen when that is no file (an issue, a pull request)', () => {
    const alert = secretAlert({
      first_location_detected: {
        issue_comment_url: 'https://api.github.com/repos/acme-test/shop-api/issues/comments/81',
        html_url: 'https://github.com/acme-test/shop-api/issues/5#issuecomment-81',
      },
      has_more_locations: true,
      push_protection_bypassed: false,
    })
    const [finding] = policyIssues(mapAlerts('secret-scanning', [alert]))
    expect(finding.location).toBeUndefined()
    expect(finding.key).toMatch(/^secret\|github_personal_access_token\|\|ctx:/)
    expect(finding.source?.secret).toMatchObject({
      firstLocationUrl: 'https://github.com/acme-test/shop-api/issues/5#issuecomment-81',
      hasMoreLocations: true,
    })
    expect(finding.source?.secret?.pushProtectionBypass).toBeUndefined()
  })

  it("tell a person's resolution from GitHub's own (a custom pattern edited or deleted)", () => {
    const page = mapAlerts('secret-scanning', [
      secretAlert({
        number: 21,
        state: 'resolved',
        resolution: 'false_positive',
        resolved_at: '2031-04-05T08:00:00Z',
        resolved_by: user('ana-sec', 9001),
        resolution_comment: 'Example token from the docs.',
      }),
      secretAlert({ number: 22, state: 'resolved', resolution: 'pattern_edited', resolved_at: '2031-04-06T08:00:00Z' }),
    ])
    expect(page.current).toMatchObject([
      {
        status: 'dismissed',
        dismissal: { reason: 'false_positive', comment: 'Example token from the docs.', by: { login: 'ana-sec' } },
      },
    ])
    expect(page.history).toMatchObject([{ status: 'auto-dismissed', closedAt: '2031-04-06T08:00:00.000Z' }])
  })
})

describe('one repository per GitHub repository', () => {
  it('names each repository once, with its visibility', () => {
    const page = mapAlerts('dependabot', [
      dependabotAlert({ number: 1, repository: repo('shop-api') }),
      dependabotAlert({ number: 2, repository: repo('shop-api') }),
      dependabotAlert({ number: 3, repository: repo('docs-site', false) }),
    ])
    expect(page.repositories.map(({ name, fullName, visibility }) => [name, fullName, visibility])).toEqual([
      ['shop-api', 'acme-test/shop-api', 'private'],
      ['docs-site', 'acme-test/docs-site', 'public'],
    ])
    expect(page.current.map((alert) => alert.repository)).toEqual(['shop-api', 'shop-api', 'docs-site'])
  })
})

describe('an alert of a shape the mapping does not know', () => {
  it('is counted and skipped with its reason; the others land', () => {
    const good = dependabotAlert({ number: 1 })
    const page = mapAlerts('dependabot', [
      good,
      'not an alert',
      { ...dependabotAlert({ number: 2 }), state: 'reopened' },
      { ...dependabotAlert({ number: 3 }), number: undefined },
      { ...dependabotAlert({ number: 4 }), repository: { id: 1 } },
      { ...dependabotAlert({ number: 5 }), html_url: null },
      { ...dependabotAlert({ number: 6 }), security_advisory: { summary: 'no ids' } },
      { ...dependabotAlert({ number: 7 }), dependency: {}, security_vulnerability: {} },
    ])
    expect(page.current).toHaveLength(1)
    expect(page.skipped).toEqual([
      { kind: 'dependabot', index: 1, reason: 'not an object' },
      { kind: 'dependabot', index: 2, number: 2, repository: 'shop-api', reason: 'unknown state "reopened"' },
      { kind: 'dependabot', index: 3, repository: 'shop-api', reason: 'no alert number' },
      { kind: 'dependabot', index: 4, number: 4, reason: 'no repository (repository.name and full_name)' },
      { kind: 'dependabot', index: 5, number: 5, repository: 'shop-api', reason: 'no page (html_url)' },
      {
        kind: 'dependabot',
        index: 6,
        number: 6,
        repository: 'shop-api',
        reason: 'no advisory id (security_advisory.ghsa_id)',
      },
      {
        kind: 'dependabot',
        index: 7,
        number: 7,
        repository: 'shop-api',
        reason: 'no package (dependency.package: ecosystem and name)',
      },
    ])
    expect(skippedSummary(page.skipped)).toContain('1 Dependabot alert skipped: unknown state "reopened"')
  })

  it('is skipped for each kind: a code scanning alert without state or rule, a secret without type', () => {
    const code = mapAlerts('code-scanning', [
      codeScanningAlert({ number: 1, state: null }),
      codeScanningAlert({ number: 2, rule: { id: null } }),
    ])
    expect(code.skipped.map((skipped) => skipped.reason)).toEqual(['no state', 'no rule id (rule.id)'])
    const secrets = mapAlerts('secret-scanning', [
      { ...secretAlert({ number: 1 }), state: 'closed' },
      { ...secretAlert({ number: 2 }), secret_type: '' },
    ])
    expect(secrets.skipped.map((skipped) => skipped.reason)).toEqual([
      'unknown state "closed"',
      'no secret type (secret_type)',
    ])
    expect(JSON.stringify(secrets)).not.toContain(SECRET_VALUE)
    expect(skippedSummary([...code.skipped, ...code.skipped])).toEqual([
      '2 code scanning alerts skipped: no state',
      '2 code scanning alerts skipped: no rule id (rule.id)',
    ])
  })

  it('is never thrown on, whatever the response holds', () => {
    expect(mapAlerts('secret-scanning', { message: 'Not Found' }).skipped).toEqual([
      { kind: 'secret-scanning', index: -1, reason: 'the response is not a list of alerts' },
    ])
    const kinds = fc.constantFrom('dependabot' as const, 'code-scanning' as const, 'secret-scanning' as const)
    fc.assert(
      fc.property(kinds, fc.array(fc.anything()), (kind, page) => {
        const mapped = mapAlerts(kind, page)
        expect(mapped.current.length + mapped.history.length + mapped.skipped.length).toBe(page.length)
      }),
      { numRuns: 300 },
    )
    fc.assert(
      fc.property(kinds, fc.anything(), (kind, page) => {
        mapAlerts(kind, page)
      }),
      { numRuns: 200 },
    )
  })
})
