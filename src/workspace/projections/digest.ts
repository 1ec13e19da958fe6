import type { ApiEndpoint } from '@/data/endpoints'
import type { EnforcementStatus, FindingSeverity, Vulnerability } from '@/data/findings'
import { endpointViews, vulnerabilityViews } from './finding-views'
import {
  FINDING_MODEL_VERSION,
  type EndpointFinding,
  type Finding,
  type PolicyIssueFinding,
  type VulnerabilityFinding,
} from '@/workspace/model/model'

/**
 * What the organisation-wide screens read of one repository, kept beside its findings so that
 * `/vulnerabilities` and `/apis` never read every finding page. Each entry is the JSON of one
 * vulnerability or endpoint view: the same finding in many repositories is the same text, which
 * the reader turns into one shared object.
 */
export interface RepositoryDigest {
  repository: string
  /** Each policy issue as triage reads it (`IssueDigest`): what a decision can match, and what counts. */
  issues?: string[]
  /** The finding model its views were made from (FINDING_MODEL_VERSION): a migration rebuilds older ones. */
  modelVersion?: number
  vulnerabilities: string[]
  endpoints: string[]
}

/** The digest of a repository's findings (deduplicated across its tools). */
export function digestOf(repository: string, findings: Finding[]): RepositoryDigest {
  const vulnerabilities = vulnerabilityViews(
    findings.filter((finding): finding is VulnerabilityFinding => finding.kind === 'vulnerability'),
  )
  const endpoints = endpointViews(findings.filter((finding): finding is EndpointFinding => finding.kind === 'endpoint'))
  const issues = findings.filter((finding): finding is PolicyIssueFinding => finding.kind === 'policy-issue')
  return {
    repository,
    modelVersion: FINDING_MODEL_VERSION,
    // The description is long and the organisation-wide views do not show it.
    vulnerabilities: vulnerabilities.map(({ description: _description, ...rest }) => JSON.stringify(rest)),
    endpoints: endpoints.map((endpoint) => JSON.stringify(endpoint)),
    issues: issues.map((issue) => JSON.stringify(issueDigestOf(issue))),
  }
}

/** A policy issue as the digest keeps it: its identity, what a decision can match, and what it counts as. */
export interface IssueDigest {
  key: string
  ruleId: string
  title: string
  tool: string
  severity: FindingSeverity
  enforcementStatus: EnforcementStatus
  file?: string
  line?: number
  /** The tool's level (SARIF error, warning, note), for re-emitting it with its suppression. */
  level?: string
  message?: string
  secret?: boolean
  /** The CWE ids of its rule, for the policy's checks; left out when it names none. */
  cwes?: string[]
}

export function issueDigestOf(issue: PolicyIssueFinding): IssueDigest {
  return {
    key: issue.key,
    ruleId: issue.ruleId,
    title: issue.title,
    tool: issue.tool,
    severity: issue.severity,
    enforcementStatus: issue.enforcementStatus,
    file: issue.location?.file,
    line: issue.location?.line,
    level: issue.toolSeverity,
    message: issue.message,
    ...(issue.category === 'secret' ? { secret: true } : {}),
    ...(issue.cwes.length > 0 ? { cwes: issue.cwes } : {}),
  }
}

/** Reads digest entries, one object per distinct text. */
export class DigestReader {
  private vulnerabilities = new Map<string, Vulnerability>()
  private endpoints = new Map<string, ApiEndpoint>()

  /** `complete` finishes each distinct vulnerability once, as it is first read (joins it to the catalogues). */
  constructor(private readonly complete?: (finding: Vulnerability) => void) {}

  vulnerability(text: string): Vulnerability {
    let value = this.vulnerabilities.get(text)
    if (!value) {
      // Completed in place rather than copied: a copy made each distinct finding twice, the first
      // one garbage at once.
      value = JSON.parse(text) as Vulnerability
      value.description ??= ''
      this.complete?.(value)
      this.vulnerabilities.set(text, value)
    }
    return value
  }

  endpoint(text: string): ApiEndpoint {
    let value = this.endpoints.get(text)
    if (!value) {
      value = JSON.parse(text) as ApiEndpoint
      this.endpoints.set(text, value)
    }
    return value
  }
}
