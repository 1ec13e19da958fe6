import { findingSeverities, type FindingSeverity } from '@/data/findings'
import type { SlaSettings } from '@/data/policy-sla'
import { expiryInstant, type DecisionState } from '@/workspace/triage/decision'
import { closingStates, decisionSpans, subtractSpans, type DecisionEvent } from './decision-timeline'
import { toIso, toSeconds } from './finding-history'

/**
 * Days to fix: the clock starts when a finding is first seen and runs while it is reported, except
 * while a decision stops it: an accepted risk in force (and "in triage" when the policy says so)
 * pauses it; fixed, not affected and false positive end it. A scan that no longer reports the
 * finding ends it too; if the finding comes back, the clock runs on from where it stopped.
 */

export interface SlaFinding {
  severity: FindingSeverity
  /** Its stretches over its repository's runs, flat `[from, to, fixedAt, …]` in seconds (`repositoryStretches`). */
  stretches: readonly number[]
  /** Its decisions, oldest first. */
  decisions?: readonly DecisionEvent[]
  /**
   * A deadline from outside the policy, in seconds: CISA's KEV due date (the end of that day) for a
   * known-exploited finding. The finding is due at the earlier of it and its days to fix.
   */
  kevDueAt?: number
}

export type SlaClock = 'running' | 'paused' | 'ended'

export interface SlaStatus {
  severity: FindingSeverity
  firstSeen: string
  /** Whole days from first seen to now, or to when the clock ended. */
  ageDays: number
  /** Whole days the clock has run. */
  clockDays: number
  clock: SlaClock
  /** Why the clock ended: a scan no longer reports it ('fixed'), or a decision. */
  endedBy?: 'fixed' | 'not-affected' | 'false-positive'
  /** Open as the screens count it: reported, and not closed by a decision. */
  open: boolean
  /**
   * When the days to fix run out: when they did; else what is left after now (as if the clock ran
   * from now on), or after the clock ended. Unset for a severity without a deadline.
   */
  dueAt?: string
  /** The clock runs and the days to fix have run out. */
  overdue: boolean
  /** The clock runs and less than `soonDays` (7) of the days to fix are left. */
  dueSoon: boolean
  /** `kev` when the due date is KEV's (`SlaFinding.kevDueAt`), earlier than the days to fix. */
  dueBy?: 'kev'
}

const DAY = 86_400
const endingStates: ReadonlySet<DecisionState> = new Set(['fixed', 'not-affected', 'false-positive'])
const stoppingStates: ReadonlySet<DecisionState> = new Set(closingStates)
const stoppingWithTriage: ReadonlySet<DecisionState> = new Set([...closingStates, 'in-triage'])

/** The finding's effective decision at `time`: the newest event by then, an expired accepted risk needing triage. */
function stateAt(events: readonly DecisionEvent[], time: number): DecisionState {
  let current: DecisionEvent | undefined
  for (const event of events) if (toSeconds(event.at) <= time) current = event
  if (current === undefined) return 'needs-triage'
  if (
    current.state === 'accepted-risk' &&
    current.expiresOn !== undefined &&
    expiryInstant(current.expiresOn) / 1000 <= time
  )
    return 'needs-triage'
  return current.state
}

/** `SlaStatus` with its times in seconds, as the workspace's worker keeps them for a million findings. */
export interface SlaClockState extends Omit<SlaStatus, 'firstSeen' | 'dueAt'> {
  firstSeen: number
  dueAt?: number
}

export function slaStatus(finding: SlaFinding, settings: SlaSettings, now: Date, soonDays = 7): SlaStatus {
  const { firstSeen, dueAt, ...rest } = slaClock(finding, settings, now, soonDays)
  return { ...rest, firstSeen: toIso(firstSeen), ...(dueAt !== undefined ? { dueAt: toIso(dueAt) } : {}) }
}

