import { emptyCounts, type Vulnerability, isVulnerabilityClosedByVex } from '@/data/findings'
import { issueDigestOf, type IssueDigest, type RepositoryDigest } from '@/workspace/projections/digest'
import type { Finding } from '@/workspace/model/model'
import { expiryInstant } from '@/workspace/triage/decision'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { isOpen, resolveDecisions, type DecidableFinding } from '@/workspace/triage/resolve'
import type { TriageSummary } from '@/workspace/model/repository-records'

/** A vulnerability as the digest keeps it (its description left out). */
export type VulnerabilityDigest = Omit<Vulnerability, 'description'>

/** A finding of a digest as triage reads it, with what it counts as when it is open. */
export interface CountedFinding {
  decidable: DecidableFinding
  count:
    | { kind: 'vulnerability'; severity: Vulnerability['severity']; closedByVex: boolean }
    | { kind: 'issue'; issue: IssueDigest }
}

export function decidableVulnerability(repository: string, view: VulnerabilityDigest): DecidableFinding {
  return {
    repository,
    key: view.key ?? view.id,
    kind: 'vulnerability',
    advisoryId: view.cve,
    aliases: view.aliases,
    packageName: view.package,
    packageVersion: view.packageVersion,
    ecosystem: view.ecosystem,
    purl: view.purl,
    severity: view.severity,
    tool: view.tool ?? '',
    file: view.file,
  }
}

export function decidableIssue(repository: string, issue: IssueDigest): DecidableFinding {
  return {
    repository,
    key: issue.key,
    kind: 'policy-issue',
    ruleId: issue.ruleId,
    file: issue.file,
    severity: issue.severity,
    tool: issue.tool,
    message: issue.message,
    line: issue.line,
    level: issue.level === 'error' || issue.level === 'warning' || issue.level === 'note' ? issue.level : undefined,
    secret: issue.secret,
  }
}

/** A stored finding as triage reads it; endpoints are not decided on. */
export function decidableFinding(repository: string, finding: Finding): DecidableFinding | undefined {
  if (finding.kind === 'vulnerability') {
    return {
      repository,
      key: finding.key,
      kind: 'vulnerability',
      advisoryId: finding.advisoryId,
      aliases: finding.aliases,
      packageName: finding.packageName,
      packageVersion: finding.packageVersion,
      ecosystem: finding.ecosystem,
      purl: finding.purl,
      severity: finding.severity,
      tool: finding.tool,
      file: finding.location?.file,
    }
  }
  if (finding.kind === 'policy-issue') return decidableIssue(repository, issueDigestOf(finding))
  return undefined
}

const closedByVex = isVulnerabilityClosedByVex

const countedOf = new WeakMap<RepositoryDigest, CountedFinding[]>()

/** Every decidable finding of a repository's digest: its vulnerabilities and policy issues (parsed once per digest read). */
export function countedFindings(digest: RepositoryDigest): CountedFinding[] {
  const known = countedOf.get(digest)
  if (known) return known
  const counted: CountedFinding[] = []
  countedOf.set(digest, counted)
  for (const text of digest.vulnerabilities) {
    const view = JSON.parse(text) as VulnerabilityDigest
    counted.push({
      decidable: decidableVulnerability(digest.repository, view),
      count: { kind: 'vulnerability', severity: view.severity, closedByVex: closedByVex(view) },
    })
  }
  for (const text of digest.issues ?? []) {
    const issue = JSON.parse(text) as IssueDigest
    counted.push({ decidable: decidableIssue(digest.repository, issue), count: { kind: 'issue', issue } })
  }
  return counted
}

const emptySummary = (): TriageSummary => ({ counts: emptyCounts(), needsTriage: 0, decided: 0, review: 0 })

/**
 * Each repository's counts once the decisions are weighed, resolved in one pass over all the
 * digests given (the decisions are indexed once). VEX-closed vulnerabilities stay apart, as
 * without decisions.
 */
export function triageSummaries(
  digests: readonly RepositoryDigest[],
  log: readonly DecisionEntry[],
  now: Date,
): Map<string, TriageSummary> {
  const summaries = new Map<string, TriageSummary>(digests.map((digest) => [digest.repository, emptySummary()]))
  const counted = digests.flatMap(countedFindings)
  const { effective } = resolveDecisions(
    counted.map((finding) => finding.decidable),
    log,
    { now },
  )
  counted.forEach(({ decidable, count }, index) => {
    const summary = summaries.get(decidable.repository)!
    const decision = effective[index]
    if (count.kind === 'vulnerability' && count.closedByVex) {
      summary.counts.closedByVex += 1
      return
    }
    if (decision.review) summary.review += 1
    if (!isOpen(decision)) {
      summary.decided += 1
      const expiresOn = decision.state === 'accepted-risk' ? decision.entry?.expiresOn : undefined
      if (expiresOn) {
        const at = new Date(expiryInstant(expiresOn)).toISOString()
        if (!summary.reopensAt || at < summary.reopensAt) summary.reopensAt = at
      }
      return
    }
    if (decision.state === 'needs-triage') summary.needsTriage += 1
    if (count.kind === 'vulnerability') {
      summary.counts.vulnerabilities += 1
      summary.counts.bySeverity[count.severity] += 1
    } else {
      summary.counts.policyIssues += 1
      summary.counts.byEnforcement[count.issue.enforcementStatus] += 1
      summary.counts.byIssueSeverity[count.issue.severity] += 1
    }
  })
  return summaries
}

/** The repositories a set of decision entries can change: named ones, or every one for a decision everywhere. */
export function repositoriesTouched(entries: readonly DecisionEntry[]): Set<string> | 'all' {
  const named = new Set<string>()
  for (const entry of entries) {
    if (entry.scope.kind === 'advisory' && entry.scope.repository === undefined) return 'all'
    if (entry.scope.repository !== undefined) named.add(entry.scope.repository)
  }
  return named
}
