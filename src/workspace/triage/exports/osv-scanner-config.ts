import { stringify, TomlDate } from 'smol-toml'
import { advisoryIdsOf, isSuppressed, routed, statementOf, uniqueSorted, type DecidedFinding } from './routing'

/**
 * OSV-Scanner's `osv-scanner.toml`: one `[[IgnoredVulns]]` per advisory the team suppressed
 * (not affected, false positive, accepted risk), with `ignoreUntil` the earliest expiry of its
 * accepted risks. OSV-Scanner ignores by advisory id alone, so an advisory is written only when
 * every finding of it (or of its aliases) given here is suppressed: ignoring it would otherwise hide open findings.
 * Undefined when no decision routes to it.
 */
export function exportOsvScannerConfig(items: readonly DecidedFinding[]): string | undefined {
  const stillOpen = new Set<string>()
  for (const { finding, decision } of items) {
    if (!isSuppressed(decision)) for (const id of advisoryIdsOf(finding)) stillOpen.add(id.toUpperCase())
  }
  const byAdvisory = new Map<string, { id: string; until?: string; reasons: Set<string> }>()
  for (const { finding, decision } of routed('osv-scanner', items)) {
    const id = finding.advisoryId!
    // OSV-Scanner ignores an advisory's aliases with it.
    if (advisoryIdsOf(finding).some((alias) => stillOpen.has(alias.toUpperCase()))) continue
    const entry = decision.entry!
    let advisory = byAdvisory.get(id.toUpperCase())
    if (advisory === undefined) {
      advisory = { id, reasons: new Set() }
      byAdvisory.set(id.toUpperCase(), advisory)
    }
    if (entry.state === 'accepted-risk' && entry.expiresOn && (!advisory.until || entry.expiresOn < advisory.until))
      advisory.until = entry.expiresOn
    advisory.reasons.add(statementOf(entry))
  }
  if (byAdvisory.size === 0) return undefined
  const IgnoredVulns = [...byAdvisory.values()]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map(({ id, until, reasons }) => ({
      id,
      ...(until ? { ignoreUntil: new TomlDate(until) } : {}),
      reason: uniqueSorted(reasons).join('; '),
    }))
  return `# Written by Vigil from the team's triage decisions.\n${stringify({ IgnoredVulns })}\n`
}
