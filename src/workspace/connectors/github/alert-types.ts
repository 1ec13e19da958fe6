/**
 * GitHub's security alerts as Vigil reads them, written from GitHub's published OpenAPI
 * description of its REST API (github/rest-api-description, `api.github.com`):
 *
 * - `GET /orgs/{org}/dependabot/alerts`: items of `dependabot-alert-with-repository`
 * - `GET /orgs/{org}/code-scanning/alerts`: items of `code-scanning-organization-alert-items`
 * - `GET /orgs/{org}/secret-scanning/alerts`: items of `organization-secret-scanning-alert`
 *
 * Only the fields Vigil reads, typed as the description types them (`| null` where it says
 * nullable, `?` where it does not require the field). `@octokit/openapi-types` is not a
 * dependency: these few types are ours. The mapping never trusts them: a page is `unknown` until
 * each field is narrowed (`map-alerts.ts`); the types say what it looks for and serve the tests.
 */

/** `simple-user`, as far as Vigil reads it. */
import type { FindingSource } from '@/workspace/model/model'

export interface GitHubUser {
  login: string
  /** Stable across renames of the login. */
  id: number
  html_url?: string
  type?: string
}

/** `simple-repository`, as far as Vigil reads it. */
export interface GitHubRepositoryRef {
  id: number
  /** The repository's name (`hello-world`): Vigil's name for it. */
  name: string
  /** `octo-org/hello-world`. */
  full_name: string
  private: boolean
  html_url: string
  owner?: { login: string }
}

/** `low` … `critical`: GitHub's severity of an advisory, and code scanning's security severity level. */
type GitHubSeverity = 'low' | 'medium' | 'high' | 'critical'

// Dependabot ------------------------------------------------------------------------------------

type DependabotAlertState = 'auto_dismissed' | 'dismissed' | 'fixed' | 'open'

export type DependabotDismissedReason = 'fix_started' | 'inaccurate' | 'no_bandwidth' | 'not_used' | 'tolerable_risk'

/** `dependabot-alert-package`: GitHub's ecosystem names (`npm`, `pip`, `maven`, `rust`, `actions`…). */
interface DependabotPackage {
  ecosystem: string
  name: string
}

/** `dependabot-alert-security-vulnerability`: one vulnerable range of the advisory. */
interface DependabotVulnerability {
  package: DependabotPackage
  severity: GitHubSeverity
  /** `>= 2.9.0, < 2.9.18`, as GitHub writes it. */
  vulnerable_version_range: string
  first_patched_version: { identifier: string } | null
}

/** `cvss-severities`: the CVSS 3 and CVSS 4 vectors and scores of an advisory. */
interface CvssSeverities {
  cvss_v3?: { vector_string: string | null; score: number | null } | null
  cvss_v4?: { vector_string: string | null; score: number | null } | null
}

/**
 * `security-advisory-epss`: FIRST's EPSS. The description names both fields 0–100; GitHub's
 * responses give fractions (0.00045, a percentile of 0.16). Read either way (`map-alerts.ts`).
 */
interface SecurityAdvisoryEpss {
  percentage?: number
  percentile?: number
}

/** `dependabot-alert-security-advisory`. */
interface DependabotAdvisory {
  ghsa_id: string
  cve_id: string | null
  summary: string
  description: string
  vulnerabilities: DependabotVulnerability[]
  severity: GitHubSeverity
  /** Deprecated (dropped in API version 2026-03-10): `cvss_severities` has both versions. */
  cvss?: { score: number; vector_string: string | null }
  cvss_severities?: CvssSeverities | null
  epss?: SecurityAdvisoryEpss | null
  cwes: { cwe_id: string; name: string }[]
  identifiers: { type: 'CVE' | 'GHSA'; value: string }[]
  references: { url: string }[]
  published_at: string
  updated_at: string
  withdrawn_at: string | null
}

/** `dependabot-alert-with-repository`: one alert of `GET /orgs/{org}/dependabot/alerts`. */
export interface DependabotAlert {
  number: number
  state: DependabotAlertState
  dependency: {
    package?: DependabotPackage
    /** The manifest (or lockfile) relative to the repository's root. */
    manifest_path?: string
    scope?: 'development' | 'runtime' | null
    relationship?: 'unknown' | 'direct' | 'transitive' | 'inconclusive' | null
  }
  security_advisory: DependabotAdvisory
  security_vulnerability: DependabotVulnerability
  /** The REST API's URL of the alert. */
  url: string
  /** The alert's page. */
  html_url: string
  created_at: string
  updated_at: string
  dismissed_at: string | null
  dismissed_by: GitHubUser | null
  dismissed_reason: DependabotDismissedReason | null
  /** At most 280 characters. */
  dismissed_comment: string | null
  fixed_at: string | null
  auto_dismissed_at?: string | null
  repository: GitHubRepositoryRef
}

