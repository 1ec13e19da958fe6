import { describe, expect, it } from 'vitest'
import { renderHook } from 'vitest-browser-react'
import { useLastSettled } from './use-last-settled'

function deferred<Value>() {
  let settle!: { resolve: (value: Value) => void; reject: (error: unknown) => void }
  const promise = new Promise<Value>((resolve, reject) => (settle = { resolve, reject }))
  return { promise, ...settle }
}

describe('useLastSettled', () => {
  it('gives the promise given now once it settles, and keeps an older one until then', async () => {
    const first = deferred<string>()
    const second = deferred<string>()
    const { result, rerender } = await renderHook((promise?: Promise<string>) => useLastSettled(promise), {
      initialProps: first.promise,
    })
    expect(result.current).toBeUndefined()

    first.resolve('first findings')
    await expect.poll(() => result.current?.result).toEqual({ status: 'ready', value: 'first findings' })

    await rerender(second.promise)
    expect(result.current?.promise).toBe(first.promise)
    second.reject(new Error('the store was closed'))
    await expect.poll(() => result.current?.promise === second.promise).toBe(true)
    expect(result.current?.result.status).toBe('failed')
    expect(String((result.current?.result as { error: unknown }).error)).toBe('Error: the store was closed')
  })

  it('never takes a promise given before the one given now, however late it settles', async () => {
    const older = deferred<string>()
    const newer = deferred<string>()
    const { result, rerender } = await renderHook((promise?: Promise<string>) => useLastSettled(promise), {
      initialProps: older.promise,
    })
    await rerender(newer.promise)
    newer.resolve('newer')
    await expect.poll(() => result.current?.promise === newer.promise).toBe(true)

    older.resolve('older')
    await older.promise
    await rerender(newer.promise)
    expect(result.current?.promise === newer.promise).toBe(true)
    expect(result.current?.result).toEqual({ status: 'ready', value: 'newer' })
  })
})
