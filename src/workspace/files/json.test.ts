import { describe, expect, it } from 'vitest'
import { asIsoTime, valueText } from './json'

describe('timestamps', () => {
  it.each([
    ['2026-11-20T08:00:00Z', '2026-11-20T08:00:00.000Z'],
    ['2021-08-25T12:20:30.123456789+02:00', '2021-08-25T10:20:30.123Z'],
    ['2024-01-05T10:11:12.5-0500', '2024-01-05T15:11:12.500Z'],
    ['2024-01-05 10:11:12Z', '2024-01-05T10:11:12.000Z'],
    ['2024-01-05T10:11Z', '2024-01-05T10:11:00.000Z'],
    ['2024-01-05', '2024-01-05T00:00:00.000Z'],
    ['2024-02-30T00:00:00Z', undefined],
    ['yesterday', undefined],
    ['', undefined],
    [1700000000, undefined],
  ])('reads %j as %j', (value, iso) => {
    expect(asIsoTime(value)).toBe(iso)
  })
})

describe('a value from a file as text', () => {
  it('writes strings and numbers as String does, and an object String cannot convert as JSON', () => {
    expect(valueText('3.1.0')).toBe('3.1.0')
    expect(valueText(2)).toBe('2')
    expect(valueText(undefined)).toBe('undefined')
    const unconvertible = JSON.parse('{"toString": {}}') as object
    expect(() => String(unconvertible)).toThrow(TypeError)
    expect(valueText(unconvertible)).toBe('{"toString":{}}')
    expect(valueText(['a', 1])).toBe('["a",1]')
  })
})
