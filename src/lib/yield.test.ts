import { describe, expect, it } from 'vitest'
import { yieldToEverything } from './yield'

describe('yieldToEverything', () => {
  it('goes on only after the tasks already waiting (without a scheduler, after the timers queued before it)', async () => {
    const order: string[] = []
    setTimeout(() => order.push('waiting task'), 0)
    await yieldToEverything()
    order.push('background work')
    expect(order).toEqual(['waiting task', 'background work'])
  })
})
