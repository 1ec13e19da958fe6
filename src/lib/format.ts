const counts = new Intl.NumberFormat('en-US')

/**
 * A count as the screens write it: 3,876 (grouped, whatever the browser's locale). One formatter
 * for all: `toLocaleString` builds a new one per call, which tables pay in every cell.
 */
export const formatCount = (value: number): string => counts.format(value)

/** `3 files` / `1 file`. */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatCount(count)} ${count === 1 ? one : many}`
