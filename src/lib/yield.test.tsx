import { describe, expect, it } from 'vitest'
import { yieldToEverything, yieldToMain } from './yield'

describe('yielding in Chromium, where the scheduler API is', () => {
  it('lets a task of ordinary priority queued earlier go first, as scheduler.yield does not', async () => {
    const scheduler = (
      globalThis as unknown as { scheduler: { postTask: (task: () => void, options: { priority: string }) => void } }
    ).scheduler
    expect(typeof scheduler.postTask).toBe('function')
    const order: string[] = []
    scheduler.postTask(() => order.push('user-visible task'), { priority: 'user-visible' })
    await yieldToMain()
    order.push('after yieldToMain')
    scheduler.postTask(() => order.push('second user-visible task'), { priority: 'user-visible' })
    await yieldToEverything()
    order.push('after yieldToEverything')
    expect(order).toEqual([
      'after yieldToMain',
      'user-visible task',
      'second user-visible task',
      'after yieldToEverything',
    ])
  })
})
