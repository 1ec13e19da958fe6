/** How many earlier searches a list keeps: enough for a query typed and backspaced again. */
const REMEMBERED_SEARCHES = 64

/**
 * Searches a fixed list of lower-case texts for a substring, as a search field does key by key.
 * A text that holds "serv" also holds "ser", so a search narrows the matches of the longest
 * earlier search its needle contains instead of reading every text again, and a needle searched
 * before (a Backspace) is answered from memory.
 */
export class SubstringSearch {
  private readonly remembered = new Map<string, Int32Array>()

  constructor(private readonly texts: readonly string[]) {}

  /** The indexes, ascending, of the texts that contain `needle` (every index for ''). */
  matching(needle: string): Int32Array {
    const known = this.remembered.get(needle)
    if (known) return known
    const within = this.narrowestContaining(needle)
    const found = new Int32Array(within ? within.length : this.texts.length)
    let count = 0
    if (within) {
      for (let place = 0; place < within.length; place++) {
        const index = within[place]
        if (this.texts[index].includes(needle)) found[count++] = index
      }
    } else {
      for (let index = 0; index < this.texts.length; index++)
        if (this.texts[index].includes(needle)) found[count++] = index
    }
    const matches = found.slice(0, count)
    if (this.remembered.size >= REMEMBERED_SEARCHES) this.remembered.delete(this.remembered.keys().next().value!)
    this.remembered.set(needle, matches)
    return matches
  }

  /** The fewest matches among earlier searches whose needle is part of this one. */
  private narrowestContaining(needle: string): Int32Array | undefined {
    let narrowest: Int32Array | undefined
    for (const [earlier, matches] of this.remembered) {
      if (needle.includes(earlier) && (!narrowest || matches.length < narrowest.length)) narrowest = matches
    }
    return narrowest
  }
}
