import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterFirstPaint, FIRST_PAINT_WAIT_MS, type PaintClock } from './after-first-paint'

/** A browser's paint timing: the test says when a paint reaches the screen. */
function paintTiming() {
  const observers = new Set<FakeObserver>()
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'resource']
    constructor(private readonly report: (entries: PerformanceObserverEntryList) => void) {}
    observe(options: PerformanceObserverInit) {
      expect(options).toEqual({ type: 'paint', buffered: true })
      observers.add(this)
    }
    disconnect() {
      observers.delete(this)
    }
    paint(name: string) {
      this.report({ getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) } as never)
    }
  }
  return {
    Observer: FakeObserver as unknown as typeof PerformanceObserver,
    paint: (name: string) => [...observers].forEach((observer) => observer.paint(name)),
    observing: () => observers.size,
  }
}

const frames: (() => void)[] = []
const clock = (Observer?: typeof PerformanceObserver): PaintClock => ({
  PerformanceObserver: Observer,
  setTimeout: (task, delayMs) => setTimeout(task, delayMs),
  requestAnimationFrame: (task) => frames.push(task),
})

/** Whether the promise has settled once the microtasks queued so far have run. */
async function settled(promise: Promise<void>) {
  let done = false
  void promise.then(() => (done = true))
  await Promise.resolve()
  await Promise.resolve()
  return done
}

beforeEach(() => {
  vi.useFakeTimers()
  frames.length = 0
})
afterEach(() => vi.useRealTimers())

describe('afterFirstPaint', () => {
  it('resolves in the task after the first contentful paint, and stops observing', async () => {
    const timing = paintTiming()
    const painted = afterFirstPaint(clock(timing.Observer))
    timing.paint('first-paint')
    vi.advanceTimersByTime(0)
    expect(await settled(painted)).toBe(false)
    timing.paint('first-contentful-paint')
    expect(timing.observing()).toBe(0)
    expect(await settled(painted)).toBe(false)
    vi.advanceTimersByTime(0)
    expect(await settled(painted)).toBe(true)
  })

  it('resolves after the longest wait when nothing paints (a tab in the background)', async () => {
    const timing = paintTiming()
    const painted = afterFirstPaint(clock(timing.Observer))
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1)
    expect(await settled(painted)).toBe(false)
    vi.advanceTimersByTime(1)
    expect(await settled(painted)).toBe(true)
    expect(timing.observing()).toBe(0)
  })

  it('waits for the next frame where the browser reports no paints', async () => {
    const painted = afterFirstPaint(clock(undefined))
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS)
    expect(await settled(painted)).toBe(false)
    expect(frames).toHaveLength(1)
    frames[0]()
    vi.advanceTimersByTime(0)
    expect(await settled(painted)).toBe(true)
  })
})
