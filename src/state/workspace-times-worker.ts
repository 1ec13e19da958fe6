import { runWorker, type WorkerJob } from '@/machines/worker-actor'
import type { TimesReply, TimesRequest } from '@/workspace/history/times.worker'
import {
  SupersededTimesError,
  type WorkspaceTimes,
  type WorkspaceTimesRequest,
} from '@/workspace/history/workspace-times'

const timesJob: WorkerJob<TimesRequest & Pick<WorkspaceTimesRequest, 'decisions'>, TimesReply, TimesReply> = {
  create: () => new Worker(new URL('../workspace/history/times.worker.ts', import.meta.url), { type: 'module' }),
  // The decisions stay here: the worker reads them from the database.
  request: ({ decisions: _decisions, ...input }: TimesRequest & Pick<WorkspaceTimesRequest, 'decisions'>) => ({
    message: input,
  }),
  receive: (reply) => reply,
  isLast: () => true,
  crashed: (reason) => ({ failed: reason }),
}

/** The request each workspace's worker is answering, and how to end it. */
interface Running {
  end: () => void
  reject: (error: Error) => void
}

const running = new Map<string, Running>()

/**
 * The whole workspace's days to fix and trends, worked out in a worker: the page only gets the
 * answer. One worker per workspace: a request ends the one before it (a decision or a setting
 * made a new data source, which alone is on screen), whose answer would only slow this one by
 * reading the whole history beside it.
 */
export function workspaceTimesInWorker(database: string, request: WorkspaceTimesRequest): Promise<WorkspaceTimes> {
  running.get(database)?.reject(new SupersededTimesError())
  return new Promise((resolve, reject) => {
    const self: Running = {
      end: () => undefined,
      reject: (error: Error) => {
        self.end()
        if (running.get(database) === self) running.delete(database)
        reject(error)
      },
    }
    running.set(database, self)
    self.end = runWorker(timesJob, { database, ...request }, (reply) => {
      if (running.get(database) === self) running.delete(database)
      if ('times' in reply) resolve(reply.times)
      else reject(new Error(`The days to fix could not be worked out: ${reply.failed}`))
    })
  })
}

/**
 * Ends the worker answering for a workspace, if any: a write (a decision) is about to make its
 * answer out of date, and its long reads of the history would hold the write back.
 */
export function endTimesWork(database: string): void {
  running.get(database)?.reject(new SupersededTimesError())
}
