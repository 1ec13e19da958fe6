import { describe, expect, it } from 'vitest'
import { hasBit, LetterPairs } from './letter-pairs'

/** A small seeded generator: the same texts on every run. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    return seed / 2 ** 31
  }
}

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789 -_.é\n'

function texts(count: number, next: () => number) {
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(next() * 40) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''),
  )
}

function candidates(pairs: LetterPairs, count: number, needle: string) {
  const asked = pairs.needleCandidates(needle)
  if (!asked) return undefined
  return {
    exact: asked.exact,
    texts: Array.from({ length: count }, (_, index) => index).filter((index) => hasBit(asked.texts, index)),
  }
}

describe('LetterPairs', () => {
  it('answers nothing until every text is recorded, and records in slices', () => {
    const list = texts(1_800, random(1))
    const pairs = new LetterPairs(list)
    expect(pairs.needleCandidates('ab')).toBeUndefined()
    let slices = 0
    expect(pairs.record(() => slices++ < 1)).toBe(false)
    expect(pairs.complete).toBe(false)
    expect(pairs.needleCandidates('ab')).toBeUndefined()
    expect(pairs.record()).toBe(true)
    expect(pairs.needleCandidates('ab')).toBeDefined()
  })

  it('never leaves out a text that holds the needle, and decides one- and two-letter needles alone', () => {
    const next = random(7)
    const list = texts(3_000, next)
    const pairs = new LetterPairs(list)
    pairs.record()
    const needles = [
      ...Array.from({ length: 300 }, () => {
        const text = list[Math.floor(next() * list.length)]
        const start = Math.floor(next() * text.length)
        return text.slice(start, start + 1 + Math.floor(next() * 5))
      }),
      ...texts(200, next).map((text) => text.slice(0, 4)),
    ].filter((needle) => needle.length > 0)
    let decided = 0
    for (const needle of needles) {
      const holding = list.flatMap((text, index) => (text.includes(needle) ? [index] : []))
      const asked = candidates(pairs, list.length, needle)
      if (!asked) continue
      expect(asked.texts).toEqual(expect.arrayContaining(holding))
      if (asked.exact) {
        decided += 1
        expect(asked.texts).toEqual(holding)
      }
    }
    expect(decided).toBeGreaterThan(50)
  })

  it('asks nothing of a needle without a letter pair, and counts no pair across other characters', () => {
    const pairs = new LetterPairs(['ab\ncd', 'x-y', 'bc'])
    pairs.record()
    for (const needle of ['42', '-', ' ', 'é']) expect(pairs.needleCandidates(needle)).toBeUndefined()
    // "b\nc" and "x-y" hold no pair bc or xy: only the text "bc" is a candidate for "bc".
    expect(candidates(pairs, 3, 'bc')).toEqual({ exact: true, texts: [2] })
    expect(candidates(pairs, 3, 'xy')).toEqual({ exact: true, texts: [] })
    // A needle with a letter pair and other characters narrows by the pair, and the text decides.
    expect(candidates(pairs, 3, 'x-y')).toBeUndefined()
    expect(candidates(pairs, 3, 'b\nc')).toBeUndefined()
    expect(candidates(pairs, 3, 'ab\nc')).toEqual({ exact: false, texts: [0] })
  })
})
