import type { EnforcementStatus, FindingSeverity } from '@/data/findings'

export type { FindingSeverity } from '@/data/findings'

/** The scanner formats Vigil reads, detected from a file's content. */
export type FormatId = 'sarif' | 'osv-scanner' | 'cyclonedx' | 'grype' | 'trivy' | 'npm-audit'

export const formatNames: Record<FormatId, string> = {
  sarif: 'SARIF 2.1.0',
  'osv-scanner': 'OSV-Scanner JSON',
  cyclonedx: 'CycloneDX JSON',
  grype: 'Grype JSON',
  trivy: 'Trivy JSON',
  'npm-audit': 'npm audit (v2)',
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

export type Finding = PolicyIssueFinding | VulnerabilityFinding

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
}

/** The only error a reader throws: the file is refused, with a reason a person can act on. */
export class ReaderError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ReaderError'
  }
}
