import type { FindingSeverity } from '@/data/findings'
import { defaultSla, type SlaSettings } from '@/data/policy-sla'
import type { SlaView } from '@/data/sla'
import type { DecisionEvent } from '@/workspace/history/decision-timeline'
import { repositoryStretches, toIso, type HistoryState } from '@/workspace/history/finding-history'
import { kevDueAtOf, slaClock, type SlaClockState } from '@/workspace/history/sla'
import { isClosedByVex, type Finding } from '@/workspace/model/model'

export interface SlaSubject {
  key: string
  severity: FindingSeverity
  /** Its decisions over time (`decisionTimelines`), when any ever covered it. */
  decisions?: readonly DecisionEvent[]
  /** A VEX statement in the scan closed it (not affected, or fixed). */
  closedByVex?: boolean
  /** KEV's due date (YYYY-MM-DD), when CISA's catalogue lists it: a deadline besides its days to fix. */
  kevDueDate?: string
}

/**
 * A finding's days to fix, from its history over its repository's runs: undefined when the history
 * has not seen it. Each of its decisions counts while it was in force; without any, a VEX
 * statement closes it from the start.
 */
export function slaViewOf(
  history: HistoryState,
  repository: string,
  subject: SlaSubject,
  now: Date,
  settings: SlaSettings = defaultSla,
): SlaView | undefined {
  const clock = slaClockOf(history, repository, subject, now, settings)
  return clock && slaViewFromClock(clock, now.getTime(), toIso)
}

/** `slaViewOf` in seconds: what the workspace's worker works out for every vulnerability. */
export function slaClockOf(
  history: HistoryState,
  repository: string,
  subject: SlaSubject,
  now: Date,
  settings: SlaSettings = defaultSla,
): SlaClockState | undefined {
  const stretches = repositoryStretches(history, repository, subject.key)
  if (stretches.length === 0) return undefined
  const decisions: readonly DecisionEvent[] =
    subject.decisions !== undefined && subject.decisions.length > 0
      ? subject.decisions
      : subject.closedByVex
        ? [{ at: toIso(stretches[0]), state: 'not-affected' }]
        : []
  return slaClock(
    { severity: subject.severity, stretches, decisions, kevDueAt: kevDueAtOf(subject.kevDueDate) },
    settings,
    now,
  )
}

/** The screens' view of a clock; `iso` writes a time in seconds (a cache of it, for many findings). */
export function slaViewFromClock(
  clock: Pick<SlaClockState, 'firstSeen' | 'ageDays' | 'dueAt' | 'overdue' | 'dueSoon' | 'clock' | 'dueBy'>,
  nowMs: number,
  iso: (seconds: number) => string,
): SlaView {
  return {
    firstSeen: iso(clock.firstSeen),
    ageDays: clock.ageDays,
    ...(clock.dueAt !== undefined
      ? { dueAt: iso(clock.dueAt), daysLeft: Math.trunc((clock.dueAt * 1000 - nowMs) / 86_400_000) }
      : {}),
    overdue: clock.overdue,
    dueSoon: clock.dueSoon,
    clock: clock.clock,
    ...(clock.dueBy ? { deadline: clock.dueBy } : {}),
  }
}

/**
 * Each vulnerability's and policy issue's days to fix in one repository, by key; `kevDueDates`
 * gives each known-exploited finding's KEV due date by key, where the catalogue lists it.
 */
export function slaViewsOf(
  history: HistoryState,
  repository: string,
  findings: readonly Finding[],
  timelines: ReadonlyMap<string, readonly DecisionEvent[]> | undefined,
  now: Date,
  settings: SlaSettings = defaultSla,
  kevDueDates?: ReadonlyMap<string, string>,
): ReadonlyMap<string, SlaView> | undefined {
  if (!history.repositories.has(repository)) return undefined
  const views = new Map<string, SlaView>()
  for (const finding of findings) {
    if (finding.kind === 'endpoint') continue
    const view = slaViewOf(
      history,
      repository,
      {
        key: finding.key,
        severity: finding.severity,
        decisions: timelines?.get(finding.key),
        closedByVex: isClosedByVex(finding),
        kevDueDate: kevDueDates?.get(finding.key),
      },
      now,
      settings,
    )
    if (view) views.set(finding.key, view)
  }
  return views
}
