import type { ClassificationReason, EndpointAuth, EndpointAuthDeclared } from '@/data/endpoints'
import type { EnforcementStatus, FindingSeverity, Severity } from '@/data/findings'

export type { FindingSeverity } from '@/data/findings'
export type { ClassificationReason, EndpointAuth, EndpointAuthDeclared } from '@/data/endpoints'

/** The scanner formats Vigil reads, detected from a file's content. */
export type FormatId = 'sarif' | 'osv-scanner' | 'cyclonedx' | 'grype' | 'trivy' | 'npm-audit' | 'openapi'

export const formatNames: Record<FormatId, string> = {
  sarif: 'SARIF 2.1.0',
  'osv-scanner': 'OSV-Scanner JSON',
  cyclonedx: 'CycloneDX JSON',
  grype: 'Grype JSON',
  trivy: 'Trivy JSON',
  'npm-audit': 'npm audit (v2)',
  openapi: 'OpenAPI / Swagger',
}

/**
 * The version of the finding model the readers write. It changes whenever what a reader makes of
 * the same file changes (keys, fields), so the store can tell findings read by an older Vigil.
 */
export const FINDING_MODEL_VERSION = 2

export interface FindingLocation {
  /** The path in the repository (or in the image, for a package found in one). */
  file: string
  line?: number
  endLine?: number
}

/** What a code finding is about. */
export type CodeFindingCategory = 'code' | 'misconfiguration' | 'secret'

/** A SARIF `security-severity` as a band (≥ 9.0 Critical, ≥ 7.0 High, ≥ 4.0 Medium, > 0 Low). */
export interface SecuritySeverity {
  band: Severity
  /** The score when the file gave a number; a word (`HIGH`) gives the band alone. */
  score?: number
}

/** What GitHub's secret scanning says of a secret besides the finding (never the secret itself). */
export interface SecretAlertFacts {
  /** The token's status at GitHub's latest validity check. */
  validity?: 'active' | 'inactive' | 'unknown'
  /** Someone pushed the secret past push protection: who (their login) and when. */
  pushProtectionBypass?: { by?: string; at?: string }
  publiclyLeaked?: boolean
  /** Found in several repositories of the organisation. */
  multiRepository?: boolean
  /** Who issued the secret (`Amazon AWS`), as GitHub names them. */
  provider?: string
  /** Where GitHub first saw it when that is no file: an issue, a pull request, a discussion (its page). */
  firstLocationUrl?: string
  /** GitHub saw it in more places than the first (the repository's alert lists them). */
  hasMoreLocations?: boolean
}

/**
 * Where a finding came from when a connector pulled it rather than a file (GitHub now): enough to
 * name the alert it mirrors and to write a decision back to it.
 */
export interface FindingSource {
  provider: 'github'
  kind: 'dependabot' | 'code-scanning' | 'secret-scanning'
  /** The alert's number in its repository. */
  number: number
  /** The alert's page (GitHub's `html_url`). */
  url: string
  /** The repository's full name, `owner/name`. */
  repository: string
  /** Secret scanning's facts about the secret. */
  secret?: SecretAlertFacts
}

/** A rule a scanner says the code breaks (SARIF results, Trivy misconfigurations and secrets). */
export interface PolicyIssueFinding {
  kind: 'policy-issue'
  /** What deduplicates it, from `findingKey`: repository-independent, tool-independent. */
  key: string
  tool: string
  ruleId: string
  /** The rule's short description or name; the message when the rule has none. */
  title: string
  message: string
  enforcementStatus: EnforcementStatus
  /** The security severity's band, or the tool's severity word's; Unknown when it gives neither. */
  severity: FindingSeverity
  /** The tool's own words for it (SARIF level, Trivy severity). */
  toolSeverity?: string
  cwes: string[]
  helpUri?: string
  location?: FindingLocation
  /** Code (a SAST rule), a misconfiguration (IaC, Dockerfile...) or a leaked secret. */
  category?: CodeFindingCategory
  /** The rule's or result's SARIF `security-severity`, beside the enforcement level. */
  securitySeverity?: SecuritySeverity
  /** The tool's fingerprint of the result (SARIF fingerprints), when its key was made from one. */
  fingerprint?: string
  /** A secret's match with the secret masked: its first characters at most, the rest asterisks. */
  maskedMatch?: string
  /** The alert it mirrors, when a connector pulled it. */
  source?: FindingSource
}

export interface CvssScore {
  version: string
  vector: string
  score: number
}

/** FIRST's Exploit Prediction Scoring System: the probability of exploitation in the next 30 days. */
export interface EpssScore {
  /** 0–1. */
  score: number
  /** 0–1: the share of scored advisories with a lower score. */
  percentile?: number
  /** The day the score was published (YYYY-MM-DD). */
  date?: string
}

/** An entry of CISA's Known Exploited Vulnerabilities catalogue, as the scanner reports it. */
export interface KnownExploited {
  cve?: string
  dateAdded?: string
  dueDate?: string
  requiredAction?: string
  /** "Known" or "Unknown", as the catalogue says. */
  knownRansomwareCampaignUse?: string
}

/** Signals of exploitation a scanner gives; nothing is set when the file gives none. */
export interface ExploitSignals {
  epss?: EpssScore
  knownExploited?: KnownExploited[]
  /** The tool's own risk score (Grype's `risk`), on its own scale. */
  risk?: number
}

/** A CycloneDX VEX analysis as the file writes it. */
export interface VexAnalysis {
  /** resolved, resolved_with_pedigree, exploitable, in_triage, false_positive, not_affected. */
  state?: string
  /** code_not_present, code_not_reachable, requires_configuration... */
  justification?: string
  /** can_not_fix, will_not_fix, update, rollback, workaround_available. */
  response: string[]
  detail?: string
}

