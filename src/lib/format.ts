/** A count as the screens write it: 3,876 (grouped, whatever the browser's locale). */
export const formatCount = (value: number): string => value.toLocaleString('en-US')
