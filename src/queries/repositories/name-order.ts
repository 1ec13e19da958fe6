/** How repository names sort: by letters regardless of case and accents, numbers by value. */
export const nameCollator = () => new Intl.Collator('en', { sensitivity: 'base', numeric: true })

/**
 * Names in ascending collation order (their indexes; equal names keep their index order), and
 * which of them equal the one before: enough to turn the order round without comparing again.
 */
export interface NameOrder {
  ascending: Int32Array
  /** 1 where the name at that place in `ascending` equals the one before it. */
  tied: Uint8Array
}

export function nameOrder(names: readonly string[], collator = nameCollator()): NameOrder {
  const ascending = Int32Array.from(names, (_, index) => index).sort(
    (a, b) => collator.compare(names[a], names[b]) || a - b,
  )
  const tied = new Uint8Array(ascending.length)
  for (let place = 1; place < ascending.length; place++)
    tied[place] = collator.compare(names[ascending[place - 1]], names[ascending[place]]) === 0 ? 1 : 0
  return { ascending, tied }
}

/** The descending order: reversed, with each run of equal names turned back to index order. */
export function descending({ ascending, tied }: NameOrder): Int32Array {
  const order = new Int32Array(ascending.length)
  let end = ascending.length
  for (let start = end - 1; start >= 0; start--) {
    if (tied[start]) continue
    // ascending[start..end) is one run of equal names: it goes next, in its own order.
    order.set(ascending.subarray(start, end), ascending.length - end)
    end = start
  }
  return order
}
