import { describe, expect, it } from 'vitest'
import { createTypeAhead } from './type-ahead'

const items = ['Upgrade to Pro', 'Account', 'Billing', 'Notifications', 'Theme', 'Sign out', 'Settings']

describe('menu type-ahead', () => {
  it('joins letters typed within a second into one search', () => {
    let time = 0
    const next = createTypeAhead(() => time)
    expect(next('s', items, -1)).toBe(5)
    time += 900
    expect(next('e', items, 5)).toBe(6)
  })

  it('clears the search after 1 s', () => {
    let time = 0
    const next = createTypeAhead(() => time)
    expect(next('a', items, -1)).toBe(1)
    time += 700 // still one search: "ab" matches nothing
    expect(next('b', items, 1)).toBeUndefined()
    time += 1001
    expect(next('b', items, 1)).toBe(2)
  })

  it('cycles through items that start with the same letter when it is typed again', () => {
    let time = 0
    const next = createTypeAhead(() => time)
    expect(next('s', items, -1)).toBe(5)
    time += 100
    expect(next('s', items, 5)).toBe(6)
    time += 100
    expect(next('s', items, 6)).toBe(5)
  })
})
