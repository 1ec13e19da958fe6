import { describe, expect, it } from 'vitest'
import { SubstringSearch } from './substring-search'

/** Counts how many texts a search reads, through a list that notes each read. */
function counted(texts: string[]) {
  let reads = 0
  const noted = new Proxy(texts, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1
      return Reflect.get(target, key, receiver)
    },
  })
  return { search: new SubstringSearch(noted), reads: () => reads }
}

const names = ['service-mesh', 'user-service', 'billing', 'observer', 'platform-team', 'serverless']
const naive = (needle: string) => names.flatMap((name, index) => (name.includes(needle) ? [index] : []))

describe('substring search', () => {
  it('finds the same texts as reading every one, key by key forwards and backwards', () => {
    const { search } = counted(names)
    const typed = 'service'
    const needles = [...typed].map((_, end) => typed.slice(0, end + 1))
    for (const needle of [...needles, ...needles.toReversed(), '', 'x', 'e', 'er', 'rv']) {
      expect([...search.matching(needle)]).toEqual(naive(needle))
    }
  })

  it('narrows a longer needle from the matches of the shorter one instead of reading every text', () => {
    const { search, reads } = counted(names)
    search.matching('ser')
    const afterFirst = reads()
    expect(afterFirst).toBe(names.length)
    expect([...search.matching('serv')]).toEqual([0, 1, 3, 5])
    // 'serv' was looked for only among the four texts holding 'ser'.
    expect(reads() - afterFirst).toBe(4)
  })

  it('answers a needle searched before from memory (a Backspace) without reading again', () => {
    const { search, reads } = counted(names)
    search.matching('se')
    search.matching('ser')
    const before = reads()
    expect([...search.matching('se')]).toEqual(naive('se'))
    expect(reads()).toBe(before)
  })
})
