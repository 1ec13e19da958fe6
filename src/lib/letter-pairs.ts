const LETTERS = 26
const A = 'a'.charCodeAt(0)
/** The pairs of the letters a–z, then the letters alone (a one-letter needle is a set of its own). */
const PAIRS = LETTERS * LETTERS
const SETS = PAIRS + LETTERS

/** The letter at `at` in `text` as a set number (PAIRS and up), or -1 where it is not a letter a–z. */
function letterAt(text: string, at: number) {
  const letter = text.charCodeAt(at) - A
  return letter >= 0 && letter < LETTERS ? PAIRS + letter : -1
}

/** The pair of letters at `at` in `text` as a number below PAIRS, or -1 where either is not a letter a–z. */
function pairAt(text: string, at: number) {
  const first = text.charCodeAt(at) - A
  const second = text.charCodeAt(at + 1) - A
  return first >= 0 && first < LETTERS && second >= 0 && second < LETTERS ? first * LETTERS + second : -1
}

/** What a needle asks of the texts: those that may hold it, as a bit per text, and whether that alone decides. */
export interface NeedleCandidates {
  /** Bit `index` (word `index >>> 5`, bit `index & 31`) is set for a text that holds every pair of the needle. */
  texts: Uint32Array
  /** A needle of one or two letters: a text holds it exactly when it holds its letter or pair. */
  exact: boolean
}

/** Whether bit `index` of a bit set (from needleCandidates) is set. */
export const hasBit = (bits: Uint32Array, index: number) => (bits[index >>> 5] & (1 << (index & 31))) !== 0

/**
 * Which pairs of adjacent letters (a–z) each of a fixed list of lower-case texts holds, so that a
 * substring search tests a bit per text before it reads the text: a text that lacks a pair of the
 * needle cannot hold the needle. Kept as one bit set over the texts per pair, so that a search
 * reads a set a few kilobytes long however the texts are ordered.
 *
 * Recorded in slices (`record`), so that a large list is read while the page is idle; until every
 * text is recorded, `needleCandidates` answers undefined and the search reads the texts.
 */
export class LetterPairs {
  private sets: Uint32Array | undefined
  private readonly words: number
  private recorded = 0

  constructor(private readonly texts: readonly string[]) {
    this.words = Math.ceil(texts.length / 32)
  }

  get complete(): boolean {
    return this.recorded === this.texts.length
  }

  /** Records texts until all are recorded or `more()` says stop; answers whether all are. */
  record(more: () => boolean = () => true): boolean {
    const sets = (this.sets ??= new Uint32Array(SETS * this.words))
    while (this.recorded < this.texts.length && more()) {
      const end = Math.min(this.texts.length, this.recorded + 500)
      for (let index = this.recorded; index < end; index++) {
        const text = this.texts[index]
        const word = index >>> 5
        const bit = 1 << (index & 31)
        for (let at = 0; at < text.length; at++) {
          const letter = letterAt(text, at)
          if (letter >= 0) sets[letter * this.words + word] |= bit
          const pair = at < text.length - 1 ? pairAt(text, at) : -1
          if (pair >= 0) sets[pair * this.words + word] |= bit
        }
      }
      this.recorded = end
    }
    return this.complete
  }

  /**
   * The texts that hold every pair of letters of a lower-case needle (or its letter, for a needle
   * of one), or undefined when the texts are not all recorded or the needle has no letter pair.
   */
  needleCandidates(needle: string): NeedleCandidates | undefined {
    if (!this.complete || needle.length === 0) return undefined
    const sets = this.sets as Uint32Array
    if (needle.length === 1) {
      const letter = letterAt(needle, 0)
      return letter < 0
        ? undefined
        : { texts: sets.subarray(letter * this.words, (letter + 1) * this.words), exact: true }
    }
    let texts: Uint32Array | undefined
    for (let at = 0; at < needle.length - 1; at++) {
      const pair = pairAt(needle, at)
      if (pair < 0) continue
      const set = sets.subarray(pair * this.words, (pair + 1) * this.words)
      if (!texts) texts = set
      else {
        // The first pair's set is the index's own: the intersection is a copy.
        if (texts.buffer === sets.buffer) texts = texts.slice()
        for (let word = 0; word < this.words; word++) texts[word] &= set[word]
      }
    }
    return texts && { texts, exact: needle.length === 2 && pairAt(needle, 0) >= 0 }
  }
}
