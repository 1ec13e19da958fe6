import { describe, expect, it } from 'vitest'
import { workerPerWorkspace } from './workspace-worker-runs'

type Reply = { part: number } | { total: number } | { failed: string }

/** A worker that answers a message of n with the parts 1 to n, then the end: each a task of its own. */
function partsWorker(terminated: string[], name: string) {
  const worker = {
    onmessage: null as ((event: { data: Reply }) => void) | null,
    onerror: null,
    postMessage(n: number) {
      const replies: Reply[] = [...Array.from({ length: n }, (_, index) => ({ part: index + 1 })), { total: n }]
      for (const [index, data] of replies.entries()) setTimeout(() => worker.onmessage?.({ data }), index)
    },
    terminate: () => terminated.push(name),
  }
  return worker as unknown as Worker
}

describe('a workspace worker whose answer comes in parts', () => {
  it('gives each request a receiver of its own, and its answer once the last part came', async () => {
    const terminated: string[] = []
    let made = 0
    const work = workerPerWorkspace(
      {
        create: () => partsWorker(terminated, `worker ${++made}`),
        message: (n: number) => n,
        receiver: () => {
          const parts: number[] = []
          return (reply: Exclude<Reply, { failed: string }>) => {
            if ('part' in reply) {
              parts.push(reply.part)
              return undefined
            }
            return { total: parts.reduce((sum, part) => sum + part, 0) * 100 + reply.total }
          }
        },
      },
      (reply: Exclude<Reply, { failed: string }>) => ('total' in reply ? reply.total : -1),
      (reason) => new Error(reason),
      () => new Error('superseded'),
    )
    expect(await work.run('a', 3)).toBe(603)
    expect(terminated).toEqual(['worker 1'])
    // Two workspaces at once: neither's parts reach the other's receiver.
    expect(await Promise.all([work.run('a', 2), work.run('b', 4)])).toEqual([302, 1004])
    expect(terminated).toHaveLength(3)
  })
})
