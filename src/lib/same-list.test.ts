import { describe, expect, it } from 'vitest'
import { answerCacheBySource, sameItems } from './same-list'

describe('same lists', () => {
  it('are the same items in the same order, whatever the lists', () => {
    const item = { id: 'a' }
    expect(sameItems([item, 1, 'x'], [item, 1, 'x'])).toBe(true)
    expect(sameItems([item], [{ id: 'a' }])).toBe(false)
    expect(sameItems([1, 2], [2, 1])).toBe(false)
    expect(sameItems([1, 2], [1, 2, 3])).toBe(false)
    expect(sameItems([], [])).toBe(true)
  })

  it('give the answer kept for a source when the new one holds the same items, per source', () => {
    const keep = answerCacheBySource<object, number>()
    const source = {}
    const other = {}
    const first = keep(source, [1, 2, 3])
    expect(keep(source, [1, 2, 3])).toBe(first)
    expect(keep(other, [1, 2, 3])).not.toBe(first)
    const changed = keep(source, [1, 2])
    expect(changed).toEqual([1, 2])
    expect(changed).not.toBe(first)
    expect(keep(source, [1, 2])).toBe(changed)
  })
})
