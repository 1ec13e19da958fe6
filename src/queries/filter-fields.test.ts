import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  choiceField,
  columnSortField,
  filterDefaults,
  idListField,
  numberChoiceField,
  readFilters,
  textField,
  writeFilters,
  type ColumnSort,
  type FilterField,
  type FilterFields,
} from './filter-fields'
import { vulnerabilityFilterFields } from './advisories/vulnerability-filters'
import { timelineFilterFields } from './dashboard/timeline-filters'
import { endpointFilterFields } from './endpoints/endpoint-filters'
import { failingFilterFields } from './policy/failing-findings'
import { repositoryFilterFields } from './repositories/repository-filters'

interface SampleFilters {
  search: string
  language: string
  method: string
  view: 'grouped' | 'flat'
  sort: 'name' | 'size'
  flatSort: 'path' | 'size'
  period: 30 | 90 | 365
  rules: string[]
  order: ColumnSort<'name' | 'updated'> | null
}

const fields: FilterFields<SampleFilters> = {
  search: textField('q'),
  language: textField('language', { default: 'all' }),
  method: textField('method', { default: 'all', normalise: (method) => method.toUpperCase() }),
  view: choiceField('view', ['grouped', 'flat'], 'grouped'),
  sort: { ...choiceField('sort', ['name', 'size'], 'name'), when: ({ view }) => view === 'grouped' },
  flatSort: { ...choiceField('sort', ['path', 'size'], 'path'), when: ({ view }) => view === 'flat' },
  period: numberChoiceField('period', [30, 90, 365], 90),
  rules: idListField('rules'),
  order: columnSortField('order', 'dir', ['name', 'updated']),
}

const defaults = filterDefaults(fields)
const read = (query: string) => readFilters(fields, query)
const write = (filters: Partial<SampleFilters>) => writeFilters(fields, { ...defaults, ...filters })

const id = fc.stringMatching(/^[^,\s][^,]*[^,\s]$|^[^,\s]$/)
const text = fc.string({ minLength: 1 })
/** Filters as the screens hold them: method upper-case, the sort of the other view at its default. */
const filtersArbitrary: fc.Arbitrary<SampleFilters> = fc
  .record({
    search: fc.string(),
    language: text,
    method: text.map((method) => method.toUpperCase()).filter((method) => method !== ''),
    view: fc.constantFrom('grouped', 'flat'),
    sort: fc.constantFrom('name', 'size'),
    flatSort: fc.constantFrom('path', 'size'),
    period: fc.constantFrom(30, 90, 365),
    rules: fc.array(id),
    order: fc.option(
      fc.record({ column: fc.constantFrom('name', 'updated'), direction: fc.constantFrom('asc', 'desc') }),
      { nil: null },
    ),
  })
  .map((filters) => ({
    ...filters,
    sort: filters.view === 'grouped' ? filters.sort : 'name',
    flatSort: filters.view === 'flat' ? filters.flatSort : 'path',
  }))

