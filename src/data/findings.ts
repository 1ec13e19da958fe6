/** Policy violations and vulnerabilities. */

export type EnforcementStatus = 'Mandatory' | 'Recommended' | 'Optional'
export type Severity = 'Critical' | 'High' | 'Medium' | 'Low'

/** A severity as Vigil shows it: a CVSS band, or Unknown when a scanner gave none (never a guess). */
export type FindingSeverity = Severity | 'Unknown'

export const enforcementStatuses: EnforcementStatus[] = ['Mandatory', 'Recommended', 'Optional']
export const severities: Severity[] = ['Critical', 'High', 'Medium', 'Low']
export const findingSeverities: FindingSeverity[] = [...severities, 'Unknown']

/** A repository's open findings counted the ways the dashboard and the lists read them. */
export interface FindingCounts {
  policyIssues: number
  /** Open vulnerabilities: those VEX closes (not affected, fixed) are counted apart. */
  vulnerabilities: number
  /** Open vulnerabilities by severity. */
  bySeverity: Record<FindingSeverity, number>
  byEnforcement: Record<EnforcementStatus, number>
  /** Policy issues by their security severity (a scanner's `security-severity`); Unknown when none was given. */
  byIssueSeverity: Record<FindingSeverity, number>
  /** Vulnerabilities a VEX statement closed: kept, shown, not counted as open. */
  closedByVex: number
}

const zeroPerSeverity = () =>
  Object.fromEntries(findingSeverities.map((severity) => [severity, 0])) as Record<FindingSeverity, number>

export function emptyCounts(): FindingCounts {
  return {
    policyIssues: 0,
    vulnerabilities: 0,
    closedByVex: 0,
    bySeverity: zeroPerSeverity(),
    byIssueSeverity: zeroPerSeverity(),
    byEnforcement: Object.fromEntries(enforcementStatuses.map((status) => [status, 0])) as Record<
      EnforcementStatus,
      number
    >,
  }
}

export interface PolicyViolation {
  id: string
  title: string
  enforcementStatus: EnforcementStatus
  description: string
  relevantFiles: string[]
  /** The sample's estimate; imported findings carry none. */
  remediationEffort?: string
  rule: string
  /** Imported findings: the scanner, CWE ids and the rule's help page. */
  tool?: string
  cwes?: string[]
  helpUri?: string
  /** The most severe security severity of its findings (a scanner's `security-severity`), when known. */
  severity?: FindingSeverity
  /** Code, a misconfiguration, or a leaked secret (shown masked). */
  category?: 'code' | 'misconfiguration' | 'secret'
  /** Each finding's identity, for decisions. */
  keys?: string[]
}

/** An entry of CISA's Known Exploited Vulnerabilities catalogue, as a finding shows it. */
export interface KevView {
  cve: string
  /** YYYY-MM-DD. */
  dateAdded: string
  /** YYYY-MM-DD: remediate by then; a KEV finding is due at the earlier of this and its SLA. */
  dueDate?: string
  /** The catalogue says the vulnerability is known to be used in ransomware campaigns. */
  ransomware: boolean
  requiredAction?: string
}

/**
 * Signals of exploitation: what the scanner gave (EPSS, known exploitation, the tool's risk
 * score), and what the workspace's catalogues say of its CVEs (CISA KEV, FIRST EPSS).
 */
export interface ExploitView {
  /** The scanner's own EPSS, with its date where it gave one. */
  epss?: { score: number; percentile?: number; date?: string }
  /** The scanner or the KEV catalogue says it is exploited. */
  knownExploited?: boolean
  risk?: number
  /** The KEV catalogue's entry for one of its CVEs. */
  kev?: KevView
  /** The EPSS catalogue's score of its CVEs (the highest), with the score's date. */
  catalogueEpss?: { score: number; percentile: number; date: string }
}

/** What a VEX statement in the file said of the finding. */
export interface VexView {
  /** not_affected and fixed close the finding; affected and under_investigation keep it open. */
  status?: 'not_affected' | 'fixed' | 'affected' | 'under_investigation'
  state?: string
  justification?: string
  response?: string[]
  detail?: string
}

export interface Vulnerability {
  id: string
  title: string
  severity: FindingSeverity
  description: string
  file?: string
  line?: number
  /** The advisory: a CVE id, else the GHSA or OSV id. */
  cve: string
  package: string
  /** Imported findings say more: version, fix, other ids of the advisory, scores, the scanner. */
  packageVersion?: string
  /** The package's ecosystem (npm, PyPI, Go...), when known. */
  ecosystem?: string
  fixedVersion?: string
  aliases?: string[]
  cvss?: { version: string; vector: string; score: number }
  /** The EPSS score alone (0–1), as the lists sort by it; `exploit.epss` has its percentile and date. */
  epss?: number
  tool?: string
  toolSeverity?: string
  url?: string
  /** The finding's identity, for decisions. */
  key?: string
  /** What to do, in the tool's words, when it says more than a version. */
  advice?: string
  /** The vulnerable versions as the tool wrote them, when it gave no installed version. */
  affectedRange?: string
  purl?: string
  /** The weaknesses the advisory names (`CWE-79`), for the policy's checks. */
  cwes?: string[]
  exploit?: ExploitView
  vex?: VexView
}

/** A VEX statement in the scanner's own file closed it (not affected, or fixed): decided without the team. */
export const isVulnerabilityClosedByVex = (finding: Pick<Vulnerability, 'vex'> | undefined): boolean =>
  finding?.vex?.status === 'not_affected' || finding?.vex?.status === 'fixed'

