import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { intentPrefetch } from './intent-prefetch'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('prefetch on intent', () => {
  it('prefetches 100 ms after hover or focus', () => {
    const prefetch = vi.fn()
    const handlers = intentPrefetch(prefetch)
    handlers.onPointerEnter()
    vi.advanceTimersByTime(99)
    expect(prefetch).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(prefetch).toHaveBeenCalledTimes(1)
    handlers.onPointerLeave()
    handlers.onFocus()
    vi.advanceTimersByTime(100)
    expect(prefetch).toHaveBeenCalledTimes(2)
  })

  it('prefetches nothing when the pointer or focus leaves within 100 ms', () => {
    const prefetch = vi.fn()
    const handlers = intentPrefetch(prefetch)
    handlers.onPointerEnter()
    vi.advanceTimersByTime(60)
    handlers.onPointerLeave()
    handlers.onFocus()
    vi.advanceTimersByTime(99)
    handlers.onBlur()
    vi.advanceTimersByTime(500)
    expect(prefetch).not.toHaveBeenCalled()
  })
})
