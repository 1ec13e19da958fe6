import type { TimesReply, TimesRequest } from '@/workspace/workers/times.worker'
import {
  SupersededTimesError,
  type WorkspaceTimes,
  type WorkspaceTimesRequest,
} from '@/workspace/projections/workspace-times'
import { workerPerWorkspace } from './workspace-worker-runs'

type PageRequest = TimesRequest & Pick<WorkspaceTimesRequest, 'decisions'>

const timesWork = workerPerWorkspace(
  {
    create: () => new Worker(new URL('../workspace/workers/times.worker.ts', import.meta.url), { type: 'module' }),
    // The decisions stay here: the worker reads them from the database.
    message: ({ decisions: _decisions, ...input }: PageRequest): TimesRequest => input,
  },
  (reply: TimesReply & { times: WorkspaceTimes }) => reply.times,
  (reason) => new Error(`The days to fix could not be worked out: ${reason}`),
  () => new SupersededTimesError(),
)

/**
 * The whole workspace's days to fix and trends, worked out in a worker: the page only gets the
 * answer. One worker per workspace: a request ends the one before it (a decision or a setting
 * made a new data source, which alone is on screen), whose answer would only slow this one by
 * reading the whole history beside it.
 */
export function workspaceTimesInWorker(database: string, request: WorkspaceTimesRequest): Promise<WorkspaceTimes> {
  return timesWork.run(database, { database, ...request })
}

/**
 * Ends the worker answering for a workspace, if any: a write (a decision) is about to make its
 * answer out of date, and its long reads of the history would hold the write back.
 */
export const endTimesWork = (database: string): void => timesWork.end(database)
