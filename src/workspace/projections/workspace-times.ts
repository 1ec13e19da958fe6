import {
  findingSeverities,
  type FindingSeverity,
  type Vulnerability,
  isVulnerabilityClosedByVex,
} from '@/data/findings'
import type { SlaSettings } from '@/data/policy-sla'
import type { SlaView } from '@/data/sla'
import type { TimelineSummary } from '@/data/timeline'
import { timeSlices, yieldToMain } from '@/lib/yield'
import { slaClockOf, slaViewFromClock } from '@/workspace/projections/sla-views'
import { decidableVulnerability } from '@/workspace/projections/triage-summary'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { decisionTimelines, type DecisionEvent } from '@/workspace/history/decision-timeline'
import { toIso, type HistoryState } from '@/workspace/history/finding-history'
import { trends, type Trends } from '@/workspace/history/trends'

/**
 * The whole workspace's days to fix and trends, worked out in one pass by the workspace's worker:
 * reading a million findings' history is seconds of work the page must not do. The days to fix
 * travel back as columns of numbers (transferred, not copied), one row per vulnerability in the
 * advisory index's order.
 */
export interface SlaColumns {
  /** Seconds; NaN where the history has not seen the vulnerability (it has no days to fix). */
  firstSeen: Float64Array
  ageDays: Int32Array
  /** Seconds; NaN for a severity without a deadline. */
  dueAt: Float64Array
  /** 0 running, 1 paused, 2 ended. */
  clock: Uint8Array
  /** 1 overdue, 2 due soon. */
  flags: Uint8Array
}

/** What the dashboard shows of every repository: kept for the next visit while it holds. */
export interface KeptTimeline {
  /** The last 365 days (the longest period the dashboard offers): shorter periods are its end. */
  trends: Trends
  overdue: Record<FindingSeverity, number>
  oldest?: TimelineSummary['oldest']
  /**
   * Milliseconds: when time alone changes it (the next midnight, when accepted risks expire too;
   * the next due date of a running clock; the oldest finding's next day of age).
   */
  validUntil: number
}

export interface WorkspaceTimes extends KeptTimeline {
  /** The repositories' names the rows follow (the data source's order). */
  repositories: readonly string[]
  sla: SlaColumns
  /** Rows the history has seen (with days to fix). */
  tracked: number
}

/** What the page asks the worker for: its repositories in the indexes' order, and what the clocks weigh. */
export interface WorkspaceTimesRequest {
  repositories: readonly string[]
  decisions: readonly DecisionEntry[]
  /** Milliseconds. */
  now: number
  settings: SlaSettings
}

export interface WorkspaceTimesInput extends Omit<WorkspaceTimesRequest, 'now'> {
  history: HistoryState
  /** Every vulnerability, repository by repository, in the advisory index's order. */
  occurrences: { repository: readonly number[]; finding: readonly Vulnerability[] }
  now: Date
}

/** Why a worker's answer never came: a later request (`WorkspaceIndexes.times`) for the same workspace took its place. */
export class SupersededTimesError extends Error {
  constructor() {
    super('The days to fix are worked out again for a newer state of the workspace.')
    this.name = 'SupersededTimesError'
  }
}

const DAY = 86_400
const clocks = ['running', 'paused', 'ended'] as const
const OVERDUE = 1
const DUE_SOON = 2
const DUE_BY_KEV = 4

