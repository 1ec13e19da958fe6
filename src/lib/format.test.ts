import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatCount, plural } from './format'

describe('formatCount', () => {
  it('groups thousands with commas, whatever the locale', () => {
    expect(formatCount(3876)).toBe('3,876')
    expect(formatCount(100_000)).toBe('100,000')
    expect(formatCount(-1234)).toBe('-1,234')
  })

  it('writes counts under a thousand as they are', () => {
    expect(formatCount(0)).toBe('0')
    expect(formatCount(999)).toBe('999')
    expect(formatCount(-999)).toBe('-999')
  })

  it('writes every number as the en-US formatter does', () => {
    const formatter = new Intl.NumberFormat('en-US')
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -5000, max: 5000 }), fc.double({ noNaN: true })), (value) => {
        expect(formatCount(value)).toBe(formatter.format(value))
      }),
    )
  })
})

describe('plural', () => {
  it('says one in the singular and any other count in the plural', () => {
    expect(plural(1, 'file')).toBe('1 file')
    expect(plural(0, 'file')).toBe('0 files')
    expect(plural(1200, 'repository', 'repositories')).toBe('1,200 repositories')
  })
})
