import { countExposure, type EndpointExposure } from '@/data/endpoints'
import { emptyCounts, type FindingCounts } from '@/data/findings'
import { languagesOf } from '@/workspace/model/languages'
import { isClosedByVex, locationOf, type EndpointFinding, type Finding, type ReadResult } from '@/workspace/model/model'
import type { ApiDocumentRecord, RepositorySummary, RunRecord } from '@/workspace/model/repository-records'
import { coverageOf, visibilityFromFlag, visibilityOfSummary } from '@/workspace/model/scan-coverage'

/** A repository's findings counted: the open ones by severity and enforcement, VEX-closed apart. */
export function countFindings(findings: Iterable<Finding>): FindingCounts {
  const counts = emptyCounts()
  for (const finding of findings) {
    if (finding.kind === 'vulnerability') {
      if (isClosedByVex(finding)) {
        counts.closedByVex += 1
        continue
      }
      counts.vulnerabilities += 1
      counts.bySeverity[finding.severity] += 1
    } else if (finding.kind === 'policy-issue') {
      counts.policyIssues += 1
      counts.byEnforcement[finding.enforcementStatus] += 1
      counts.byIssueSeverity[finding.severity] += 1
    }
  }
  return counts
}

/** Endpoints, the sensitive ones, and those of them that need no authentication. */
export const countEndpoints = (findings: Finding[]): EndpointExposure =>
  countExposure(findings.filter((finding): finding is EndpointFinding => finding.kind === 'endpoint'))

/** What a feed's manifest or the dialog knows of a repository besides its scans (`isPrivate` undefined: not said). */
export type RepositoryDetails = Partial<Pick<RepositorySummary, 'description' | 'url' | 'languages'>> & {
  isPrivate?: boolean
}

/**
 * The summary the lists and the dashboard read, from everything stored for the repository now:
 * its unique findings, its runs, the results just read (for files and ecosystems) and the summary
 * before this import (for what only it knows).
 */
export function summaryOf(input: {
  name: string
  findings: Finding[]
  runs: RunRecord[]
  results: ReadResult[]
  documents: ApiDocumentRecord[]
  details?: RepositoryDetails
  before?: RepositorySummary
}): RepositorySummary {
  const { name, findings, runs, results, details, before } = input
  // Only a source says it (a feed's manifest); none said, it stays unknown.
  const visibility = visibilityFromFlag(details?.isPrivate ?? (before && visibilityOfSummary(before)))
  return {
    name,
    description: details?.description ?? before?.description ?? '',
    url: details?.url ?? before?.url ?? '',
    ...(visibility && { visibility }),
    languages:
      details?.languages ??
      languagesOf(
        [
          ...results.flatMap((result) => result.files),
          ...findings.flatMap((finding) => locationOf(finding)?.file ?? []),
        ],
        results.flatMap((result) => result.ecosystems),
        before?.languages ?? [],
      ),
    scannedAt:
      runs
        .map((run) => run.scannedAt)
        .sort()
        .at(-1) ??
      before?.scannedAt ??
      new Date(0).toISOString(),
    // Scanners only: API descriptions are listed under apis.documents.
    tools: [...new Set(runs.filter((run) => run.format !== 'openapi').map((run) => run.tool))].sort(),
    counts: countFindings(findings),
    apis: { ...countEndpoints(findings), documents: input.documents },
    coverage: coverageOf(
      runs.map((run) => run.format),
      findings,
    ),
  }
}
