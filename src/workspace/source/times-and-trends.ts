import type { Vulnerability } from '@/data/findings'
import { once, type DataSource } from '@/data/data-source'
import type { Repository } from '@/data/repositories'
import type { SlaSettings } from '@/data/policy-sla'
import type { TimelineSummary } from '@/data/timeline'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { lastDays } from '@/workspace/history/trends'
import {
  SupersededTimesError,
  slaViewsFromColumns,
  timesInputs,
  workspaceTimes,
  type KeptTimeline,
  type WorkspaceTimesRequest,
} from '@/workspace/projections/workspace-times'
import type { WorkspaceIndexes } from './workspace-indexes'

/**
 * Every vulnerability's days to fix and the dashboard's trends, while the workspace keeps history:
 * worked out off the page (`WorkspaceIndexes.times`), or here where no worker runs.
 */
export function withTimes<T extends Pick<DataSource, 'vulnerabilityIndex'>>(
  indexes: T,
  repositories: Repository[],
  workspace: WorkspaceIndexes,
  vulnerabilitiesOf: (repository: string) => Promise<Vulnerability[]>,
  decisions: readonly DecisionEntry[],
  now: number,
  settings: SlaSettings,
): T & Pick<DataSource, 'timeline' | 'vulnerabilitySla'> {
  const loadHistory = workspace.history
  if (!loadHistory) return indexes
  const request: WorkspaceTimesRequest = {
    repositories: repositories.map((repository) => repository.name),
    decisions,
    now,
    settings,
  }
  const times = once(async () =>
    workspace.times
      ? workspace.times(request)
      : workspaceTimes({
          ...request,
          history: await loadHistory(),
          occurrences: (await indexes.vulnerabilityIndex()).occurrences,
          now: new Date(now),
        }),
  )
  // The last visit's, while nothing it was worked out from has changed: no history is read then.
  const kept = once(async () =>
    workspace.keptTimeline?.(timesInputs(request)).catch((error: unknown) => {
      console.warn('The kept timeline could not be read', error)
      return undefined
    }),
  )
  // Apart from the index: the whole history is read for them.
  // Superseded, they fail: the days to fix on screen stay until the newer data source's come.
  const vulnerabilitySla = once(async () => {
    const [index, computed] = await Promise.all([
      indexes.vulnerabilityIndex(),
      times().catch((error: unknown) => {
        if (error instanceof SupersededTimesError) throw error
        console.warn('The days to fix could not be worked out', error)
        return undefined
      }),
    ])
    // None tracked, or the workspace changed between the two reads: the next read brings them.
    if (!computed?.tracked || computed.sla.firstSeen.length !== index.occurrences.finding.length) return undefined
    return slaViewsFromColumns(computed.sla, now)
  })
  return {
    ...indexes,
    vulnerabilitySla,
    timeline: async ({ days, repository }) => {
      if (repository === undefined) return timelineSummary((await kept()) ?? (await times()), days, new Date(now))
      // One repository's: its own history and vulnerabilities, worked out the same way.
      const [history, finding] = await Promise.all([loadHistory(repository), vulnerabilitiesOf(repository)])
      const occurrences = { repository: finding.map(() => 0), finding }
      const computed = await workspaceTimes({
        ...request,
        repositories: [repository],
        history,
        occurrences,
        now: new Date(now),
      })
      return timelineSummary(computed, days, new Date(now))
    },
  }
}

/** What the dashboard draws of the times: the period's end of the year's trends, the overdue and the oldest. */
function timelineSummary(times: KeptTimeline, days: number, now: Date): TimelineSummary {
  const { open, weeks } = lastDays(times.trends, days, now)
  return {
    days: open.days,
    open: open.bySeverity,
    weeks,
    overdue: times.overdue,
    ...(times.oldest ? { oldest: times.oldest } : {}),
  }
}
