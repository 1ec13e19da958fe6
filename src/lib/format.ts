const counts = new Intl.NumberFormat('en-US')

/**
 * A count as the screens write it: 3,876 (grouped, whatever the browser's locale). One formatter
 * for all: `toLocaleString` builds a new one per call, which tables pay in every cell. A whole
 * number under a thousand has no separator to add: it is written without asking the formatter,
 * which costs more than the rest of a table cell's text.
 */
export const formatCount = (value: number): string =>
  Number.isInteger(value) && value >= 0 && value < 1000 && !Object.is(value, -0) ? String(value) : counts.format(value)

/** `3 files` / `1 file`. */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatCount(count)} ${count === 1 ? one : many}`

/** A time as the screens write it, in the browser's locale; a text that is no time, as it is. */
export function localTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString()
}
