import { scopeKey } from './decision'
import type { DecisionEntry } from './decision-log'
import { resolveDecisions, type DecidableFinding } from './resolve'

/**
 * A finding's audit trail: every entry of the log whose scope covers it (the finding itself, a
 * path pattern or rule of its repository, its advisory by id or alias there or everywhere),
 * newest first. Each scope is tested once, through the same matching as `resolveDecisions`.
 */
export function historyOf(finding: DecidableFinding, log: readonly DecisionEntry[]): DecisionEntry[] {
  const byScope = new Map<string, DecisionEntry[]>()
  for (const entry of log) {
    const key = scopeKey(entry.scope)
    const entries = byScope.get(key)
    if (entries) entries.push(entry)
    else byScope.set(key, [entry])
  }
  // Far in the past: an accepted risk's expiry plays no part in whether its scope covers the finding.
  const longAgo = new Date(0)
  const covering: DecisionEntry[] = []
  for (const entries of byScope.values()) {
    const probe: DecisionEntry = { ...entries[0], state: 'in-triage', at: longAgo.toISOString() }
    const { effective } = resolveDecisions([finding], [probe], { now: longAgo })
    if (effective[0].entry) covering.push(...entries)
  }
  return covering.sort((a, b) => (a.at === b.at ? 0 : a.at < b.at ? 1 : -1))
}
