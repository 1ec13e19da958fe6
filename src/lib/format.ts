/** A count as the screens write it: 3,876 (grouped, whatever the browser's locale). */
export const formatCount = (value: number): string => value.toLocaleString('en-US')

/** `3 files` / `1 file`. */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatCount(count)} ${count === 1 ? one : many}`
