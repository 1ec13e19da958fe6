import { isVulnerabilityClosedByVex, type Vulnerability } from '@/data/findings'
import type { PolicyFacts } from '@/data/data-source'
import type { CheckedEndpoint, CheckedFinding, CheckedRepository, ScannerCoverage } from '@/data/policy-checks'
import type { HealthRepository } from '@/data/policy-health'
import { sameItems } from '@/lib/same-list'
import { timeSlices, yieldToEverything } from '@/lib/yield'
import { DigestReader, type IssueDigest, type RepositoryDigest } from './digest'
import { decidableIssue, decidableVulnerability } from './triage-summary'
import { exploitIntelligence, joinerOf } from '@/workspace/intelligence/exploit-join'
import type { HeldCatalogues } from '@/workspace/intelligence/stored-catalogue'
import { emptyApiSummary, type RepositorySummary } from '@/workspace/model/repository-records'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { isOpen, resolveDecisions, type DecidableFinding } from '@/workspace/triage/resolve'

/**
 * What the policy's checks read of the workspace, from the digests the store keeps (never the
 * finding pages): per repository its scanners, its open findings alike grouped into one (one kind,
 * rule, severity and CWEs, with how many), and its endpoints when an API description was imported.
 *
 * What a tool covers is known only from what it reported: a tool covers a rule or a CWE when it
 * reported a finding of it in any repository of the workspace (decided ones included), and the
 * KEV check when it reported a vulnerability.
 *
 * With CISA's KEV catalogue held, each distinct vulnerability is joined to it once, as it is first
 * read, and its fact says only whether KEV's due date for it is past (`kevOverdue`).
 */

interface Tally {
  rules: Set<string>
  cwes: Set<string>
  vulnerabilities: boolean
}

/**
 * A finding of a digest as the checks read it: itself the open finding of a repository where no
 * other finding is alike, so that a vulnerability recurring across repositories is one object.
 */
export interface FactFinding extends CheckedFinding {
  kind: 'vulnerability' | 'policy-issue'
  tool: string
  /** A code finding's rule, a vulnerability's advisory id. */
  ruleId: string
  count: 1
  /** Closed by a VEX statement in the file: never open. */
  closed: boolean
  kevOverdue: boolean
}

/**
 * The open findings of one repository, alike ones grouped (one kind, rule, severity and CWEs);
 * `covers` learns what each tool reported. Alike findings are found by rule, then compared: no
 * text is made per finding (a million findings made a million keys, all garbage at once). A
 * finding alike to none is its own group, the fact itself: only a group of two or more is a new
 * object, with its count.
 */
export function openFindingsOf(
  findings: readonly FactFinding[],
  open: (index: number) => boolean,
  covers: Map<string, Tally>,
): CheckedFinding[] {
  /** Each rule's groups, by their place in `grouped`. */
  const byRule = new Map<string, number[]>()
  const grouped: CheckedFinding[] = []
  /** The groups of two or more: copies of their first fact, whose count is theirs to change. */
  const copies = new Set<CheckedFinding>()
  findings.forEach((finding, index) => {
    let tally = covers.get(finding.tool)
    if (!tally) covers.set(finding.tool, (tally = { rules: new Set(), cwes: new Set(), vulnerabilities: false }))
    if (finding.kind === 'vulnerability') tally.vulnerabilities = true
    tally.rules.add(finding.ruleId)
    for (const cwe of finding.cwes) tally.cwes.add(cwe)
    if (finding.closed || !open(index)) return
    let ofRule = byRule.get(finding.ruleId)
    if (!ofRule) byRule.set(finding.ruleId, (ofRule = []))
    const alike = ofRule.find((place) => {
      const other = grouped[place]
      return (
        other.kind === finding.kind &&
        other.severity === finding.severity &&
        (other.kevOverdue ?? false) === finding.kevOverdue &&
        sameItems(other.cwes, finding.cwes)
      )
    })
    if (alike === undefined) {
      ofRule.push(grouped.length)
      grouped.push(finding)
      return
    }
    const group = grouped[alike]
    if (copies.has(group)) group.count = (group.count ?? 1) + 1
    else {
      const { key, tool, ruleId, cwes, severity, kind, kevOverdue } = group
      const copy = { key, tool, ruleId, cwes, severity, kind, count: 2, kevOverdue }
      copies.add(copy)
      grouped[alike] = copy
    }
  })
  return grouped
}

const closedByVex = isVulnerabilityClosedByVex

/**
 * How a digest's vulnerabilities are read: each distinct text once (`reader`, which joins it to
 * the KEV catalogue), into one fact shared by every repository that has it (`facts`); `today`
 * (YYYY-MM-DD, UTC) is the day a KEV due date before it is past.
 */
interface VulnerabilityReading {
  reader: DigestReader
  facts: Map<Vulnerability, FactFinding>
  today: string
}

/** KEV's due date for the finding is before `today`: the day after it has begun (UTC). */
const pastKevDueDate = (view: Vulnerability, today: string) => {
  const due = view.exploit?.kev?.dueDate
  return due !== undefined && due < today
}

/**
 * One repository's findings from its digest: a vulnerability's text recurs across repositories
 * and is read once, into one fact shared by every repository that has it; the decidable findings
 * are made only when there are decisions.
 */
