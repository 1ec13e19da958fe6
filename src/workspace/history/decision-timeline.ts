import { expiryInstant, scopeRank, type DecisionState } from '@/workspace/triage/decision'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { coveringEntries } from '@/workspace/triage/history'
import { beats, type DecidableFinding, type Weighed } from '@/workspace/triage/resolve'
import { toSeconds } from './finding-history'

/**
 * A finding's decisions over time, from the triage log: each entry that changed the finding's
 * effective decision, oldest first. An accepted risk carries its expiry day.
 */
export interface DecisionEvent {
  /** ISO 8601. */
  at: string
  state: DecisionState
  /** Accepted risk: the day (YYYY-MM-DD, UTC) from whose start the finding counts as open again. */
  expiresOn?: string
}

/** States that close a finding, as `isOpen` counts them (an accepted risk only until it expires). */
export const closingStates: ReadonlySet<DecisionState> = new Set([
  'not-affected',
  'false-positive',
  'fixed',
  'accepted-risk',
])

/**
 * The spans of time, in seconds, flat `[from, until, …]` (until Infinity for the last), in which
 * the finding's effective decision is one of `states`. An accepted risk holds until the start of
 * its expiry day; from then until the next event the finding needs triage again.
 */
export function decisionSpans(events: readonly DecisionEvent[], states: ReadonlySet<DecisionState>): number[] {
  const spans: number[] = []
  const add = (from: number, until: number) => {
    if (from >= until) return
    const last = spans.length - 1
    if (last > 0 && spans[last] >= from) spans[last] = Math.max(spans[last], until)
    else spans.push(from, until)
  }
  for (let index = 0; index < events.length; index += 1) {
    const event = events[index]
    const from = toSeconds(event.at)
    const until = index + 1 < events.length ? toSeconds(events[index + 1].at) : Infinity
    if (event.state === 'accepted-risk' && event.expiresOn !== undefined) {
      const expiry = Math.floor(expiryInstant(event.expiresOn) / 1000)
      if (states.has('accepted-risk')) add(from, Math.min(until, expiry))
      if (states.has('needs-triage')) add(Math.max(from, expiry), until)
    } else if (states.has(event.state)) add(from, until)
  }
  return spans
}

/**
 * What is left of `spans` (flat `[from, until, …]`) once the `removed` spans are taken out, flat
 * pairs again. Both lists are in time order and without overlaps.
 */
export function subtractSpans(spans: readonly number[], removed: readonly number[]): number[] {
  if (removed.length === 0) return spans as number[]
  const left: number[] = []
  let cut = 0
  for (let at = 0; at < spans.length; at += 2) {
    let from = spans[at]
    const until = spans[at + 1]
    while (cut < removed.length && removed[cut + 1] <= from) cut += 2
    let probe = cut
    while (probe < removed.length && removed[probe] < until) {
      if (removed[probe] > from) left.push(from, removed[probe])
      from = Math.max(from, removed[probe + 1])
      probe += 2
    }
    if (from < until) left.push(from, until)
  }
  return left
}

/**
 * Each finding's decisions over time (undefined for a finding no decision ever covered): at every
 * entry of a scope that covers it, the decision then in force, weighed as `resolveDecisions` weighs
 * the current ones (each scope's newest entry; "needs triage" clears a scope; the narrowest scope
 * wins, then the newest). Superseded and undone decisions keep the time they were in force.
 */
export function decisionTimelines(
  findings: readonly DecidableFinding[],
  log: readonly DecisionEntry[],
): (DecisionEvent[] | undefined)[] {
  const position = new Map(log.map((entry, index) => [entry, index]))
  // Findings covered by the same scopes (an advisory's everywhere) share one timeline.
  const shared = new Map<string, DecisionEvent[]>()
  return coveringEntries(findings, log).map((scopes) => {
    if (scopes === undefined) return undefined
    const key = scopes.map((entries) => position.get(entries[0])).join(' ')
    let events = shared.get(key)
    if (events === undefined) {
      events = timelineOf(scopes, position)
      shared.set(key, events)
    }
    return events
  })
}

interface Step extends Weighed {
  entry: DecisionEntry
  scope: number
}

function timelineOf(scopes: readonly DecisionEntry[][], position: ReadonlyMap<DecisionEntry, number>): DecisionEvent[] {
  const steps: Step[] = []
  scopes.forEach((entries, scope) => {
    const rank = scopeRank(entries[0].scope)
    for (const entry of entries)
      steps.push({ entry, scope, rank, at: Date.parse(entry.at), order: position.get(entry)! })
  })
  steps.sort((a, b) => a.at - b.at || a.order - b.order)
  const current: (Step | undefined)[] = new Array(scopes.length)
  const events: DecisionEvent[] = []
  for (let index = 0; index < steps.length; index += 1) {
    const step = steps[index]
    current[step.scope] = step
    if (index + 1 < steps.length && steps[index + 1].at === step.at) continue
    let best: Step | undefined
    for (const held of current)
      if (held !== undefined && held.entry.state !== 'needs-triage' && beats(held, best)) best = held
    const state: DecisionState = best?.entry.state ?? 'needs-triage'
    const expiresOn = state === 'accepted-risk' ? best!.entry.expiresOn : undefined
    const last = events[events.length - 1]
    if (last === undefined ? state === 'needs-triage' : last.state === state && last.expiresOn === expiresOn) continue
    events.push({ at: step.entry.at, state, ...(expiresOn !== undefined ? { expiresOn } : {}) })
  }
  return events
}