// Code scanning ---------------------------------------------------------------------------------

type CodeScanningAlertState = 'open' | 'dismissed' | 'fixed'

/** `code-scanning-alert-dismissed-reason`, spaces and apostrophe as GitHub writes them. */
export type CodeScanningDismissedReason = 'false positive' | "won't fix" | 'used in tests' | 'mitigated'

/** `code-scanning-alert-rule-summary`. */
interface CodeScanningRule {
  id: string | null
  name?: string
  /** The tool's level, as SARIF's: none, note, warning, error. */
  severity?: 'none' | 'note' | 'warning' | 'error' | null
  security_severity_level?: GitHubSeverity | null
  description?: string
  full_description?: string
  /** `security`, `external/cwe/cwe-079`… */
  tags?: string[] | null
  help?: string | null
  help_uri?: string | null
}

/** `code-scanning-alert-location`. */
interface CodeScanningLocation {
  path?: string
  start_line?: number
  end_line?: number
  start_column?: number
  end_column?: number
}

/** `code-scanning-alert-instance`: where the alert was last seen. */
interface CodeScanningInstance {
  ref?: string
  analysis_key?: string
  environment?: string
  category?: string
  state?: CodeScanningAlertState | null
  commit_sha?: string
  message?: { text?: string; markdown?: string }
  location?: CodeScanningLocation
  html_url?: string
  classifications?: ('source' | 'generated' | 'test' | 'library' | null)[]
}

/** `code-scanning-organization-alert-items`: one alert of `GET /orgs/{org}/code-scanning/alerts`. */
export interface CodeScanningAlert {
  number: number
  created_at: string
  updated_at?: string
  url: string
  html_url: string
  instances_url: string
  state: CodeScanningAlertState | null
  fixed_at?: string | null
  dismissed_by: GitHubUser | null
  dismissed_at: string | null
  dismissed_reason: CodeScanningDismissedReason | null
  /** At most 280 characters. */
  dismissed_comment?: string | null
  rule: CodeScanningRule
  tool: { name?: string; version?: string | null; guid?: string | null }
  most_recent_instance: CodeScanningInstance
  repository: GitHubRepositoryRef
}

// Secret scanning -------------------------------------------------------------------------------

type SecretScanningAlertState = 'open' | 'resolved'

/**
 * Why a secret scanning alert was resolved. The alert schema lists the first four, which a
 * person chooses; GitHub's webhook schemas and the list's `resolution` filter add the two GitHub
 * sets itself when a custom pattern changes.
 */
export type SecretScanningResolution =
  'false_positive' | 'wont_fix' | 'revoked' | 'used_in_tests' | 'pattern_edited' | 'pattern_deleted'

/** `secret-scanning-location-commit` (and `-wiki-commit`, which has `page_url` for `commit_url`'s page). */
interface SecretScanningFileLocation {
  path: string
  start_line: number
  end_line: number
  start_column: number
  end_column: number
  blob_sha: string
  commit_sha: string
  commit_url?: string
  page_url?: string
  html_url?: string
}

/**
 * `nullable-secret-scanning-first-detected-location`: a file in a commit or a wiki commit, or an
 * issue, pull request or discussion (its title, body, comment or review: one `…_url` field and
 * `html_url`).
 */
type SecretScanningFirstLocation = SecretScanningFileLocation | Record<string, string | undefined>

/**
 * `organization-secret-scanning-alert`: one alert of `GET /orgs/{org}/secret-scanning/alerts`.
 * The description's `secret` field, the secret's value, is left out of this type on purpose:
 * nothing in Vigil can read what the type does not name, and the mapping never does.
 */
export interface SecretScanningAlert {
  number: number
  created_at: string
  updated_at?: string | null
  url: string
  html_url: string
  /** The REST API's list of every place the secret was found (the org list gives the first only). */
  locations_url?: string
  state: SecretScanningAlertState
  resolution: SecretScanningResolution | null
  resolved_at: string | null
  resolved_by: GitHubUser | null
  resolution_comment?: string | null
  secret_type: string
  secret_type_display_name?: string
  provider?: string | null
  provider_slug?: string | null
  repository: GitHubRepositoryRef
  push_protection_bypassed?: boolean | null
  push_protection_bypassed_by?: GitHubUser | null
  push_protection_bypassed_at?: string | null
  validity?: 'active' | 'inactive' | 'unknown'
  publicly_leaked?: boolean | null
  multi_repo?: boolean | null
  is_base64_encoded?: boolean | null
  first_location_detected?: SecretScanningFirstLocation | null
  has_more_locations?: boolean
}

/** The three kinds of alert, as Vigil names them (`FindingSource.kind`). */
export type AlertKind = FindingSource['kind']
