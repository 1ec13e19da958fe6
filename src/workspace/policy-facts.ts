import type { PolicyFacts } from '@/data/data-source'
import type { CheckedEndpoint, CheckedFinding, CheckedRepository, ScannerCoverage } from '@/data/policy-checks'
import type { HealthRepository } from '@/data/policy-health'
import { yieldToMain } from '@/lib/yield'
import { DigestReader, type RepositoryDigest } from './digest'
import { countedFindings, type CountedFinding } from './store/triage-summary'
import { emptyApiSummary, type RepositorySummary } from './store/schema'
import type { DecisionEntry } from './triage/decision-log'
import { isOpen, resolveDecisions } from './triage/resolve'

/**
 * What the policy's checks read of the workspace, from the digests the store keeps (never the
 * finding pages): per repository its scanners, its open findings alike grouped into one (one tool,
 * rule, severity and CWEs, with how many), and its endpoints when an API description was imported.
 *
 * What a tool covers is known only from what it reported: a tool covers a rule or a CWE when it
 * reported a finding of it in any repository of the workspace (decided ones included).
 */

interface Tally {
  rules: Set<string>
  cwes: Set<string>
}

/** The open findings of one repository's digest, alike ones grouped; `covers` learns what each tool reported. */
export function openFindingsOf(
  counted: readonly CountedFinding[],
  open: (index: number) => boolean,
  covers: Map<string, Tally>,
): CheckedFinding[] {
  const grouped = new Map<string, CheckedFinding>()
  counted.forEach(({ decidable, count }, index) => {
    const ruleId = count.kind === 'issue' ? count.issue.ruleId : decidable.advisoryId
    const cwes = (count.kind === 'issue' ? count.issue.cwes : count.cwes) ?? []
    let tally = covers.get(decidable.tool)
    if (!tally) covers.set(decidable.tool, (tally = { rules: new Set(), cwes: new Set() }))
    if (ruleId) tally.rules.add(ruleId)
    for (const cwe of cwes) tally.cwes.add(cwe)
    if ((count.kind === 'vulnerability' && count.closedByVex) || !open(index)) return
    const kind = count.kind === 'issue' ? 'policy-issue' : 'vulnerability'
    const signature = [kind, decidable.tool, ruleId, decidable.severity, ...cwes].join('\u0000')
    const alike = grouped.get(signature)
    if (alike) alike.count = (alike.count ?? 1) + 1
    else
      grouped.set(signature, {
        key: decidable.key,
        tool: decidable.tool,
        ruleId,
        cwes,
        severity: decidable.severity,
        kind,
        count: 1,
      })
  })
  return [...grouped.values()]
}

/** Work between yields: the screens keep answering while a large workspace is read. */
const SLICE_MS = 12

/** The facts of every repository summarised, read from their digests in slices. */
export async function policyFactsOf(
  summaries: readonly RepositorySummary[],
  digests: readonly RepositoryDigest[],
  decisions: readonly DecisionEntry[],
  now: Date,
): Promise<PolicyFacts> {
  const digestOf = new Map(digests.map((digest) => [digest.repository, digest]))
  const covers = new Map<string, Tally>()
  const reader = new DigestReader()
  const read: { summary: RepositorySummary; findings: CheckedFinding[]; endpoints?: CheckedEndpoint[] }[] = []
  let sliceStart = performance.now()
  for (const summary of summaries) {
    const digest = digestOf.get(summary.name)
    const counted = digest ? countedFindings(digest) : []
    const effective =
      decisions.length > 0
        ? resolveDecisions(
            counted.map((finding) => finding.decidable),
            decisions,
            { now },
          ).effective
        : undefined
    const findings = openFindingsOf(counted, (index) => effective === undefined || isOpen(effective[index]), covers)
    const described = (summary.apis ?? emptyApiSummary()).documents.length > 0
    const endpoints = described
      ? (digest?.endpoints ?? []).map((text) => {
          const { method, path, pii, pci, phi, auth } = reader.endpoint(text)
          return { method, path, pii, pci, phi, auth }
        })
      : undefined
    read.push({ summary, findings, endpoints })
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToMain()
      sliceStart = performance.now()
    }
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
