import { repositoryColumns } from './repository-columns'
import { describe, expect, it } from 'vitest'
import { generateOrganisation } from '@/data/generator'
import { ageInMinutes } from '@/lib/relative-time'
import { repositoriesToCsv } from './repositories-csv'
import { defaultRepositoryFilters, filterRepositories, type RepositoryFilters } from './repository-filters'
import { nameCollator, nameOrder } from './name-order'
import { createRepositoryQuery } from './repository-query'
import { listRepositories, type Repository } from '@/data/repositories'

const source = generateOrganisation(10_000)
const query = createRepositoryQuery(source)
const filters = (change: Partial<RepositoryFilters>): RepositoryFilters => ({ ...defaultRepositoryFilters, ...change })

describe('repository query', () => {
  it('filters exactly as the plain filter does, at 10,000 repositories', () => {
    for (const change of [
      {},
      { search: 'team' },
      { search: 'PUBLIC' },
      { visibility: 'private' as const },
      { language: 'Go' },
      { search: 'ing', visibility: 'public' as const, language: 'TypeScript' },
      { search: 'no repository has this text' },
    ]) {
      expect(query(filters(change)).toArray()).toEqual(filterRepositories(source, filters(change)))
    }
  })

  it('sorts by each column in both directions, keeping the organisation order for ties', () => {
    const check = (
      column: NonNullable<RepositoryFilters['sort']>['column'],
      key: (repository: Repository) => number,
    ) => {
      const ascending = query(filters({ sort: { column, direction: 'asc' } })).toArray()
      const descending = query(filters({ sort: { column, direction: 'desc' } })).toArray()
      for (let i = 1; i < ascending.length; i++) expect(key(ascending[i - 1])).toBeLessThanOrEqual(key(ascending[i]))
      for (let i = 1; i < descending.length; i++)
        expect(key(descending[i - 1])).toBeGreaterThanOrEqual(key(descending[i]))
      const ties = ascending.filter((repository) => key(repository) === key(ascending[0]))
      expect(ties.map((repository) => source.indexOf(repository))).toEqual(
        [...ties.map((repository) => source.indexOf(repository))].sort((a, b) => a - b),
      )
    }
    check('apis', (repository) => repository.apiCount)
    check('policyIssues', (repository) => repository.policyViolations)
    check('vulnerabilities', (repository) => repository.vulnerabilities)
    check('updated', (repository) => -ageInMinutes(repository.lastUpdated))
    const byName = query(filters({ sort: { column: 'name', direction: 'asc' } }))
      .toArray()
      .map((repository) => repository.name)
    expect(byName.slice(0, 50)).toEqual(
      [...byName.slice(0, 50)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
    )
  })

  it('answers with the indexes of the matches in the organisation, read one row at a time', () => {
    const answer = query(filters({ search: 'team', sort: { column: 'apis', direction: 'desc' } }))
    // The plain filter, then a stable sort: ties keep the organisation's order.
    const expected = filterRepositories(source, filters({ search: 'team' })).sort((a, b) => b.apiCount - a.apiCount)
    expect(answer.indexes).toBeInstanceOf(Int32Array)
    expect(Array.from(answer.indexes, (index) => source[index])).toEqual(expected)
    expect(Array.from({ length: answer.length }, (_, position) => answer.at(position))).toEqual(expected)
    expect(answer.toArray()).toEqual(expected)
  })

  it('sorts the filtered view, not the whole data source', () => {
    const view = query(
      filters({ visibility: 'private', sort: { column: 'vulnerabilities', direction: 'desc' } }),
    ).toArray()
    expect(view.every((repository) => repository.isPrivate)).toBe(true)
    expect(view.length).toBe(source.filter((repository) => repository.isPrivate).length)
  })
})

describe('CSV export', () => {
  it('writes the table columns for exactly the rows given, in their order', () => {
    const rows = createRepositoryQuery(listRepositories())(
      filters({ visibility: 'private', sort: { column: 'apis', direction: 'desc' } }),
    ).toArray()
    expect(repositoriesToCsv(rows)).toBe(
      [
        repositoryColumns.flatMap((column) => column.csv.map(([header]) => header)).join(','),
        'quantum-backend,12 hours ago,"Core services for billing, patient records and notifications, with the PostgreSQL schema and jobs.",Python; SQL; Shell; Dockerfile,Private,11,0,3,3',
        'aurora-dashboard,1 day ago,"Internal analytics dashboard for operations teams, built on React with server-side reporting jobs.",TypeScript; CSS; HTML,Private,8,0,0,0',
        '',
      ].join('\r\n'),
    )
  })

  it.each([' =1+2', '  +SUM(A1)', '\u3000-2', '\uFF1D1+1', '\uFF0BA1', '\uFF0D1', '\uFF20SUM(A1)', '@cmd', '\t=1'])(
    'makes %j inert with a leading apostrophe',
    (name) => {
      const [repository] = listRepositories()
      const firstCell = repositoriesToCsv([{ ...repository, name }])
        .split('\r\n')[1]
        .split(',')[0]
      expect(firstCell.replace(/^"|"$/g, '').startsWith("'")).toBe(true)
    },
  )

  it('quotes what needs quoting and keeps formulas from running', () => {
    const [repository] = listRepositories()
    const csv = repositoriesToCsv([{ ...repository, name: '=HYPERLINK("x")', description: 'say "hi"\nthere' }])
    expect(csv.split('\r\n')[1]).toMatch(/^"'=HYPERLINK\(""x""\)",2 hours ago,"say ""hi""\nthere",/)
  })
})

describe('repository query while typing', () => {
  it('gives the same answers when each search narrows or widens the last one', () => {
    const typing = createRepositoryQuery(source)
    const typed = 'service platform'
    const steps = [...typed].map((_, index) => typed.slice(0, index + 1))
    for (const search of [...steps, ...steps.reverse(), 'x', 'xy', 'y']) {
      for (const visibility of ['all', 'private'] as const) {
        expect(typing(filters({ search, visibility })).toArray()).toEqual(
          filterRepositories(source, filters({ search, visibility })),
        )
      }
    }
  })

  it('hands back the very rows it gave before when a letter is deleted, so the table need not render again', () => {
    const typing = createRepositoryQuery(source)
    const before = typing(filters({ search: 'team' }))
    typing(filters({ search: 'teams' }))
    expect(typing(filters({ search: 'team' }))).toBe(before)
    expect(typing(filters({ search: 'team', language: 'Go' }))).not.toBe(before)
  })

  it('hands back the very rows it gave before when a letter leaves every row in, and new rows when it leaves one out', () => {
    const typing = createRepositoryQuery(listRepositories())
    const all = typing(filters({ search: '' }))
    // Every sample's name or description holds an "e".
    expect(typing(filters({ search: 'e' }))).toBe(all)
    const patient = typing(filters({ search: 'patient' }))
    expect(patient.toArray().map((repository) => repository.name)).toEqual(['quantum-backend'])
    expect(typing(filters({ search: 'patient r' }))).toBe(patient)
    expect(typing(filters({ search: 'patient rx' })).length).toBe(0)
    const sorted = typing(filters({ search: 'e', sort: { column: 'apis', direction: 'desc' } }))
    expect(sorted).not.toBe(all)
    expect(sorted.length).toBe(all.length)
    // The whole list is the same rows however long ago it was asked for.
    for (let letter = 0; letter < 26; letter++) typing(filters({ search: String.fromCharCode(97 + letter) }))
    expect(typing(filters({ search: '' }))).toBe(all)
  })

  it('keeps nothing of a warming search: the answers before and after it are the same', () => {
    const typing = createRepositoryQuery(source)
    // As many answers as it keeps: a warming search kept among them would push the first out.
    const searches = Array.from({ length: 16 }, (_, index) => `team ${index}`)
    const before = searches.map((search) => typing(filters({ search })))
    typing.warm()
    for (const [place, search] of searches.entries()) expect(typing(filters({ search }))).toBe(before[place])
    for (const search of ['teams', 'e', 'se', ''])
      expect(typing(filters({ search })).toArray()).toEqual(filterRepositories(source, filters({ search })))
  })

  it('sorts by name with an order sorted elsewhere, and ignores one that is not of this source', () => {
    const collator = nameCollator()
    const byName = (direction: 'asc' | 'desc') =>
      source
        .map((_, index) => index)
        .sort((a, b) => (direction === 'asc' ? 1 : -1) * collator.compare(source[a].name, source[b].name) || a - b)
        .map((index) => source[index])
    for (const direction of ['asc', 'desc'] as const)
      expect(createRepositoryQuery(source)(filters({ sort: { column: 'name', direction } })).toArray()).toEqual(
        byName(direction),
      )
    const given = createRepositoryQuery(source)
    given.takeNameOrder(
      nameOrder(
        source.map((repository) => repository.name),
        collator,
      ),
    )
    expect(given(filters({ sort: { column: 'name', direction: 'asc' } })).toArray()).toEqual(byName('asc'))
    expect(given(filters({ sort: { column: 'name', direction: 'desc' } })).toArray()).toEqual(byName('desc'))
    // The given order is the one used: an order that is not the names' own shows as it was given.
    const trusting = createRepositoryQuery(source)
    trusting.takeNameOrder({
      ascending: Int32Array.from(source, (_, index) => index),
      tied: new Uint8Array(source.length),
    })
    expect(trusting(filters({ sort: { column: 'name', direction: 'asc' } })).toArray()).toEqual(source)
    expect(trusting(filters({ sort: { column: 'name', direction: 'desc' } })).toArray()).toEqual([...source].reverse())
    const wrong = createRepositoryQuery(source)
    wrong.takeNameOrder({ ascending: new Int32Array(3), tied: new Uint8Array(3) })
    expect(wrong(filters({ sort: { column: 'name', direction: 'asc' } })).toArray()).toEqual(byName('asc'))
  })
})