function readDigest(
  digest: RepositoryDigest,
  { reader, facts, today }: VulnerabilityReading,
  decidable: boolean,
): { findings: FactFinding[]; decidables: DecidableFinding[] } {
  const findings: FactFinding[] = []
  const decidables: DecidableFinding[] = []
  for (const text of digest.vulnerabilities) {
    const view = reader.vulnerability(text)
    let fact = facts.get(view)
    if (!fact) {
      fact = {
        kind: 'vulnerability',
        key: view.key ?? view.id,
        tool: view.tool ?? '',
        ruleId: view.cve,
        severity: view.severity,
        cwes: view.cwes ?? [],
        count: 1,
        closed: closedByVex(view),
        kevOverdue: pastKevDueDate(view, today),
      }
      facts.set(view, fact)
    }
    findings.push(fact)
    if (decidable) decidables.push(decidableVulnerability(digest.repository, view))
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
      count: 1,
      closed: false,
      kevOverdue: false,
    })
    if (decidable) decidables.push(decidableIssue(digest.repository, issue))
  }
  return { findings, decidables }
}

/** A newer read of the workspace asked for the facts: this answer would show nowhere. */
export class SupersededFactsError extends Error {
  constructor() {
    super("The policy's facts are worked out again for a newer state of the workspace.")
    this.name = 'SupersededFactsError'
  }
}

/** What the facts need of a repository's summary: small enough to hand to a worker. */
export interface FactSubject {
  name: string
  tools: readonly string[]
  /** An API description of it was imported: its endpoints are checked. */
  described: boolean
}

export const factSubjectOf = (summary: RepositorySummary): FactSubject => ({
  name: summary.name,
  tools: summary.tools,
  described: (summary.apis ?? emptyApiSummary()).documents.length > 0,
})

/** A repository's facts, but what its tools cover, which the whole workspace decides. */
export interface RepositoryFacts {
  name: string
  tools: readonly string[]
  findings: CheckedFinding[]
  endpoints?: CheckedEndpoint[]
}

/**
 * The facts as they are worked out, and handed over from a worker: each tool's coverage once,
 * not in every repository it scanned (a scanner's rules are every advisory it reported).
 */
export interface PolicyFactParts {
  repositories: RepositoryFacts[]
  scanners: ScannerCoverage[]
  /** The workspace holds CISA's KEV catalogue: the findings' `kevOverdue` is known (left out: not held). */
  kevCatalogue?: boolean
}

/**
 * Every repository's facts, read from their digests: on the page in slices (`sliced`), in a
 * worker, where no frame waits, in one go. `catalogues` are those the workspace holds, read once
 * per run: only KEV's is joined (its due dates), each distinct vulnerability once.
 */
export async function policyFactPartsOf(
  subjects: readonly FactSubject[],
  digests: readonly RepositoryDigest[],
  decisions: readonly DecisionEntry[],
  now: Date,
  { sliced = true, catalogues = {} }: { sliced?: boolean; catalogues?: HeldCatalogues } = {},
): Promise<PolicyFactParts> {
  const digestOf = new Map(digests.map((digest) => [digest.repository, digest]))
  const covers = new Map<string, Tally>()
  // EPSS is left out: the checks read no score, and joining one made an object per scored finding.
  const intelligence = catalogues.kev ? exploitIntelligence({ kev: catalogues.kev }) : undefined
  const reader = new DigestReader(joinerOf(intelligence))
  const reading: VulnerabilityReading = { reader, facts: new Map(), today: now.toISOString().slice(0, 10) }
  const repositories: RepositoryFacts[] = []
  const slices = timeSlices(yieldToEverything)
  for (const { name, tools, described } of subjects) {
    const digest = digestOf.get(name)
    const { findings: all, decidables } = digest
      ? readDigest(digest, reading, decisions.length > 0)
      : { findings: [], decidables: [] }
    const effective = decisions.length > 0 ? resolveDecisions(decidables, decisions, { now }).effective : undefined
    const findings = openFindingsOf(all, (index) => effective === undefined || isOpen(effective[index]), covers)
    const endpoints = described
      ? (digest?.endpoints ?? []).map((text) => {
          const { method, path, pii, pci, phi, auth } = reader.endpoint(text)
          return { method, path, pii, pci, phi, auth }
        })
      : undefined
    repositories.push({ name, tools, findings, ...(endpoints ? { endpoints } : {}) })
    if (sliced && slices.due()) await slices.next()
  }
  const scanners = [...covers].map(([tool, tally]) => ({
    tool,
    rules: [...tally.rules],
    cwes: [...tally.cwes],
    vulnerabilities: tally.vulnerabilities,
  }))
  return { repositories, scanners, kevCatalogue: catalogues.kev !== undefined }
}

/** The facts the checks read, from their parts: each repository with its tools' coverage. */
export function policyFactsFromParts(summaries: readonly RepositorySummary[], parts: PolicyFactParts): PolicyFacts {
  const scanners = new Map(parts.scanners.map((scanner) => [scanner.tool, scanner]))
  // A tool that scanned without reporting anything covers nothing that is known.
  const scannerOf = (tool: string) => {
    let scanner = scanners.get(tool)
    if (!scanner) scanners.set(tool, (scanner = { tool, rules: [], cwes: [] }))
    return scanner
  }
  const repositories: CheckedRepository[] = parts.repositories.map(({ name, tools, findings, endpoints }) => ({
    name,
    scanners: tools.map(scannerOf),
    findings,
    ...(endpoints ? { endpoints } : {}),
  }))
  const health: HealthRepository[] = summaries.map((summary) => ({
    name: summary.name,
    languages: summary.languages,
    ...(summary.tools.length > 0 ? { lastScannedAt: summary.scannedAt } : {}),
  }))
  return { repositories, health, kevCatalogue: parts.kevCatalogue }
}
