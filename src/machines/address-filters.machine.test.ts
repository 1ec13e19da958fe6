import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { createAddressFiltersMachine, TYPING_ADDRESS_DELAY_MS, type HistoryPolicy } from './address-filters.machine'

interface Filters {
  search: string
  severity: string
  view: string
}

const initial: Filters = { search: '', severity: 'all', view: 'grouped' }

function start(history: HistoryPolicy = 'replace', filters: Filters = initial) {
  const clock = new SimulatedClock()
  const actor = createActor(createAddressFiltersMachine<Filters>(), { input: { filters, history }, clock }).start()
  const writes: { filters: Filters; push: boolean }[] = []
  actor.on('address.write', ({ filters, push }) => writes.push({ filters, push }))
  const current = () => actor.getSnapshot().context.filters
  return { actor, clock, writes, filters: current }
}

describe('address-filters machine', () => {
  it('starts from the filters of the address, settled, writing nothing', () => {
    const { actor, writes, filters } = start()
    expect(filters()).toEqual(initial)
    expect(actor.getSnapshot().value).toBe('settled')
    expect(writes).toEqual([])
  })

  it('shows each keystroke at once and writes the address once typing pauses, replacing the entry', () => {
    const { actor, clock, writes, filters } = start('push')
    actor.send({ type: 'filters.type', change: { search: 'l' } })
    expect(filters().search).toBe('l')
    clock.increment(TYPING_ADDRESS_DELAY_MS - 1)
    actor.send({ type: 'filters.type', change: { search: 'lo' } })
    clock.increment(TYPING_ADDRESS_DELAY_MS - 1)
    expect(writes).toEqual([])
    expect(actor.getSnapshot().value).toBe('typing')
    clock.increment(1)
    expect(writes).toEqual([{ filters: { ...initial, search: 'lo' }, push: false }])
    expect(actor.getSnapshot().value).toBe('settled')
  })

  it('writes at once when the search field is left, and the pending write never fires later', () => {
    const { actor, clock, writes } = start()
    actor.send({ type: 'filters.type', change: { search: 'nexus' } })
    actor.send({ type: 'filters.commit' })
    expect(writes).toEqual([{ filters: { ...initial, search: 'nexus' }, push: false }])
    clock.increment(TYPING_ADDRESS_DELAY_MS * 4)
    actor.send({ type: 'filters.commit' })
    expect(writes).toHaveLength(1)
  })

  it('writes a choice at once, with the search typed so far, and cancels the pending write', () => {
    const { actor, clock, writes } = start()
    actor.send({ type: 'filters.type', change: { search: 'axios' } })
    actor.send({ type: 'filters.choose', change: { severity: 'High' } })
    expect(writes).toEqual([{ filters: { ...initial, search: 'axios', severity: 'High' }, push: false }])
    clock.increment(TYPING_ADDRESS_DELAY_MS)
    expect(writes).toHaveLength(1)
  })

  it.each([
    ['push', true],
    ['replace', false],
  ] as const)('adds a history entry for a choice only when the screen asks to (%s)', (history, push) => {
    const { actor, writes } = start(history)
    actor.send({ type: 'filters.choose', change: { view: 'flat' } })
    actor.send({ type: 'filters.choose', change: initial })
    expect(writes).toEqual([
      { filters: { ...initial, view: 'flat' }, push },
      { filters: initial, push },
    ])
  })

  it('takes the filters of an address changed elsewhere, dropping a write that would undo it', () => {
    const { actor, clock, writes, filters } = start('push')
    actor.send({ type: 'filters.type', change: { search: 'lod' } })
    const fromBack = { search: 'semver', severity: 'Low', view: 'flat' }
    actor.send({ type: 'filters.sync', filters: fromBack })
    expect(filters()).toEqual(fromBack)
    expect(actor.getSnapshot().value).toBe('settled')
    clock.increment(TYPING_ADDRESS_DELAY_MS * 2)
    expect(writes).toEqual([])
  })
})
