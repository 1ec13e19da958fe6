import type { ClassificationReason, EndpointAuth, EndpointAuthDeclared } from '@/data/endpoints'
import type { EnforcementStatus, FindingSeverity } from '@/data/findings'

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

export interface FindingLocation {
  file: string
  line?: number
}

/** A rule a scanner says the code breaks (SARIF results, Trivy misconfigurations). */
export interface PolicyIssueFinding {
  kind: 'policy-issue'
  /** What deduplicates it: repository-independent, tool-independent. */
  key: string
  tool: string
  ruleId: string
  /** The rule's short description or name; the message when the rule has none. */
  title: string
  message: string
  enforcementStatus: EnforcementStatus
  severity: FindingSeverity
  /** The tool's own words for it (SARIF level, Trivy severity). */
  toolSeverity?: string
  cwes: string[]
  helpUri?: string
  location?: FindingLocation
}

export interface CvssScore {
  version: string
  vector: string
  score: number
}

/** A known advisory that hits a package the code depends on. */
export interface VulnerabilityFinding {
  kind: 'vulnerability'
  key: string
  tool: string
  /** The advisory: CVE, GHSA or OSV id (a CVE when the file names one). */
  advisoryId: string
  aliases: string[]
  title: string
  description: string
  severity: FindingSeverity
  toolSeverity?: string
  cvss?: CvssScore
  epss?: number
  cwes: string[]
  packageName: string
  packageVersion?: string
  ecosystem?: string
  fixedVersion?: string
  location?: FindingLocation
  url?: string
}

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

/** What one file holds once read: its findings, and who it says it is about. */
export interface ReadResult {
  format: FormatId
  tool: string
  /** The repository the file names (SARIF version control, CycloneDX component, Trivy artifact). */
  repository?: string
  /** When the scan ran, if the file says (ISO 8601). */
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
