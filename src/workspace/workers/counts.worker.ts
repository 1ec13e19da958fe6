/// <reference lib="webworker" />
import { settleCounts } from '@/workspace/store/decisions'
import { openWorkspace } from '@/workspace/store/open'

/** What the page sends: the workspace's database, the time to weigh the decisions at, and the repositories whose accepted risks ran out. */
export interface SettleRequest {
  database: string
  now: number
  expired: string[]
}

export type SettleReply = { settled: boolean } | { failed: string }

const scope = self as unknown as DedicatedWorkerGlobalScope

scope.onmessage = async ({ data }: MessageEvent<SettleRequest>) => {
  try {
    const database = await openWorkspace(data.database)
    try {
      const settled = await settleCounts(database, new Date(data.now), data.expired)
      scope.postMessage({ settled } satisfies SettleReply)
    } finally {
      database.close()
    }
  } catch (error) {
    scope.postMessage({ failed: error instanceof Error ? error.message : String(error) } satisfies SettleReply)
  }
}
