/** Narrowing helpers for JSON of unknown shape: a reader never trusts a field's type. */

export type JsonObject = Record<string, unknown>

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const asObject = (value: unknown): JsonObject => (isObject(value) ? value : {})

export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

export const asObjects = (value: unknown): JsonObject[] => asArray(value).filter(isObject)

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

/** An own property only: a key such as `__proto__` in the file is data, never the prototype. */
export function own(object: JsonObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined
}

export const unique = <T>(values: T[]): T[] => [...new Set(values)]

export { plural } from '@/lib/format'
