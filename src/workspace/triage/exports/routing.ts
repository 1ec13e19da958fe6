import { decisionStateNames, type DecisionState } from '@/workspace/triage/decision'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { packageUrlOf } from '@/workspace/triage/package-url'
import type { DecidableFinding, EffectiveDecision, Resolution } from '@/workspace/triage/resolve'

/** A finding with its effective decision: what every export reads. */
export interface DecidedFinding {
  finding: DecidableFinding
  decision: EffectiveDecision
}

export type ExportFormat = 'openvex' | 'cyclonedx-vex' | 'trivy' | 'osv-scanner' | 'grype' | 'sarif'

/** Pairs findings with their resolution, in the same order. */
export function decidedFindings(findings: readonly DecidableFinding[], resolution: Resolution): DecidedFinding[] {
  return findings.map((finding, index) => ({ finding, decision: resolution.effective[index] }))
}

/** States that say a scanner should stop reporting the finding. */
const suppressing = new Set<DecisionState>(['not-affected', 'false-positive', 'accepted-risk'])
/** States VEX can state: everything decided. */
const vexStates = new Set<DecisionState>([
  'in-triage',
  'affected',
  'not-affected',
  'false-positive',
  'accepted-risk',
  'fixed',
])

export interface RoutingOptions {
  /**
   * Also write not affected and false positive into Trivy's and Grype's ignore files, for a CI
   * that does not pass them the VEX document (`--vex`). Off by default: VEX carries those.
   */
  ignoreVexStates?: boolean
}

const isTrivyRule = (finding: DecidableFinding) =>
  finding.kind === 'policy-issue' && finding.tool.trim().toLowerCase() === 'trivy'

/**
 * Whether a finding's decision goes into a format. VEX documents state every decision on a
 * vulnerability with a package; ignore files take what the scanner should stop reporting, and
 * where the scanner also reads VEX (Trivy and Grype for vulnerabilities) only accepted risks, which
 * VEX cannot give an expiry; OSV-Scanner reads no VEX, so its file takes all three. SARIF re-emits
 * every code finding, suppressed when decided so.
 */
export function routes(format: ExportFormat, item: DecidedFinding, options: RoutingOptions = {}): boolean {
  const { finding, decision } = item
  const state = decision.state
  if (decision.entry === undefined || decision.expired) return format === 'sarif' && finding.kind === 'policy-issue'
  switch (format) {
    case 'openvex':
    case 'cyclonedx-vex':
      return finding.kind === 'vulnerability' && vexStates.has(state) && packageUrlOf(finding) !== undefined
    case 'trivy':
      if (isTrivyRule(finding)) return suppressing.has(state)
      return (
        finding.kind === 'vulnerability' &&
        (state === 'accepted-risk' || (options.ignoreVexStates === true && suppressing.has(state)))
      )
    case 'grype':
      return (
        finding.kind === 'vulnerability' &&
        (state === 'accepted-risk' || (options.ignoreVexStates === true && suppressing.has(state)))
      )
    case 'osv-scanner':
      return finding.kind === 'vulnerability' && suppressing.has(state)
    case 'sarif':
      return finding.kind === 'policy-issue'
  }
}

/** The findings a format takes, each with the entry that decided it (none for SARIF's undecided). */
export function routed(format: ExportFormat, items: readonly DecidedFinding[], options: RoutingOptions = {}) {
  return items.filter((item) => routes(format, item, options))
}

/** Whether the finding should be reported as suppressed in SARIF and ignore files. */
export const isSuppressed = (decision: EffectiveDecision) =>
  decision.entry !== undefined && !decision.expired && suppressing.has(decision.state)

/** Every id a finding is known by, its own first. */
export function advisoryIdsOf(finding: DecidableFinding): string[] {
  if (!finding.advisoryId) return []
  const ids = [finding.advisoryId]
  for (const alias of finding.aliases ?? []) {
    if (!ids.some((id) => id.toUpperCase() === alias.toUpperCase())) ids.push(alias)
  }
  return ids
}

/** The words an ignore file or a suppression carries: state, reason, and when and by whom. */
export function statementOf(entry: DecisionEntry): string {
  const until = entry.state === 'accepted-risk' && entry.expiresOn ? ` until ${entry.expiresOn}` : ''
  const reason = entry.reason ? `: ${entry.reason}` : ''
  return `${decisionStateNames[entry.state]}${until}${reason} (${entry.by.name}, ${entry.at.slice(0, 10)}, Vigil)`
}

/** The source of an advisory id, for CycloneDX's references. */
export function advisorySource(id: string): { name: string; url?: string } | undefined {
  const upper = id.toUpperCase()
  if (upper.startsWith('CVE-')) return { name: 'NVD', url: `https://nvd.nist.gov/vuln/detail/${upper}` }
  if (upper.startsWith('GHSA-'))
    return { name: 'GitHub Advisories', url: `https://github.com/advisories/${id.replace(/^ghsa/i, 'GHSA')}` }
  return { name: 'OSV', url: `https://osv.dev/vulnerability/${id}` }
}

export const uniqueSorted = (values: Iterable<string>) => [...new Set(values)].sort()
