import { describe, expect, it } from 'vitest'
import { asCompleted } from './as-completed'

/** A task the test settles by hand, and whether it was started. */
function task<Result>() {
  let settle!: { resolve: (result: Result) => void; reject: (error: unknown) => void }
  const promise = new Promise<Result>((resolve, reject) => (settle = { resolve, reject }))
  return { promise, ...settle, started: false }
}

async function collect<Result>(results: AsyncGenerator<Result>) {
  const given: Result[] = []
  try {
    for await (const result of results) given.push(result)
  } catch (error) {
    return { given, error }
  }
  return { given, error: undefined }
}

describe('asCompleted', () => {
  it('runs at most `limit` at once and gives each result as it settles, whatever its order', async () => {
    const tasks = [task<string>(), task<string>(), task<string>()]
    const run = collect(
      asCompleted([0, 1, 2], 2, (index) => {
        tasks[index].started = true
        return tasks[index].promise
      }),
    )
    await Promise.resolve()
    expect(tasks.map((each) => each.started)).toEqual([true, true, false])

    tasks[1].resolve('second')
    await expect.poll(() => tasks[2].started).toBe(true)
    tasks[2].resolve('third')
    tasks[0].resolve('first')

    expect(await run).toEqual({ given: ['second', 'third', 'first'], error: undefined })
  })

  it('starts nothing after a failure, still gives what was under way, then throws the failure', async () => {
    const tasks = [task<string>(), task<string>(), task<string>()]
    const run = collect(
      asCompleted([0, 1, 2], 2, (index) => {
        tasks[index].started = true
        return tasks[index].promise
      }),
    )
    const failure = new Error('the host did not answer')
    tasks[0].reject(failure)
    await Promise.resolve()
    tasks[1].resolve('landed')

    expect(await run).toEqual({ given: ['landed'], error: failure })
    expect(tasks[2].started).toBe(false)
  })

  it('gives nothing for no items', async () => {
    expect(await collect(asCompleted([], 4, async () => 'never'))).toEqual({ given: [], error: undefined })
  })
})
