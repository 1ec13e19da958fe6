import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { addressFiltersMachine, TYPING_ADDRESS_DELAY_MS, type AddressFilters } from './address-filters.machine'

const initial = { search: '', severity: 'all', view: 'grouped' }

function start(filters: AddressFilters = initial) {
  const clock = new SimulatedClock()
  const actor = createActor(addressFiltersMachine, { input: { filters }, clock }).start()
  const writes: AddressFilters[] = []
  actor.on('address.write', (event) => writes.push(event.filters))
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

  it('shows each keystroke at once and writes the address once typing pauses', () => {
    const { actor, clock, writes, filters } = start()
    actor.send({ type: 'filters.type', change: { search: 'l' } })
    expect(filters().search).toBe('l')
    clock.increment(TYPING_ADDRESS_DELAY_MS - 1)
    actor.send({ type: 'filters.type', change: { search: 'lo' } })
    clock.increment(TYPING_ADDRESS_DELAY_MS - 1)
    expect(writes).toEqual([])
    expect(actor.getSnapshot().value).toBe('typing')
    clock.increment(1)
    expect(writes).toEqual([{ ...initial, search: 'lo' }])
    expect(actor.getSnapshot().value).toBe('settled')
  })

  it('writes at once when the search field is left, and the pending write never fires later', () => {
    const { actor, clock, writes } = start()
    actor.send({ type: 'filters.type', change: { search: 'nexus' } })
    actor.send({ type: 'filters.commit' })
    expect(writes).toEqual([{ ...initial, search: 'nexus' }])
    clock.increment(TYPING_ADDRESS_DELAY_MS * 4)
    actor.send({ type: 'filters.commit' })
    expect(writes).toHaveLength(1)
  })

  it('writes a choice at once, with the search typed so far, and cancels the pending write', () => {
    const { actor, clock, writes } = start()
    actor.send({ type: 'filters.type', change: { search: 'axios' } })
    actor.send({ type: 'filters.choose', change: { severity: 'High' } })
    expect(writes).toEqual([{ ...initial, search: 'axios', severity: 'High' }])
    clock.increment(TYPING_ADDRESS_DELAY_MS)
    expect(writes).toHaveLength(1)
  })

  it('takes the filters of an address changed elsewhere, dropping a write that would undo it', () => {
    const { actor, clock, writes, filters } = start()
    actor.send({ type: 'filters.type', change: { search: 'lod' } })
    const fromBack = { search: 'semver', severity: 'Low', view: 'flat' }
    actor.send({ type: 'filters.sync', filters: fromBack })
    expect(filters()).toEqual(fromBack)
    clock.increment(TYPING_ADDRESS_DELAY_MS * 2)
    expect(writes).toEqual([])
  })
})
