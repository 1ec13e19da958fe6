import type { SettleReply, SettleRequest } from '@/workspace/workers/counts.worker'
import { SupersededSettlingError } from '@/machines/workspace.machine'
import { workerPerWorkspace } from './workspace-worker-runs'

/** Why a settling never answered: a decision being saved ended it (`endCountsWork`), or a later settling took its place. */

const settleWork = workerPerWorkspace(
  {
    create: () => new Worker(new URL('../workspace/workers/counts.worker.ts', import.meta.url), { type: 'module' }),
    message: (input: SettleRequest) => input,
  },
  (reply: SettleReply & { settled: boolean }) => reply.settled,
  (reason) => new Error(`The counts could not be brought up to date: ${reason}`),
  () => new SupersededSettlingError(),
)

/**
 * Brings a workspace's waiting counts up to date in a worker (`settleCounts`): weighing the whole
 * log over thousands of repositories is seconds of work the page must not do. Says whether any
 * counts were waiting.
 */
export function settleCountsInWorker(database: string, now: number, expired: string[]): Promise<boolean> {
  return settleWork.run(database, { database, now, expired })
}

/**
 * Ends the settling under way for a workspace, if any: a decision is about to be saved, and the
 * settling's reads and writes of the same database would hold it back. What it wrote holds (each
 * part is whole), and what it left waits for the next settling.
 */
export const endCountsWork = (database: string): void => settleWork.end(database)
