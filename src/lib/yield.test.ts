import { describe, expect, it, vi } from 'vitest'
import { SLICE_MS, timeSlices, yieldToEverything } from './yield'

describe('yieldToEverything', () => {
  it('goes on only after the tasks already waiting (without a scheduler, after the timers queued before it)', async () => {
    const order: string[] = []
    setTimeout(() => order.push('waiting task'), 0)
    await yieldToEverything()
    order.push('background work')
    expect(order).toEqual(['waiting task', 'background work'])
  })
})

describe('timeSlices', () => {
  it('is due once a slice has run past SLICE_MS, and yields then starts the next slice', async () => {
    let clock = 100
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock)
    const yielded: number[] = []
    try {
      const slices = timeSlices(async () => {
        yielded.push(clock)
      })
      clock += SLICE_MS
      expect(slices.due()).toBe(false)
      clock += 1
      expect(slices.due()).toBe(true)
      await slices.next()
      expect(yielded).toEqual([100 + SLICE_MS + 1])
      expect(slices.due()).toBe(false)
      clock += SLICE_MS + 1
      expect(slices.due()).toBe(true)
    } finally {
      now.mockRestore()
    }
  })
})
