import { describe, expect, it } from 'vitest'
import { descending, nameCollator, nameOrder } from './name-order'

// Case, accents and numbers that sort by value, with names equal to the collator at 1, 4 and 6.
const names = ['beta-10', 'Alpha', 'beta-9', 'éclair', 'ALPHA', 'eclair', 'alpha', 'beta-100', 'Zulu']

const sortedDirectly = (direction: 1 | -1) => {
  const collator = nameCollator()
  return names.map((_, index) => index).sort((a, b) => direction * collator.compare(names[a], names[b]) || a - b)
}

describe('name order', () => {
  it('sorts ascending by letters whatever their case and accents, numbers by value, equal names by index', () => {
    expect(Array.from(nameOrder(names).ascending)).toEqual(sortedDirectly(1))
    expect(Array.from(nameOrder(names).ascending, (index) => names[index])).toEqual([
      'Alpha',
      'ALPHA',
      'alpha',
      'beta-9',
      'beta-10',
      'beta-100',
      'éclair',
      'eclair',
      'Zulu',
    ])
  })

  it('turns the ascending order round for descending, equal names still by index', () => {
    expect(Array.from(descending(nameOrder(names)))).toEqual(sortedDirectly(-1))
  })

  it('marks which names equal the one before them', () => {
    expect(Array.from(nameOrder(names).tied)).toEqual([0, 1, 1, 0, 0, 0, 0, 1, 0])
  })

  it('handles no names and one', () => {
    expect(Array.from(descending(nameOrder([])))).toEqual([])
    expect(Array.from(descending(nameOrder(['only'])))).toEqual([0])
  })
})
