import { describe, expect, it } from 'vitest'
import { workerPerWorkspace } from './workspace-worker-runs'

type Reply = { part: number } | { total: number } | { failed: string }

/**
 * A worker that answers a message of n with the parts 1 to n, then the end (a negative n: the
 * parts, then a failure), each a task of its own.
 */
function partsWorker(terminated: string[], name: string) {
  const worker = {
    onmessage: null as ((event: { data: Reply }) => void) | null,
    onerror: null,
    postMessage(n: number) {
      const parts = Array.from({ length: Math.abs(n) }, (_, index) => ({ part: index + 1 }))
      const replies: Reply[] = [...parts, n < 0 ? { failed: 'the disk is full' } : { total: n }]
      for (const [index, data] of replies.entries()) setTimeout(() => worker.onmessage?.({ data }), index)
    },
    terminate: () => terminated.push(name),
  }
  return worker as unknown as Worker
}

/** The sum of the parts, hundredfold, and the last reply's total; a part of 13 cannot be taken. */
function summingWork(terminated: string[]) {
  let made = 0
  return workerPerWorkspace(
    {
      create: () => partsWorker(terminated, `worker ${++made}`),
      message: (n: number) => n,
      receiver: () => {
        const parts: number[] = []
        return (reply: Exclude<Reply, { failed: string }>) => {
          if ('part' in reply) {
            if (reply.part === 13) throw new Error('part 13 is unreadable')
            parts.push(reply.part)
            return undefined
          }
          return { total: parts.reduce((sum, part) => sum + part, 0) * 100 + reply.total }
        }
      },
    },
    (reply: Exclude<Reply, { failed: string }>) => ('total' in reply ? reply.total : -1),
    (reason) => new Error(`The work failed: ${reason}`),
    () => new Error('superseded'),
  )
}

describe('a workspace worker whose answer comes in parts', () => {
  it('gives each request a receiver of its own, and its answer once the last part came', async () => {
    const terminated: string[] = []
    const work = summingWork(terminated)
    expect(await work.run('a', 3)).toBe(603)
    expect(terminated).toEqual(['worker 1'])
    // Two workspaces at once: neither's parts reach the other's receiver.
    expect(await Promise.all([work.run('a', 2), work.run('b', 4)])).toEqual([302, 1004])
    expect(terminated).toHaveLength(3)
  })

  it('fails when the worker fails after some parts, or a part cannot be taken, and ends the worker', async () => {
    const terminated: string[] = []
    const work = summingWork(terminated)
    await expect(work.run('a', -2)).rejects.toThrow('The work failed: the disk is full')
    await expect(work.run('a', 14)).rejects.toThrow('The work failed: part 13 is unreadable')
    expect(terminated).toEqual(['worker 1', 'worker 2'])
    expect(await work.run('a', 1)).toBe(101)
  })

  it('ends a request superseded between its parts, whose later parts go nowhere', async () => {
    const terminated: string[] = []
    const work = summingWork(terminated)
    const first = work.run('a', 5)
    await new Promise((resolve) => setTimeout(resolve, 2))
    const second = work.run('a', 1)
    await expect(first).rejects.toThrow('superseded')
    expect(terminated).toEqual(['worker 1'])
    expect(await second).toBe(101)
  })
})
