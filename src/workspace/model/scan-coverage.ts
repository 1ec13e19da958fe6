import type { ScanCoverage } from '@/data/repositories'
import type { Finding, FormatId } from './model'
import type { RepositorySummary } from './repository-records'

/**
 * What a run of each format looked for. A SARIF run is a code scanner's (its policy issues); the
 * dependency scanners' and a CycloneDX BOM with vulnerabilities look for vulnerabilities; an
 * OpenAPI or Swagger document gives the API surface. Trivy's misconfigurations and secrets count
 * where it reported some: its file does not say whether those scanners ran.
 */
const formatLooksFor: Record<FormatId, keyof ScanCoverage> = {
  sarif: 'policyIssues',
  'osv-scanner': 'vulnerabilities',
  cyclonedx: 'vulnerabilities',
  grype: 'vulnerabilities',
  trivy: 'vulnerabilities',
  'npm-audit': 'vulnerabilities',
  openapi: 'apiSurface',
}

/** Which kinds of source reported on a repository: its runs' formats, and any finding of a kind. */
export function coverageOf(formats: Iterable<FormatId>, findings: Iterable<Finding>): ScanCoverage {
  const coverage: ScanCoverage = { policyIssues: false, vulnerabilities: false, apiSurface: false }
  for (const format of formats) coverage[formatLooksFor[format]] = true
  for (const finding of findings) {
    if (finding.kind === 'policy-issue') coverage.policyIssues = true
    else if (finding.kind === 'vulnerability') coverage.vulnerabilities = true
    else coverage.apiSurface = true
  }
  return coverage
}

/** The tool names the dependency scanners' readers give (CycloneDX's is the BOM's tool, any name). */
const dependencyScanners = new Set(['OSV-Scanner', 'Grype', 'Trivy', 'npm audit'])

/**
 * What reported on a repository. A summary written before coverage was kept names its scanners
 * alone: a dependency scanner's name tells vulnerabilities, any other (SARIF's tools, a BOM's)
 * policy issues; a count above 0 tells its kind, and an API description the API surface.
 */
export function coverageOfSummary(summary: RepositorySummary): ScanCoverage {
  if (summary.coverage) return summary.coverage
  const { counts, tools } = summary
  return {
    policyIssues: counts.policyIssues > 0 || tools.some((tool) => !dependencyScanners.has(tool)),
    vulnerabilities:
      counts.vulnerabilities + counts.closedByVex > 0 || tools.some((tool) => dependencyScanners.has(tool)),
    apiSurface: (summary.apis?.documents.length ?? 0) > 0,
  }
}

/** Private (true), public (false) or unknown (undefined), as a source said. */
export function visibilityOfSummary(summary: RepositorySummary): boolean | undefined {
  if (summary.visibility) return summary.visibility === 'private'
  // Before `visibility`, true was also what Vigil wrote where no source said.
  return summary.isPrivate === false ? false : undefined
}

/** A source's word on visibility (a feed manifest's `isPrivate`) as the summary keeps it. */
export const visibilityFromFlag = (isPrivate: boolean | undefined): RepositorySummary['visibility'] =>
  isPrivate === undefined ? undefined : isPrivate ? 'private' : 'public'
