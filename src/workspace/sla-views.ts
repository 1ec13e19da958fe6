import type { DecisionView } from '@/data/decisions'
import type { FindingSeverity } from '@/data/findings'
import { defaultSla, type SlaSettings } from '@/data/policy-sla'
import type { SlaView } from '@/data/sla'
import type { DecisionEvent } from './history/decision-timeline'
import { repositoryStretches, toIso, type HistoryState } from './history/finding-history'
import { slaStatus } from './history/sla'
import { isClosedByVex, type Finding } from './model'

export interface SlaSubject {
  key: string
  severity: FindingSeverity
  /** Its decision, when the workspace holds any. */
  decision?: DecisionView
  /** A VEX statement in the scan closed it (not affected, or fixed). */
  closedByVex?: boolean
}

/**
 * A finding's days to fix, from its history over its repository's runs: undefined when the history
 * has not seen it. Its current decision counts from when it was made; a VEX statement closes it
 * from the start.
 */
export function slaViewOf(
  history: HistoryState,
  repository: string,
  subject: SlaSubject,
  now: Date,
  settings: SlaSettings = defaultSla,
): SlaView | undefined {
  const stretches = repositoryStretches(history, repository, subject.key)
  if (stretches.length === 0) return undefined
  const decided = subject.decision?.decided
  const decisions: DecisionEvent[] = decided
    ? [{ at: decided.at, state: decided.state, ...(decided.expiresOn ? { expiresOn: decided.expiresOn } : {}) }]
    : subject.closedByVex
      ? [{ at: toIso(stretches[0]), state: 'not-affected' }]
      : []
  const status = slaStatus({ severity: subject.severity, stretches, decisions }, settings, now)
  return {
    firstSeen: status.firstSeen,
    ageDays: status.ageDays,
    ...(status.dueAt !== undefined
      ? { dueAt: status.dueAt, daysLeft: Math.trunc((Date.parse(status.dueAt) - now.getTime()) / 86_400_000) }
      : {}),
    overdue: status.overdue,
    dueSoon: status.dueSoon,
    clock: status.clock,
  }
}

/** Each vulnerability's and policy issue's days to fix in one repository, by key. */
export function slaViewsOf(
  history: HistoryState,
  repository: string,
  findings: readonly Finding[],
  decisions: ReadonlyMap<string, DecisionView> | undefined,
  now: Date,
  settings: SlaSettings = defaultSla,
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
        decision: decisions?.get(finding.key),
        closedByVex: isClosedByVex(finding),
      },
      now,
      settings,
    )
    if (view) views.set(finding.key, view)
  }
  return views
}