describe('filters kept in the address, declared once a field', () => {
  it('reads an empty query as the defaults, and writes the defaults as an empty query', () => {
    expect(defaults).toEqual({
      search: '',
      language: 'all',
      method: 'all',
      view: 'grouped',
      sort: 'name',
      flatSort: 'path',
      period: 90,
      rules: [],
      order: null,
    })
    expect(read('')).toEqual(defaults)
    expect(read('?')).toEqual(defaults)
    expect(write(defaults)).toBe('')
  })

  it('reads back every filter it writes', () => {
    fc.assert(
      fc.property(filtersArbitrary, (filters) => {
        expect(read(writeFilters(fields, filters))).toEqual(filters)
      }),
    )
  })

  it('leaves out each filter at its default, whatever the others', () => {
    fc.assert(
      fc.property(
        filtersArbitrary,
        fc.constantFrom(...(Object.keys(fields) as (keyof SampleFilters)[])),
        (filters, key) => {
          // The two sorts share a parameter: only the shown view's is written.
          if ((key === 'sort' && filters.view === 'flat') || (key === 'flatSort' && filters.view === 'grouped')) return
          const params = new URLSearchParams(writeFilters(fields, { ...filters, [key]: defaults[key] }))
          for (const param of fields[key].params) expect(params.has(param)).toBe(false)
        },
      ),
    )
  })

  it('writes the parameters in the order of the fields, whatever the order of the filters', () => {
    const filters: Partial<SampleFilters> = {
      order: { column: 'updated', direction: 'desc' },
      rules: ['a'],
      period: 30,
      search: 'x',
    }
    expect(write(filters)).toBe('q=x&period=30&rules=a&order=updated&dir=desc')
    expect(write({ view: 'flat', flatSort: 'size', method: 'GET', language: 'Go' })).toBe(
      'language=Go&method=GET&view=flat&sort=size',
    )
  })

  it.each([
    ['an unknown choice', 'view=tree', {}],
    ['a choice in another case', 'view=FLAT', {}],
    ['a number not offered', 'period=7', {}],
    ['a number that is not one', 'period=ninety', {}],
    ['an empty number', 'period=', {}],
    ['an unknown sort column', 'order=stars&dir=desc', {}],
    ['an empty text with a default', 'language=&method=', {}],
    ['empty ids', 'rules=,%20,', {}],
    ['a sort of the other view', 'sort=size', { sort: 'size' as const, view: 'grouped' as const }],
    ['the grouped view’s sort in the flat view', 'view=flat&sort=name', { view: 'flat' as const }],
  ])('drops %s and keeps the default', (_, query, kept) => {
    expect(read(query)).toEqual({ ...defaults, ...kept })
  })

  it('normalises what the address holds: text, ids and a sort direction', () => {
    expect(read('method=get&q=%20a%2Bb%20&rules=%20a%20,,b')).toEqual({
      ...defaults,
      method: 'GET',
      search: ' a+b ',
      rules: ['a', 'b'],
    })
    expect(read('order=name').order).toEqual({ column: 'name', direction: 'asc' })
    expect(read('order=name&dir=sideways').order).toEqual({ column: 'name', direction: 'asc' })
    expect(read('dir=desc').order).toBeNull()
  })

  it('writes a sort with its direction, ascending too, and ids joined by commas', () => {
    expect(write({ order: { column: 'name', direction: 'asc' } })).toBe('order=name&dir=asc')
    expect(write({ rules: ['js/xss', 'CVE-1'] })).toBe('rules=js%2Fxss%2CCVE-1')
  })

  it('reads the first of a repeated parameter', () => {
    expect(read('view=flat&view=grouped&q=a&q=b')).toMatchObject({ view: 'flat', search: 'a' })
  })

  it('reads any query, however malformed, as filters the fields allow', () => {
    fc.assert(
      fc.property(fc.string(), (query) => {
        const filters = read(query)
        expect(['grouped', 'flat']).toContain(filters.view)
        expect([30, 90, 365]).toContain(filters.period)
        expect(filters.rules.every((rule) => rule !== '' && rule === rule.trim())).toBe(true)
        expect(read(writeFilters(fields, filters))).toEqual(filters)
      }),
    )
  })
})

/** Any address of these fields' parameters reads as filters that write, and read back, as the same. */
function readsBackWhatItWrites<Filters>(fields: FilterFields<Filters>) {
  const allFields = Object.values(fields) as FilterField<unknown>[]
  const names = [...new Set(allFields.flatMap((field) => field.params))]
  // Words the screens' choices use, beside any text, so that choices are met as often as refused.
  const value = fc.oneof(
    fc.string(),
    fc.constantFrom(
      ...['asc', 'desc', 'flat', 'grouped', 'private', 'public', 'yes', 'no', '30', '90', '365', 'GET'],
      // The exploitation filters' choices.
      ...['kev', 'ransomware', '1', '10', '50'],
    ),
  )
  const query = fc
    .array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 8 })
    .map((pairs) => new URLSearchParams(pairs).toString())
  fc.assert(
    fc.property(query, (address) => {
      const filters = readFilters(fields, address)
      expect(readFilters(fields, writeFilters(fields, filters))).toEqual(filters)
    }),
  )
  expect(writeFilters(fields, filterDefaults(fields))).toBe('')
}

describe("each screen's field list", () => {
  it('vulnerabilities', () => readsBackWhatItWrites(vulnerabilityFilterFields))
  it('repositories', () => readsBackWhatItWrites(repositoryFilterFields))
  it('endpoints', () => readsBackWhatItWrites(endpointFilterFields))
  it('the dashboard timeline', () => readsBackWhatItWrites(timelineFilterFields))
  it('failing findings', () => readsBackWhatItWrites(failingFilterFields))
})
