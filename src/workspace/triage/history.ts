import { scopeKey } from './decision'
import type { DecisionEntry } from './decision-log'
import { resolveDecisions, type DecidableFinding } from './resolve'

// Far in the past: an accepted risk's expiry plays no part in whether its scope covers a finding.
const longAgo = new Date(0)

/**
 * For each finding, the entries of every scope that covers it (the finding itself, a path pattern
 * or rule of its repository, its advisory by id or alias there or everywhere), scope by scope in
 * log order; undefined for a finding no decision ever covered. Every scope is matched once, through
 * the same matching as `resolveDecisions`, whatever its newest entry says.
 */
export function coveringEntries(
  findings: readonly DecidableFinding[],
  log: readonly DecisionEntry[],
): (readonly DecisionEntry[][] | undefined)[] {
  const covering: (DecisionEntry[][] | undefined)[] = new Array(findings.length)
  if (log.length === 0) return covering
  // Only a scope of the findings' repositories, or of none (an advisory everywhere), can cover them.
  const repositories = new Set(findings.map((finding) => finding.repository))
  const byScope = new Map<string, DecisionEntry[]>()
  for (const entry of log) {
    if (entry.scope.repository !== undefined && !repositories.has(entry.scope.repository)) continue
    const key = scopeKey(entry.scope)
    const entries = byScope.get(key)
    if (entries) entries.push(entry)
    else byScope.set(key, [entry])
  }
  // One probe per scope, in force from the start: it stands for all of its scope's entries.
  const scopeOf = new Map<DecisionEntry, DecisionEntry[]>()
  for (const entries of byScope.values())
    scopeOf.set({ ...entries[0], state: 'in-triage', at: longAgo.toISOString(), expiresOn: undefined }, entries)
  resolveDecisions(findings, [...scopeOf.keys()], {
    now: longAgo,
    onCovered: (position, probes) => {
      // An advisory matched by its id and an alias reports its scope twice.
      covering[position] = [...new Set(probes)].map((probe) => scopeOf.get(probe)!)
    },
  })
  return covering
}

const newestFirst = (a: DecisionEntry, b: DecisionEntry) => (a.at === b.at ? 0 : a.at < b.at ? 1 : -1)

/** The findings' audit trail: every entry of the log whose scope covers any of them, each once, newest first. */
export function historyOf(findings: readonly DecidableFinding[], log: readonly DecisionEntry[]): DecisionEntry[] {
  const entries = new Set<DecisionEntry>()
  for (const scopes of coveringEntries(findings, log))
    if (scopes !== undefined) for (const scope of scopes) for (const entry of scope) entries.add(entry)
  return [...entries].sort(newestFirst)
}
