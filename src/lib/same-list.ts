/** Whether two lists hold the same items (the same objects, or equal numbers and strings) in the same order. */
export function sameItems<Item>(a: readonly Item[], b: readonly Item[]): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  for (let at = 0; at < a.length; at++) if (a[at] !== b[at]) return false
  return true
}

/**
 * A query's answers, kept per source: an answer that holds the same items as the last one for its
 * source is that last list, so that what renders from it (a table, a count) sees nothing new and
 * renders nothing. A keystroke that leaves the results as they were then costs the query alone.
 */
export function answerCacheBySource<Source extends object, Item>() {
  const last = new WeakMap<Source, Item[]>()
  return (source: Source, answer: Item[]): Item[] => {
    const kept = last.get(source)
    if (kept && sameItems(kept, answer)) return kept
    last.set(source, answer)
    return answer
  }
}