export async function workspaceTimes(input: WorkspaceTimesInput): Promise<WorkspaceTimes> {
  const { history, occurrences, repositories, now, settings } = input
  const count = occurrences.finding.length
  const timelines =
    input.decisions.length === 0
      ? []
      : decisionTimelines(
          occurrences.finding.map((finding, at) =>
            decidableVulnerability(repositories[occurrences.repository[at]], finding),
          ),
          input.decisions,
        )
  const sla: SlaColumns = {
    firstSeen: new Float64Array(count).fill(NaN),
    ageDays: new Int32Array(count),
    dueAt: new Float64Array(count).fill(NaN),
    clock: new Uint8Array(count),
    flags: new Uint8Array(count),
  }
  const overdue = Object.fromEntries(findingSeverities.map((severity) => [severity, 0])) as Record<
    FindingSeverity,
    number
  >
  const decided = new Map<string, DecisionEvent[]>()
  let oldest: { occurrence: number; firstSeen: number; ageDays: number } | undefined
  let tracked = 0
  const seconds = Math.floor(now.getTime() / 1000)
  // The next midnight: also when any accepted risk expires (expiries fall on midnights).
  let validUntil = seconds - (((seconds % DAY) + DAY) % DAY) + DAY
  // Sliced when this runs on the page (tests, a browser without workers).
  const slices = timeSlices(yieldToMain)
  for (let occurrence = 0; occurrence < count; occurrence += 1) {
    if (slices.due()) await slices.next()
    const finding = occurrences.finding[occurrence]
    if (finding.key === undefined) continue
    const repository = repositories[occurrences.repository[occurrence]]
    const timeline = timelines[occurrence]
    if (timeline !== undefined && timeline.length > 0) decided.set(`${repository}\u0000${finding.key}`, timeline)
    const clock = slaClockOf(
      history,
      repository,
      {
        key: finding.key,
        severity: finding.severity,
        decisions: timeline,
        closedByVex: isVulnerabilityClosedByVex(finding),
        kevDueDate: finding.exploit?.kev?.dueDate,
      },
      now,
      settings,
    )
    if (clock === undefined) continue
    tracked += 1
    sla.firstSeen[occurrence] = clock.firstSeen
    sla.ageDays[occurrence] = clock.ageDays
    if (clock.dueAt !== undefined) sla.dueAt[occurrence] = clock.dueAt
    sla.clock[occurrence] = clocks.indexOf(clock.clock)
    sla.flags[occurrence] =
      (clock.overdue ? OVERDUE : 0) | (clock.dueSoon ? DUE_SOON : 0) | (clock.dueBy === 'kev' ? DUE_BY_KEV : 0)
    if (clock.clock === 'ended') continue
    if (clock.clock === 'running' && clock.dueAt !== undefined && clock.dueAt > seconds)
      validUntil = Math.min(validUntil, clock.dueAt)
    if (clock.overdue) overdue[finding.severity] += 1
    if (clock.clock === 'running' && (oldest === undefined || clock.firstSeen < oldest.firstSeen))
      oldest = { occurrence, firstSeen: clock.firstSeen, ageDays: clock.ageDays }
  }
  const finding = oldest && occurrences.finding[oldest.occurrence]
  if (oldest) validUntil = Math.min(validUntil, oldest.firstSeen + (oldest.ageDays + 1) * DAY)
  return {
    validUntil: validUntil * 1000,
    repositories,
    sla,
    tracked,
    trends: trends(history, {
      now,
      days: 365,
      decisionsOf: decided.size === 0 ? undefined : (repository, key) => decided.get(`${repository}\u0000${key}`),
    }),
    overdue,
    ...(oldest && finding
      ? {
          oldest: {
            repository: repositories[occurrences.repository[oldest.occurrence]],
            advisory: finding.cve,
            title: finding.title,
            severity: finding.severity,
            firstSeen: toIso(oldest.firstSeen),
            ageDays: oldest.ageDays,
          },
        }
      : {}),
  }
}

/**
 * Each vulnerability's days to fix as the screens show them, from the worker's columns. Many
 * findings share a scan's time, so each time is written out once.
 */
export async function slaViewsFromColumns(columns: SlaColumns, nowMs: number): Promise<(SlaView | undefined)[]> {
  const written = new Map<number, string>()
  const iso = (seconds: number) => {
    let text = written.get(seconds)
    if (text === undefined) written.set(seconds, (text = toIso(seconds)))
    return text
  }
  const views: (SlaView | undefined)[] = new Array(columns.firstSeen.length)
  const slices = timeSlices(yieldToMain)
  for (let row = 0; row < views.length; row += 1) {
    const firstSeen = columns.firstSeen[row]
    if (Number.isNaN(firstSeen)) continue
    const dueAt = columns.dueAt[row]
    views[row] = slaViewFromClock(
      {
        firstSeen,
        ageDays: columns.ageDays[row],
        ...(Number.isNaN(dueAt) ? {} : { dueAt }),
        overdue: (columns.flags[row] & OVERDUE) !== 0,
        dueSoon: (columns.flags[row] & DUE_SOON) !== 0,
        clock: clocks[columns.clock[row]],
        ...((columns.flags[row] & DUE_BY_KEV) !== 0 ? { dueBy: 'kev' as const } : {}),
      },
      nowMs,
      iso,
    )
    if ((row & 1023) === 0 && slices.due()) await slices.next()
  }
  return views
}

/** The columns' buffers, to transfer rather than copy. */
export const slaBuffers = (columns: SlaColumns): ArrayBuffer[] =>
  Object.values(columns).map((column: Float64Array | Int32Array | Uint8Array) => column.buffer as ArrayBuffer)

/**
 * What a kept timeline was worked out from besides the findings: the days to fix and the
 * decisions (each entry's id, time, state and expiry, hashed).
 */
export function timesInputs(request: Pick<WorkspaceTimesRequest, 'decisions' | 'settings'>): string {
  // Each entry hashed alone and the hashes added: the same entries in another order (a log read
  // whole lists them by id, one read again adds the new ones at its end) are the same inputs.
  let sum = 0
  for (const entry of request.decisions) {
    let hash = 0x811c9dc5
    const text = `${entry.id}|${entry.at}|${entry.state}|${entry.expiresOn ?? ''}`
    for (let at = 0; at < text.length; at += 1) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193)
    sum = (sum + (hash >>> 0)) >>> 0
  }
  return JSON.stringify([request.settings, request.decisions.length, sum])
}

/** The kept part of the times. */
export const keptTimelineOf = ({ trends, overdue, oldest, validUntil }: KeptTimeline): KeptTimeline => ({
  trends,
  overdue,
  ...(oldest ? { oldest } : {}),
  validUntil,
})
