import { expiryInstant, type DecisionState } from '@/workspace/triage/decision'
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
