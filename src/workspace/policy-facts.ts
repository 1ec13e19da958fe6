import { isVulnerabilityClosedByVex } from '@/data/findings'
import type { PolicyFacts } from '@/data/data-source'
import type { CheckedEndpoint, CheckedFinding, CheckedRepository, ScannerCoverage } from '@/data/policy-checks'
import type { HealthRepository } from '@/data/policy-health'
import { sameItems } from '@/lib/same-list'
import { timeSlices, yieldToEverything } from '@/lib/yield'
import { DigestReader, type IssueDigest, type RepositoryDigest } from './digest'
import { decidableIssue, decidableVulnerability, type VulnerabilityDigest } from './store/triage-summary'
import { emptyApiSummary, type RepositorySummary } from './store/schema'
import type { DecisionEntry } from './triage/decision-log'
import { isOpen, resolveDecisions, type DecidableFinding } from './triage/resolve'

/**
 * What the policy's checks read of the workspace, from the digests the store keeps (never the
 * finding pages): per repository its scanners, its open findings alike grouped into one (one kind,
 * rule, severity and CWEs, with how many), and its endpoints when an API description was imported.
 *
 * What a tool covers is known only from what it reported: a tool covers a rule or a CWE when it
 * reported a finding of it in any repository of the workspace (decided ones included).
 */

interface Tally {
  rules: Set<string>
  cwes: Set<string>
}

/** A finding of a digest as the checks read it. */
export interface FactFinding {
  kind: 'vulnerability' | 'policy-issue'
  key: string
  tool: string
  /** A code finding's rule, a vulnerability's advisory id. */
  ruleId: string
  severity: CheckedFinding['severity']
  cwes: readonly string[]
  /** Closed by a VEX statement in the file: never open. */
  closed: boolean
}

/**
 * The open findings of one repository, alike ones grouped (one kind, rule, severity and CWEs);
 * `covers` learns what each tool reported. Alike findings are found by rule, then compared: no
 * text is made per finding (a million findings made a million keys, all garbage at once).
 */
export function openFindingsOf(
  findings: readonly FactFinding[],
  open: (index: number) => boolean,
  covers: Map<string, Tally>,
): CheckedFinding[] {
  const byRule = new Map<string, CheckedFinding[]>()
  const grouped: CheckedFinding[] = []
  findings.forEach((finding, index) => {
    let tally = covers.get(finding.tool)
    if (!tally) covers.set(finding.tool, (tally = { rules: new Set(), cwes: new Set() }))
    tally.rules.add(finding.ruleId)
    for (const cwe of finding.cwes) tally.cwes.add(cwe)
    if (finding.closed || !open(index)) return
    let ofRule = byRule.get(finding.ruleId)
    if (!ofRule) byRule.set(finding.ruleId, (ofRule = []))
    const alike = ofRule.find(
      (other) =>
        other.kind === finding.kind && other.severity === finding.severity && sameItems(other.cwes, finding.cwes),
    )
    if (alike) alike.count = (alike.count ?? 1) + 1
    else {
      const first: CheckedFinding = {
        key: finding.key,
        tool: finding.tool,
        ruleId: finding.ruleId,
        cwes: finding.cwes,
        severity: finding.severity,
        kind: finding.kind,
        count: 1,
      }
      ofRule.push(first)
      grouped.push(first)
    }
  })
  return grouped
}

const closedByVex = isVulnerabilityClosedByVex

/** A vulnerability's text read once for every repository it recurs in: its digest and its facts. */
interface VulnerabilityRead {
  view: VulnerabilityDigest
  fact: FactFinding
}

/**
 * One repository's findings from its digest: a vulnerability's text recurs across repositories
 * and is read once (`views`), into one fact shared by every repository that has it; the decidable
 * findings are made only when there are decisions.
 */
function readDigest(
  digest: RepositoryDigest,
  views: Map<string, VulnerabilityRead>,
  decidable: boolean,
): { findings: FactFinding[]; decidables: DecidableFinding[] } {
  const findings: FactFinding[] = []
  const decidables: DecidableFinding[] = []
  for (const text of digest.vulnerabilities) {
    let read = views.get(text)
    if (!read) {
      const view = JSON.parse(text) as VulnerabilityDigest
      const fact: FactFinding = {
        kind: 'vulnerability',
        key: view.key ?? view.id,
        tool: view.tool ?? '',
        ruleId: view.cve,
        severity: view.severity,
        cwes: view.cwes ?? [],
        closed: closedByVex(view),
      }
      views.set(text, (read = { view, fact }))
    }
    findings.push(read.fact)
    if (decidable) decidables.push(decidableVulnerability(digest.repository, read.view))
  }
  for (const text of digest.issues ?? []) {
    const issue = JSON.parse(text) as IssueDigest
    findings.push({
      kind: 'policy-issue',
      key: issue.key,
      tool: issue.tool,
      ruleId: issue.ruleId,
      severity: issue.severity,
      cwes: issue.cwes ?? [],
      closed: false,
    })
    if (decidable) decidables.push(decidableIssue(digest.repository, issue))
  }
  return { findings, decidables }
}

/** The facts of every repository summarised, read from their digests in slices. */
export async function policyFactsOf(
  summaries: readonly RepositorySummary[],
  digests: readonly RepositoryDigest[],
  decisions: readonly DecisionEntry[],
  now: Date,
): Promise<PolicyFacts> {
  const digestOf = new Map(digests.map((digest) => [digest.repository, digest]))
  const covers = new Map<string, Tally>()
  const views = new Map<string, VulnerabilityRead>()
  const reader = new DigestReader()
  const read: { summary: RepositorySummary; findings: CheckedFinding[]; endpoints?: CheckedEndpoint[] }[] = []
  const slices = timeSlices(yieldToEverything)
  for (const summary of summaries) {
    const digest = digestOf.get(summary.name)
    const { findings: all, decidables } = digest
      ? readDigest(digest, views, decisions.length > 0)
      : { findings: [], decidables: [] }
    const effective = decisions.length > 0 ? resolveDecisions(decidables, decisions, { now }).effective : undefined
    const findings = openFindingsOf(all, (index) => effective === undefined || isOpen(effective[index]), covers)
    const described = (summary.apis ?? emptyApiSummary()).documents.length > 0
    const endpoints = described
      ? (digest?.endpoints ?? []).map((text) => {
          const { method, path, pii, pci, phi, auth } = reader.endpoint(text)
          return { method, path, pii, pci, phi, auth }
        })
      : undefined
    read.push({ summary, findings, endpoints })
    if (slices.due()) await slices.next()
  }
  const scanners = new Map<string, ScannerCoverage>()
  const scannerOf = (tool: string) => {
    let scanner = scanners.get(tool)
    if (!scanner) {
      const tally = covers.get(tool)
      scanner = { tool, rules: [...(tally?.rules ?? [])], cwes: [...(tally?.cwes ?? [])] }
      scanners.set(tool, scanner)
    }
    return scanner
  }
  const repositories: CheckedRepository[] = read.map(({ summary, findings, endpoints }) => ({
    name: summary.name,
    scanners: summary.tools.map(scannerOf),
    findings,
    ...(endpoints ? { endpoints } : {}),
  }))
  const health: HealthRepository[] = summaries.map((summary) => ({
    name: summary.name,
    languages: summary.languages,
    ...(summary.tools.length > 0 ? { lastScannedAt: summary.scannedAt } : {}),
  }))
  return { repositories, health }
}
