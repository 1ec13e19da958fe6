import type { VulnerabilityIndex } from '@/data/advisory-groups'
import { findingSeverities, type FindingSeverity } from '@/data/findings'
import type { Repository } from '@/data/repositories'
import type { TimelineOptions, TimelineSummary } from '@/data/timeline'
import type { DecisionEvent } from './history/decision-timeline'
import type { HistoryState } from './history/finding-history'
import { trends } from './history/trends'

/**
 * The dashboard's view of time: open findings per day and the flow of each week (`trends`), with
 * the decisions on vulnerabilities taken out as they stand now (from when each was made), and the
 * vulnerabilities overdue and open longest from their days to fix (`index.sla`).
 */
export function timelineOf(
  history: HistoryState,
  index: VulnerabilityIndex,
  repositories: Repository[],
  options: TimelineOptions,
  now: Date,
): TimelineSummary {
  const { occurrences } = index
  const wanted = options.repository === undefined ? -1 : repositories.findIndex((r) => r.name === options.repository)
  const decided = new Map<string, DecisionEvent[]>()
  const overdue = Object.fromEntries(findingSeverities.map((severity) => [severity, 0])) as Record<
    FindingSeverity,
    number
  >
  let oldest: TimelineSummary['oldest']
  for (let occurrence = 0; occurrence < occurrences.finding.length; occurrence += 1) {
    const repositoryIndex = occurrences.repository[occurrence]
    if (options.repository !== undefined && repositoryIndex !== wanted) continue
    const finding = occurrences.finding[occurrence]
    const repository = repositories[repositoryIndex].name
    const decision = index.decisions?.[occurrence]?.decided
    if (decision && finding.key)
      decided.set(`${repository}\u0000${finding.key}`, [
        { at: decision.at, state: decision.state, ...(decision.expiresOn ? { expiresOn: decision.expiresOn } : {}) },
      ])
    const sla = index.sla?.[occurrence]
    if (!sla || sla.clock === 'ended') continue
    if (sla.overdue) overdue[finding.severity] += 1
    if (sla.clock === 'running' && (oldest === undefined || sla.firstSeen < oldest.firstSeen)) {
      oldest = {
        repository,
        advisory: finding.cve,
        title: finding.title,
        severity: finding.severity,
        firstSeen: sla.firstSeen,
        ageDays: sla.ageDays,
      }
    }
  }
  const result = trends(history, {
    now,
    days: options.days,
    repository: options.repository,
    decisionsOf: decided.size === 0 ? undefined : (repository, key) => decided.get(`${repository}\u0000${key}`),
  })
  return {
    days: result.open.days,
    open: result.open.bySeverity,
    weeks: result.weeks,
    overdue,
    ...(oldest ? { oldest } : {}),
  }
}
