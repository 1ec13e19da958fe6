import { describe, expect, it } from 'vitest'
import { filterEndpoints, headlineCounts, sortEndpoints } from './endpoint-query'
import {
  endpointFiltersFromQuery,
  endpointFiltersToQuery,
  endpointKind,
  type EndpointFilters,
} from './endpoint-filters'
import { endpointsToCsv } from './endpoints-csv'
import { type EndpointOccurrences } from '@/data/endpoints'
import type { ApiEndpoint } from '@/data/endpoints'
import type { Repository } from '@/data/repositories'

const repositories = [{ name: 'shop' }, { name: 'clinic' }] as Repository[]

const endpoint = (method: string, path: string, extra: Partial<ApiEndpoint> = {}): ApiEndpoint => ({
  id: `${method} ${path}`,
  method,
  path,
  auth: 'JWT',
  pii: false,
  pci: false,
  phi: false,
  description: '',
  ...extra,
})

const occurrences: EndpointOccurrences = {
  repository: [0, 0, 0, 1, 1, 1],
  endpoint: [
    endpoint('POST', '/newsletter', { auth: 'None', pii: true, description: 'Subscribe an email address' }),
    endpoint('GET', '/products'),
    endpoint('POST', '/graphql', { description: 'The storefront graph' }),
    endpoint('POST', '/api', { description: 'query Patient { name }', phi: true, pii: true }),
    endpoint('POST', 'orderPaid', { channel: 'webhook', pci: true, auth: 'Unknown' }),
    endpoint('GET', '/patients/{id}', {
      phi: true,
      pii: true,
      reasons: [{ category: 'phi', text: '`diagnosis` in the 200 response' }],
    }),
  ],
}

const filters = (change: Partial<EndpointFilters> = {}): EndpointFilters => ({
  ...endpointFiltersFromQuery('', 'all'),
  ...change,
})
const paths = (shown: number[]) => shown.map((index) => occurrences.endpoint[index].path)

describe('the kinds of endpoint', () => {
  it('tells REST, GraphQL (by path or by an operation in the description) and webhooks or callbacks apart', () => {
    expect(occurrences.endpoint.map(endpointKind)).toEqual(['rest', 'rest', 'graphql', 'graphql', 'webhooks', 'rest'])
    expect(endpointKind(endpoint('POST', '/cb', { channel: 'callback' }))).toBe('webhooks')
    expect(endpointKind(endpoint('GET', '/graphqlite-docs'))).toBe('rest')
  })
})

describe('filters', () => {
  it('filters by kind, category, auth, method, repository and a search over path and summary', () => {
    const shown = (change: Partial<EndpointFilters>) =>
      paths(filterEndpoints(occurrences, repositories, filters(change)))
    expect(shown({ kind: 'graphql' })).toEqual(['/graphql', '/api'])
    expect(shown({ kind: 'webhooks' })).toEqual(['orderPaid'])
    expect(shown({ category: 'phi' })).toEqual(['/api', '/patients/{id}'])
    expect(shown({ category: 'none' })).toEqual(['/products', '/graphql'])
    expect(shown({ category: 'sensitive', auth: 'None' })).toEqual(['/newsletter'])
    expect(shown({ method: 'GET' })).toEqual(['/products', '/patients/{id}'])
    expect(shown({ repository: 'clinic', kind: 'rest' })).toEqual(['/patients/{id}'])
    expect(shown({ search: 'EMAIL' })).toEqual(['/newsletter'])
    expect(shown({ search: 'patients' })).toEqual(['/patients/{id}'])
  })

  it('answers a search typed letter by letter and erased again as a search of each path and summary would', () => {
    const typed = 'Patient {'
    const needles = [...typed].map((_, length) => typed.slice(0, length + 1))
    for (const search of [...needles, ...needles.toReversed()]) {
      const needle = search.trim().toLowerCase()
      const expected = occurrences.endpoint.flatMap(({ path, description }) =>
        path.toLowerCase().includes(needle) || description.toLowerCase().includes(needle) ? [path] : [],
      )
      expect(paths(filterEndpoints(occurrences, repositories, filters({ search })))).toEqual(expected)
    }
    // No match runs from the end of a path into its summary.
    expect(paths(filterEndpoints(occurrences, repositories, filters({ search: 'newsletter subscribe' })))).toEqual([])
  })

  it('counts sensitive endpoints with no authentication, and those whose scheme is unknown, for the headline', () => {
    expect(headlineCounts(occurrences)).toEqual({ endpoints: 6, sensitive: 4, exposed: 1, unreadable: 1 })
  })

  it('puts sensitive endpoints with no authentication first, then sensitive ones, then the rest', () => {
    const all = filterEndpoints(occurrences, repositories, filters())
    expect(paths(sortEndpoints(all, occurrences, repositories, 'exposure'))).toEqual([
      '/newsletter',
      '/api',
      '/patients/{id}',
      'orderPaid',
      '/graphql',
      '/products',
    ])
    expect(paths(sortEndpoints(all, occurrences, repositories, 'repository')).slice(0, 3)).toEqual([
      '/api',
      '/patients/{id}',
      'orderPaid',
    ])
  })

  it('keeps the filters in the address, and ignores values it does not know', () => {
    const chosen = filters({
      search: 'a b',
      category: 'pci',
      auth: 'API Key',
      method: 'PATCH',
      repository: 'shop',
      sort: 'path',
    })
    expect(endpointFiltersFromQuery(endpointFiltersToQuery(chosen), 'all')).toEqual(chosen)
    expect(endpointFiltersFromQuery('category=secret&auth=magic&sort=random', 'rest')).toEqual(
      filters({ kind: 'rest' }),
    )
    expect(endpointFiltersToQuery(filters())).toBe('')
  })
})

describe('CSV export', () => {
  it('writes the endpoints shown with their flags and reasons', () => {
    const lines = endpointsToCsv([5], occurrences, repositories).trimEnd().split('\r\n')
    expect(lines).toEqual([
      'Repository,Method,Path,Kind,Authentication,Data,Reasons,Summary,API description',
      'clinic,GET,/patients/{id},rest,JWT,PII PHI,`diagnosis` in the 200 response,,',
    ])
  })
})
