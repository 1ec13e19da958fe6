import { describe, expect, it, vi } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { defaultFilters, filterRepositories, type RepositoryFilters } from '@/queries/repositories/repository-filters'
import { listRepositories } from '@/data/repositories'
import { repoFiltersMachine, SEARCH_ADDRESS_DELAY_MS } from './repo-filters.machine'

function start(filters?: RepositoryFilters) {
  const writeUrl = vi.fn()
  const clock = new SimulatedClock()
  const actor = createActor(repoFiltersMachine.provide({ actions: { writeUrl: (_, params) => writeUrl(params) } }), {
    input: { filters },
    clock,
  }).start()
  const shown = () =>
    filterRepositories(listRepositories(), actor.getSnapshot().context).map((repository) => repository.name)
  return { actor, writeUrl, shown, clock }
}

describe('repo-filters machine', () => {
  it('starts from the filters of the address, or the defaults', () => {
    expect(start().actor.getSnapshot().context).toEqual(defaultFilters)
    const filters: RepositoryFilters = { search: 'api', visibility: 'public', language: 'Go', sort: null }
    expect(start(filters).actor.getSnapshot().context).toEqual(filters)
  })

  it('searches at once and writes the address once typing pauses, replacing the entry', () => {
    const { actor, writeUrl, shown, clock } = start()
    actor.send({ type: 'filters.search', search: 'Back' })
    clock.increment(SEARCH_ADDRESS_DELAY_MS - 1)
    actor.send({ type: 'filters.search', search: 'Backend' })
    expect(shown()).toEqual(['quantum-backend'])
    expect(actor.getSnapshot().matches({ filtering: 'typing' })).toBe(true)
    clock.increment(SEARCH_ADDRESS_DELAY_MS - 1)
    expect(writeUrl).not.toHaveBeenCalled()
    clock.increment(1)
    expect(writeUrl).toHaveBeenCalledTimes(1)
    expect(writeUrl).toHaveBeenLastCalledWith({ filters: { ...defaultFilters, search: 'Backend' }, push: false })
    expect(actor.getSnapshot().matches({ filtering: 'settled' })).toBe(true)
  })

  it('writes the address at once when the search field is left, and the pending write never fires later', () => {
    const { actor, writeUrl, clock } = start()
    actor.send({ type: 'filters.search', search: 'nexus' })
    actor.send({ type: 'filters.commit' })
    expect(writeUrl).toHaveBeenCalledTimes(1)
    expect(writeUrl).toHaveBeenLastCalledWith({ filters: { ...defaultFilters, search: 'nexus' }, push: false })
    expect(actor.getSnapshot().matches({ filtering: 'settled' })).toBe(true)
    clock.increment(SEARCH_ADDRESS_DELAY_MS * 4)
    actor.send({ type: 'filters.commit' })
    expect(writeUrl).toHaveBeenCalledTimes(1)
  })

  it('filters by visibility and language, adding an address entry for each choice', () => {
    const { actor, writeUrl, shown } = start()
    actor.send({ type: 'filters.visibility', visibility: 'private' })
    expect(shown()).toEqual(['aurora-dashboard', 'quantum-backend'])
    actor.send({ type: 'filters.language', language: 'Python' })
    expect(shown()).toEqual(['quantum-backend'])
    expect(writeUrl).toHaveBeenLastCalledWith({
      filters: { search: '', visibility: 'private', language: 'Python', sort: null },
      push: true,
    })
  })

  it('combines all three with AND', () => {
    const { actor, shown } = start()
    actor.send({ type: 'filters.language', language: 'TypeScript' })
    expect(shown()).toEqual(['atlas-storefront', 'aurora-dashboard', 'stellar-frontend'])
    actor.send({ type: 'filters.visibility', visibility: 'public' })
    expect(shown()).toEqual(['atlas-storefront', 'stellar-frontend'])
    actor.send({ type: 'filters.search', search: 'checkout' })
    expect(shown()).toEqual(['atlas-storefront'])
  })

  it('refuses an unknown visibility and treats an empty language as all', () => {
    const { actor, writeUrl } = start()
    actor.send({ type: 'filters.visibility', visibility: 'secret' as never })
    expect(actor.getSnapshot().context.visibility).toBe('all')
    expect(writeUrl).not.toHaveBeenCalled()
    actor.send({ type: 'filters.language', language: '' })
    expect(actor.getSnapshot().context.language).toBe('all')
  })

  it('sorts by a column, toggling the direction when the same column is chosen again', () => {
    const { actor, writeUrl } = start()
    actor.send({ type: 'sort.by', column: 'name' })
    expect(actor.getSnapshot().context.sort).toEqual({ column: 'name', direction: 'asc' })
    actor.send({ type: 'sort.by', column: 'name' })
    expect(actor.getSnapshot().context.sort).toEqual({ column: 'name', direction: 'desc' })
    actor.send({ type: 'sort.by', column: 'vulnerabilities' })
    expect(actor.getSnapshot().context.sort).toEqual({ column: 'vulnerabilities', direction: 'desc' })
    expect(writeUrl).toHaveBeenLastCalledWith({
      filters: { ...defaultFilters, sort: { column: 'vulnerabilities', direction: 'desc' } },
      push: true,
    })
  })

  it('resets every filter', () => {
    const { actor, writeUrl } = start({
      search: 'x',
      visibility: 'private',
      language: 'SQL',
      sort: { column: 'name', direction: 'asc' },
    })
    actor.send({ type: 'filters.reset' })
    expect(actor.getSnapshot().context).toEqual(defaultFilters)
    expect(writeUrl).toHaveBeenLastCalledWith({ filters: defaultFilters, push: true })
  })

  it('follows the address on back and forward without writing it again', () => {
    const { actor, writeUrl } = start()
    actor.send({
      type: 'filters.sync',
      filters: { search: 'nexus', visibility: 'public', language: 'all', sort: null },
    })
    expect(actor.getSnapshot().context.search).toBe('nexus')
    expect(writeUrl).not.toHaveBeenCalled()
  })
})
