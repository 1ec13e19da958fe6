/** Narrowing helpers for JSON of unknown shape: a reader never trusts a field's type. */

export type JsonObject = Record<string, unknown>

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const asObject = (value: unknown): JsonObject => (isObject(value) ? value : {})

export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

export const asObjects = (value: unknown): JsonObject[] => asArray(value).filter(isObject)

/** The non-empty strings of a list, trimmed. */
export const asStrings = (value: unknown): string[] =>
  asArray(value)
    .map(asText)
    .filter((text): text is string => text !== undefined)

/** A non-empty trimmed string, else undefined. */
export function asText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const text = value.trim()
  return text === '' ? undefined : text
}

export function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value)
    return Number.isFinite(number) ? number : undefined
  }
  return undefined
}

/**
 * A timestamp as an ISO 8601 string in UTC (`2026-11-20T08:00:00.000Z`), from RFC 3339 text with
 * any number of fraction digits and any offset (Go writes nanoseconds); else undefined.
 */
export function asIsoTime(value: unknown): string | undefined {
  const text = asText(value)
  if (!text) return undefined
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(text)
  if (!match) return undefined
  const [, day, time = '00:00:00', fraction = '', zone = 'Z'] = match
  const [year, month, date] = day.split('-').map(Number)
  // Date rolls 30 February over to March: a day that does not exist is no timestamp.
  if (new Date(Date.UTC(year, month - 1, date)).getUTCDate() !== date) return undefined
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')
  const milliseconds = (fraction + '000').slice(0, 3)
  const instant = new Date(`${day}T${time.length === 5 ? `${time}:00` : time}.${milliseconds}${offset}`)
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString()
}

/** An own property only: a key such as `__proto__` in the file is data, never the prototype. */
/**
 * The day a date names, YYYY-MM-DD as written: `2025-02-25` and `2025-02-25T20:33:53-05:00` both
 * give `2025-02-25`, the calendar day the writer meant, not the UTC one. Undefined for no date.
 */
export function asIsoDay(value: unknown): string | undefined {
  const text = asText(value)
  return text && asIsoTime(text) ? text.slice(0, 10) : undefined
}

/** The object without its unset fields, so that what is kept serialises and compares cleanly. */
export function compact<T extends object>(value: T): T {
  const kept: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value)) if (field !== undefined) kept[key] = field
  return kept as T
}

export function own(object: JsonObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined
}

/**
 * A value from a file as text for a message or a key: strings, numbers and the like as `String`
 * writes them, anything else as JSON. `String` itself throws on an object whose own `toString` is
 * not a function, which a file can hold (`{"toString": {}}`).
 */
export function valueText(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value)
  return JSON.stringify(value)
}

export const unique = <T>(values: T[]): T[] => [...new Set(values)]

export { plural } from '@/lib/format'