const sampleViolations: PolicyViolation[] = [
  {
    id: 'violation-001',
    title: 'State-changing routes lack CSRF protection',
    enforcementStatus: 'Mandatory',
    description:
      'POST and DELETE handlers for the cart and checkout accept cookie-authenticated requests without a CSRF token or SameSite=strict cookie, so another site can submit orders on behalf of a signed-in customer.',
    relevantFiles: ['src/server/routes/cart.ts', 'src/server/routes/checkout.ts', 'src/server/middleware/session.ts'],
    remediationEffort: 'Medium (2 weeks)',
    rule: 'AUTH-001',
  },
  {
    id: 'violation-002',
    title: 'Personal data written to application logs',
    enforcementStatus: 'Mandatory',
    description:
      'Customer email addresses and shipping addresses are logged in plain text on every failed checkout. Logs are kept for 90 days and readable by the whole engineering team.',
    relevantFiles: ['src/server/logging/request-logger.ts', 'src/server/routes/checkout.ts'],
    remediationEffort: 'Low (3 days)',
    rule: 'DATA-002',
  },
  {
    id: 'violation-003',
    title: 'Payment details kept in global client state',
    enforcementStatus: 'Recommended',
    description:
      'The card holder name and the last four digits stay in the global Redux store after checkout, where any script on the page and the Redux DevTools can read them.',
    relevantFiles: ['src/store/checkout-slice.ts', 'src/components/checkout/PaymentForm.tsx'],
    remediationEffort: 'Medium (1 week)',
    rule: 'STATE-003',
  },
  {
    id: 'violation-004',
    title: 'Public endpoints without rate limiting',
    enforcementStatus: 'Optional',
    description:
      'The product search and newsletter endpoints accept unlimited requests per client, which invites scraping and lets a single client exhaust the search cluster.',
    relevantFiles: ['src/server/routes/search.ts', 'src/server/routes/newsletter.ts', 'src/server/app.ts'],
    remediationEffort: 'High (1 month)',
    rule: 'API-004',
  },
]

const sampleVulnerabilities: Vulnerability[] = [
  {
    id: 'vuln-001',
    title: 'Prototype pollution in lodash',
    severity: 'Critical',
    description:
      'defaultsDeep can be tricked into adding or modifying properties of Object.prototype with a constructor payload, which can lead to denial of service or remote code execution.',
    file: 'src/utils/merge-config.ts',
    line: 42,
    cve: 'CVE-2019-10744',
    package: 'lodash@4.17.11',
    ecosystem: 'npm',
    fixedVersion: '4.17.12',
  },
  {
    id: 'vuln-002',
    title: 'Server-side request forgery in axios',
    severity: 'High',
    description:
      'Path-relative URLs are processed as protocol-relative URLs, so a request meant for the API can be sent to an attacker-chosen host.',
    file: 'src/api/proxy-client.ts',
    line: 88,
    cve: 'CVE-2024-39338',
    package: 'axios@1.7.2',
    ecosystem: 'npm',
    fixedVersion: '1.7.4',
  },
  {
    id: 'vuln-003',
    title: 'Regular expression denial of service in semver',
    severity: 'High',
    description: 'Untrusted version ranges passed to new Range make the range parser backtrack for seconds per call.',
    file: 'src/plugins/version-check.ts',
    line: 17,
    cve: 'CVE-2022-25883',
    package: 'semver@7.5.1',
    ecosystem: 'npm',
    fixedVersion: '7.5.2',
  },
  {
    id: 'vuln-004',
    title: 'Cross-site scripting through DOMPurify nesting',
    severity: 'Medium',
    description: 'Deeply nested markup can bypass sanitisation and inject script into rich-text fields.',
    file: 'src/components/RichText.tsx',
    line: 23,
    cve: 'CVE-2024-45801',
    package: 'dompurify@2.4.0',
    ecosystem: 'npm',
    fixedVersion: '2.5.4',
  },
  {
    id: 'vuln-005',
    title: 'Open redirect markup in express res.redirect',
    severity: 'Low',
    description: 'Untrusted input passed to res.redirect can be rendered into the HTML fallback page without encoding.',
    file: 'server/routes/auth.ts',
    line: 61,
    cve: 'CVE-2024-43796',
    package: 'express@4.19.2',
    ecosystem: 'npm',
    fixedVersion: '4.20.0',
  },
]

/** The same four violations are shown for any repository with a nonzero count. */
export function violationsFor(count: number): PolicyViolation[] {
  return count > 0 ? sampleViolations : []
}

/** The first N of the five sample vulnerabilities, N being the repository's count. */
export function vulnerabilitiesFor(count: number): Vulnerability[] {
  return sampleVulnerabilities.slice(0, Math.max(0, count))
}

export function allViolations(): PolicyViolation[] {
  return sampleViolations
}

export function allVulnerabilities(): Vulnerability[] {
  return sampleVulnerabilities
}

/** The counts of the sample findings a repository with these counts shows. */
export function sampleCounts(policyViolations: number, vulnerabilities: number): FindingCounts {
  const counts = emptyCounts()
  for (const violation of violationsFor(policyViolations)) {
    counts.policyIssues += 1
    counts.byEnforcement[violation.enforcementStatus] += 1
    counts.byIssueSeverity.Unknown += 1
  }
  for (const vulnerability of vulnerabilitiesFor(vulnerabilities)) {
    counts.vulnerabilities += 1
    counts.bySeverity[vulnerability.severity] += 1
  }
  return counts
}
