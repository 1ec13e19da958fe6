import { describe, expect, it, vi } from 'vitest'
import { allIndexes, sortedOnce } from './sorted-once'

describe('orders sorted once', () => {
  it('sorts a list once per sort, and again only for another list', () => {
    const orderOf = sortedOnce<string[], 'up' | 'down'>()
    const names = ['b', 'c', 'a']
    const sort = vi.fn((direction: 'up' | 'down') =>
      allIndexes(names.length).sort((a, b) => (direction === 'up' ? 1 : -1) * names[a].localeCompare(names[b])),
    )
    expect([...orderOf(names, 'up', () => sort('up'))]).toEqual([2, 0, 1])
    expect([...orderOf(names, 'up', () => sort('up'))]).toEqual([2, 0, 1])
    expect([...orderOf(names, 'down', () => sort('down'))]).toEqual([1, 0, 2])
    expect(sort).toHaveBeenCalledTimes(2)
    orderOf([...names], 'up', () => sort('up'))
    expect(sort).toHaveBeenCalledTimes(3)
  })
})