export function slaClock(finding: SlaFinding, settings: SlaSettings, now: Date, soonDays = 7): SlaClockState {
  const at = Math.floor(now.getTime() / 1000)
  const { stretches, severity } = finding
  const events = finding.decisions ?? []
  const firstSeen = stretches[0]
  const stopping = settings.inTriagePauses ? stoppingWithTriage : stoppingStates
  const presence: number[] = []
  let reported = false
  for (let index = 0; index < stretches.length && stretches[index] <= at; index += 3) {
    presence.push(stretches[index], Math.min(stretches[index + 2], at))
    if (at < stretches[index + 2]) reported = true
  }
  const running = events.length === 0 ? presence : subtractSpans(presence, decisionSpans(events, stopping))
  let clockSeconds = 0
  for (let index = 0; index < running.length; index += 2) clockSeconds += running[index + 1] - running[index]

  const state = stateAt(events, at)
  // Ended by whichever came first: the scan that no longer reported it, or the decision in force.
  const fixedAt = reported ? undefined : (presence[presence.length - 1] ?? firstSeen)
  const decidedAt = endingStates.has(state)
    ? toSeconds([...events].reverse().find((event) => toSeconds(event.at) <= at)!.at)
    : undefined
  const byScan = fixedAt !== undefined && (decidedAt === undefined || fixedAt <= decidedAt)
  const endedBy: SlaStatus['endedBy'] = byScan
    ? 'fixed'
    : decidedAt !== undefined
      ? (state as 'fixed' | 'not-affected' | 'false-positive')
      : undefined
  const clock: SlaClock = endedBy !== undefined ? 'ended' : stopping.has(state) ? 'paused' : 'running'
  const endedAt = byScan ? fixedAt! : (decidedAt ?? at)

  const limitDays = settings.days[severity]
  let dueAt: number | undefined
  if (limitDays !== undefined) {
    const limit = limitDays * DAY
    if (clockSeconds >= limit) {
      let left = limit
      for (let index = 0; index < running.length; index += 2) {
        const length = running[index + 1] - running[index]
        if (length >= left) {
          dueAt = running[index] + left
          break
        }
        left -= length
      }
    } else dueAt = endedAt + (limit - clockSeconds)
  }
  const byKev = finding.kevDueAt !== undefined && (dueAt === undefined || finding.kevDueAt < dueAt)
  if (byKev) dueAt = finding.kevDueAt
  const overdue = clock === 'running' && dueAt !== undefined && dueAt <= at
  return {
    severity,
    firstSeen,
    ageDays: Math.max(0, Math.floor((endedAt - firstSeen) / DAY)),
    clockDays: Math.floor(clockSeconds / DAY),
    clock,
    ...(endedBy !== undefined ? { endedBy } : {}),
    open: reported && !closingStates.has(state),
    ...(dueAt !== undefined ? { dueAt } : {}),
    overdue,
    dueSoon: clock === 'running' && !overdue && dueAt !== undefined && dueAt - at < soonDays * DAY,
    ...(byKev ? { dueBy: 'kev' as const } : {}),
  }
}

/** KEV's due date (YYYY-MM-DD) as the end of that day, UTC, in seconds; undefined for none. */
export function kevDueAtOf(dueDate: string | undefined): number | undefined {
  if (!dueDate) return undefined
  const start = Date.parse(`${dueDate}T00:00:00Z`)
  return Number.isFinite(start) ? start / 1000 + DAY : undefined
}

/** The open finding first seen longest ago (the first of them in the list, on a tie). */
export function oldestOpen<T extends { status: SlaStatus }>(items: Iterable<T>): T | undefined {
  let oldest: T | undefined
  for (const item of items) {
    if (item.status.open && (oldest === undefined || item.status.firstSeen < oldest.status.firstSeen)) oldest = item
  }
  return oldest
}

export function overdueBySeverity(statuses: Iterable<SlaStatus>): Record<FindingSeverity, number> {
  const counts = Object.fromEntries(findingSeverities.map((severity) => [severity, 0])) as Record<
    FindingSeverity,
    number
  >
  for (const status of statuses) if (status.overdue) counts[status.severity] += 1
  return counts
}
