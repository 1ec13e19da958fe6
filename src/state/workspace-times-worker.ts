import { runWorker, type WorkerJob } from '@/machines/worker-actor'
import type { TimesReply, TimesRequest } from '@/workspace/history/times.worker'
import type { WorkspaceTimes, WorkspaceTimesRequest } from '@/workspace/history/workspace-times'

const timesJob: WorkerJob<TimesRequest, TimesReply, TimesReply> = {
  create: () => new Worker(new URL('../workspace/history/times.worker.ts', import.meta.url), { type: 'module' }),
  request: (input) => ({ message: input }),
  receive: (reply) => reply,
  isLast: () => true,
  crashed: (reason) => ({ failed: reason }),
}

/** The whole workspace's days to fix and trends, worked out in a worker: the page only gets the answer. */
export function workspaceTimesInWorker(database: string, request: WorkspaceTimesRequest): Promise<WorkspaceTimes> {
  return new Promise((resolve, reject) => {
    runWorker(timesJob, { database, ...request }, (reply) =>
      'times' in reply
        ? resolve(reply.times)
        : reject(new Error(`The days to fix could not be worked out: ${reply.failed}`)),
    )
  })
}
