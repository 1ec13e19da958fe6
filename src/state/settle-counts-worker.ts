import { runWorker, type WorkerJob } from '@/machines/worker-actor'
import type { SettleReply, SettleRequest } from '@/workspace/store/counts.worker'

const settleJob: WorkerJob<SettleRequest, SettleReply, SettleReply> = {
  create: () => new Worker(new URL('../workspace/store/counts.worker.ts', import.meta.url), { type: 'module' }),
  request: (input) => ({ message: input }),
  receive: (reply) => reply,
  isLast: () => true,
  crashed: (reason) => ({ failed: reason }),
}

/**
 * Brings a workspace's waiting counts up to date in a worker (`settleCounts`): weighing the whole
 * log over thousands of repositories is seconds of work the page must not do. Says whether any
 * counts were waiting.
 */
export function settleCountsInWorker(database: string, now: number, expired: string[]): Promise<boolean> {
  return new Promise((resolve, reject) => {
    runWorker(settleJob, { database, now, expired }, (reply) => {
      if ('settled' in reply) resolve(reply.settled)
      else reject(new Error(`The counts could not be brought up to date: ${reply.failed}`))
    })
  })
}