/**
 * Whether the package is affected, once VEX is applied: `not_affected` (not affected, a false
 * positive, or an installed version the file says is unaffected), `fixed` (resolved),
 * `affected` (exploitable), `under_investigation` (in triage). Unset when nothing was said.
 */
export type VexStatus = 'not_affected' | 'fixed' | 'affected' | 'under_investigation'

/** A known advisory that hits a package the code depends on. */
export interface VulnerabilityFinding {
  kind: 'vulnerability'
  /** What deduplicates it, from `findingKey`: repository-independent, tool-independent. */
  key: string
  tool: string
  /** The advisory's canonical id (`canonicalAdvisory`): a CVE when the file names one. */
  advisoryId: string
  /** The advisory's other ids, in the spelling `normaliseAdvisoryId` gives. */
  aliases: string[]
  title: string
  description: string
  /** Vigil's band of the CVSS score, else of the tool's word; Unknown when the file gives neither. */
  severity: FindingSeverity
  /** The tool's own severity word or score, as written. */
  toolSeverity?: string
  cvss?: CvssScore
  /** @deprecated The EPSS score alone; `exploit.epss` has it with its percentile and date. */
  epss?: number
  /** EPSS, known exploitation and the tool's risk score, where the scanner gives them. */
  exploit?: ExploitSignals
  cwes: string[]
  packageName: string
  /** The installed version; unset when the file does not say it (npm audit gives only a range). */
  packageVersion?: string
  ecosystem?: string
  /** The package URL the file gives. */
  purl?: string
  /** A version that fixes the installed one: the fix of the range that holds it. Never a sentence. */
  fixedVersion?: string
  /** What to do, in the tool's words, when it says more than a version (CycloneDX recommendation, npm audit fix). */
  advice?: string
  /** The vulnerable versions as the tool wrote them (npm audit's `<0.2.4`). */
  affectedRange?: string
  location?: FindingLocation
  url?: string
  /** The VEX analysis the file gives for it (CycloneDX `analysis`, Trivy's VEX statement). */
  analysis?: VexAnalysis
  /** The outcome of VEX for this package; a closed finding is kept, marked, never dropped. */
  vexStatus?: VexStatus
  /** The alert it mirrors, when a connector pulled it. */
  source?: FindingSource
}

/** Whether VEX closed a finding: not affected, or fixed. Counts of open findings leave these out. */
export const isClosedByVex = (finding: Finding): boolean =>
  finding.kind === 'vulnerability' && (finding.vexStatus === 'not_affected' || finding.vexStatus === 'fixed')

export type EndpointChannel = 'http' | 'webhook' | 'callback'

/** An operation of an imported API description, classified for the data it handles. */
export interface EndpointFinding {
  kind: 'endpoint'
  /** `<channel> <METHOD> <path>`: one endpoint per description. */
  key: string
  /** The API description it came from: its title and version. */
  tool: string
  channel: EndpointChannel
  method: string
  path: string
  summary?: string
  operationId?: string
  tags: string[]
  deprecated: boolean
  auth: EndpointAuth
  authDeclared: EndpointAuthDeclared
  authSchemes: string[]
  pii: boolean
  pci: boolean
  phi: boolean
  reasons: ClassificationReason[]
}

/** What scanners report; API descriptions give endpoints. */
export type ScanFinding = PolicyIssueFinding | VulnerabilityFinding
export type Finding = ScanFinding | EndpointFinding

/** The file a finding points at, if any (endpoints point at none). */
export const locationOf = (finding: Finding): FindingLocation | undefined =>
  finding.kind === 'endpoint' ? undefined : finding.location

/** An API description as the workspace lists it. */
export interface ApiDocumentInfo {
  title: string
  version?: string
  /** "OpenAPI 3.1.0", "Swagger 2.0" */
  specification: string
}

/** What the caller knows of a file besides its content. */
export interface ReadOptions {
  /** The file's path inside its repository folder (or its name), for the run of a file that names none. */
  fileName?: string
  /** The repository it lands in, when given before reading (a folder, a feed, the dialog's choice). */
  repository?: string
}

/** What one file holds once read: its findings, and who it says it is about. */
export interface ReadResult {
  format: FormatId
  tool: string
  /**
   * What an import of this result replaces: one tool's run for one repository (`runIdOf`). SARIF's
   * automation category, Trivy's artifact, Grype's target, else the file's path in its folder.
   */
  run: string
  /**
   * Runs an older Vigil gave these results, which this import takes over with their findings and
   * history (a Trivy or Grype scan of a path on the scanning machine was a run of that path, so
   * two scans of `.` in one repository replaced each other; the file's path tells them apart now).
   */
  formerRuns?: string[]
  /**
   * The repository the file names (SARIF version control, CycloneDX component, Trivy artifact,
   * Grype image without its tag): only a fallback for a file given without a repository folder.
   */
  repository?: string
  /** When the scan ran, if the file says (ISO 8601, UTC). */
  scannedAt?: string
  findings: Finding[]
  /** Plain words about what was skipped or guessed ("12 results had no location"). */
  warnings: string[]
  /** Files the findings point at, for the repository's languages. */
  files: string[]
  /** Package ecosystems seen (npm, PyPI, Go...), for the repository's languages. */
  ecosystems: string[]
  /** Set for an API description: what it is, for the workspace's list of documents. */
  apiDocument?: ApiDocumentInfo
}

/** The only error a reader throws: the file is refused, with a reason a person can act on. */
export class ReaderError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ReaderError'
  }
}

/** How a scan's time was known: the file said, the file's modification time, or the import's. */
export type TimeSource = 'scan' | 'file' | 'import'
