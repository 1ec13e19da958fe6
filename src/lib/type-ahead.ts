/** Menu type-ahead clears after 1 s. */
export const TYPE_AHEAD_RESET_MS = 1000

/**
 * Type-ahead over a list of item labels: letters typed within a second of each other form one
 * search; the same letter again moves to the next match.
 */
export function createTypeAhead(now: () => number = Date.now, resetMs = TYPE_AHEAD_RESET_MS) {
  let buffer = ''
  let lastKeyAt = -Infinity

  /** The index to focus after `key`, or undefined when nothing matches. */
  return function next(key: string, labels: string[], currentIndex: number): number | undefined {
    const time = now()
    if (time - lastKeyAt > resetMs) buffer = ''
    lastKeyAt = time
    buffer += key.toLowerCase()
    const normalised = labels.map((label) => label.trim().toLowerCase())
    const repeated = buffer.split('').every((char) => char === buffer[0])
    if (repeated) {
      for (let step = 1; step <= labels.length; step++) {
        const index = (currentIndex + step + labels.length) % labels.length
        if (normalised[index].startsWith(buffer[0])) return index
      }
      return undefined
    }
    const match = normalised.findIndex((label) => label.startsWith(buffer))
    return match === -1 ? undefined : match
  }
}
