import { afterEach, describe, expect, it, vi } from 'vitest'
import { whenIdle } from './when-idle'

afterEach(() => vi.unstubAllGlobals())

/** A browser's idle queue, run when the test says the browser is idle. */
function idleQueue() {
  const queued = new Map<number, IdleRequestCallback>()
  let next = 1
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
    queued.set(next, callback)
    return next++
  })
  vi.stubGlobal('cancelIdleCallback', (handle: number) => queued.delete(handle))
  return () => {
    const callbacks = [...queued.values()]
    queued.clear()
    callbacks.forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 }))
  }
}

describe('whenIdle', () => {
  it('runs the task only once the browser is idle', () => {
    const idle = idleQueue()
    const task = vi.fn()
    whenIdle(task)
    expect(task).not.toHaveBeenCalled()
    idle()
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('runs nothing once cancelled', () => {
    const idle = idleQueue()
    const task = vi.fn()
    whenIdle(task)()
    idle()
    expect(task).not.toHaveBeenCalled()
  })

  it('skips the task where the browser cannot say when it is idle', () => {
    const task = vi.fn()
    expect(typeof requestIdleCallback).toBe('undefined')
    whenIdle(task)()
    expect(task).not.toHaveBeenCalled()
  })
})
