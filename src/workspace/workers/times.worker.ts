/// <reference lib="webworker" />
import { keepTimeline, listDigests } from '@/workspace/store/reads'
import { LOG_RECORDS_PER_READ, readLog } from '@/workspace/store/decisions'
import { readHistory } from '@/workspace/store/history-records'
import { openWorkspace } from '@/workspace/store/open'
import { occurrencesFromDigests } from '@/workspace/source/occurrence-indexes'
import { readCatalogues } from '@/workspace/store/catalogue-records'
import { exploitIntelligence } from '@/workspace/intelligence/exploit-join'
import {
  keptTimelineOf,
  slaBuffers,
  timesInputs,
  workspaceTimes,
  type WorkspaceTimes,
  type WorkspaceTimesRequest,
} from '@/workspace/projections/workspace-times'

/**
 * What the page sends: the workspace's database and what `workspaceTimes` needs besides, but the
 * decisions: the worker reads the log from the database (copying a large log into a message is
 * the page's work, and long).
 */
export interface TimesRequest extends Omit<WorkspaceTimesRequest, 'decisions'> {
  database: string
}

export type TimesReply = { times: WorkspaceTimes } | { failed: string }

const scope = self as unknown as DedicatedWorkerGlobalScope

scope.onmessage = async ({ data }: MessageEvent<TimesRequest>) => {
  try {
    const database = await openWorkspace(data.database)
    try {
      const [history, { digests, generation }, decisions, catalogues] = await Promise.all([
        readHistory(database),
        listDigests(database),
        readLog(database, undefined, { recordsPerRead: LOG_RECORDS_PER_READ }).then((read) => read.log),
        // KEV's due dates are deadlines: the scores are not read.
        readCatalogues(database, ['kev']),
      ])
      const repositories = data.repositories.map((name) => ({ name }))
      const { vulnerabilities } = await occurrencesFromDigests(digests, repositories, exploitIntelligence(catalogues))
      const times = await workspaceTimes({
        history,
        occurrences: vulnerabilities,
        repositories: data.repositories,
        decisions,
        now: new Date(data.now),
        settings: data.settings,
      })
      // Kept before the columns are handed over (transferred, they leave this worker).
      await keepTimeline(database, {
        name: 'timeline',
        generation,
        inputs: timesInputs({ decisions, settings: data.settings }),
        timeline: keptTimelineOf(times),
      }).catch((error: unknown) => console.warn('The timeline was not kept for the next visit', error))
      scope.postMessage({ times } satisfies TimesReply, slaBuffers(times.sla))
    } finally {
      database.close()
    }
  } catch (error) {
    scope.postMessage({ failed: error instanceof Error ? error.message : String(error) } satisfies TimesReply)
  }
}
