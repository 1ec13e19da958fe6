import { rowsToCsv, type CsvColumn } from '@/lib/csv'
import { oneOf } from '@/lib/one-of'
import { allIndexes, sortedOnce } from '@/lib/sorted-once'
import type { ApiEndpoint, EndpointAuth } from '@/data/endpoints'
import type { Repository } from '@/data/repositories'

/** Every endpoint of every repository, in two columns: `repository[i]` indexes the repositories. */
export interface EndpointOccurrences {
  repository: number[]
  endpoint: ApiEndpoint[]
}

/** An API description in the workspace, as `/apis/documentation` lists it. */
export interface ApiDocumentListing {
  title: string
  version?: string
  specification: string
  repository: string
  file: string
  endpoints: number
  importedAt: string
}

/** The sidebar's sub-items of APIs: which endpoints each lists. */
export type ApiKind = 'all' | 'rest' | 'graphql' | 'webhooks'

const GRAPHQL_PATH = /(^|\/)graphql(\/|$|\?)/i
const GRAPHQL_OPERATION = /\bgraphql\b|^\s*(query|mutation|subscription)\b[\s\w]*[({]/i

export function isGraphQl(endpoint: Pick<ApiEndpoint, 'path' | 'description'>): boolean {
  return GRAPHQL_PATH.test(endpoint.path) || GRAPHQL_OPERATION.test(endpoint.description)
}

/** Webhooks and callbacks (OpenAPI 3.1) are the webhooks; HTTP endpoints are GraphQL or REST. */
export function endpointKind(endpoint: ApiEndpoint): Exclude<ApiKind, 'all'> {
  if (endpoint.channel === 'webhook' || endpoint.channel === 'callback') return 'webhooks'
  return isGraphQl(endpoint) ? 'graphql' : 'rest'
}

export const isSensitive = (endpoint: Pick<ApiEndpoint, 'pii' | 'pci' | 'phi'>) =>
  endpoint.pii || endpoint.pci || endpoint.phi

/** Sensitive data with no authentication: the headline of `/apis`. */
export const isExposed = (endpoint: ApiEndpoint) => isSensitive(endpoint) && endpoint.auth === 'None'

export type DataCategoryFilter = 'all' | 'sensitive' | 'pii' | 'pci' | 'phi' | 'none'
export type EndpointSort = 'exposure' | 'path' | 'repository' | 'method'

export const categoryOptions: { value: DataCategoryFilter; label: string }[] = [
  { value: 'all', label: 'Any data' },
  { value: 'sensitive', label: 'Any sensitive data' },
  { value: 'pii', label: 'PII' },
  { value: 'pci', label: 'PCI' },
  { value: 'phi', label: 'PHI' },
  { value: 'none', label: 'No sensitive data' },
]

/** None first: the endpoints anyone can call are the ones to look at. */
export const authOptions: { value: EndpointAuth | 'all'; label: string }[] = [
  { value: 'all', label: 'Any authentication' },
  { value: 'None', label: 'None' },
  { value: 'Unknown', label: 'Unknown (not declared)' },
  { value: 'Basic', label: 'Basic' },
  { value: 'API Key', label: 'API Key' },
  { value: 'JWT', label: 'JWT' },
]

export const endpointSorts: { value: EndpointSort; label: string }[] = [
  { value: 'exposure', label: 'Most exposed' },
  { value: 'path', label: 'Path' },
  { value: 'repository', label: 'Repository' },
  { value: 'method', label: 'Method' },
]

export interface EndpointFilters {
  search: string
  kind: ApiKind
  category: DataCategoryFilter
  auth: EndpointAuth | 'all'
  method: string
  /** A repository's name, or '' for every repository. */
  repository: string
  sort: EndpointSort
}

export const ALL_METHODS = 'all'

export function endpointFiltersFromQuery(query: string, kind: ApiKind): EndpointFilters {
  const params = new URLSearchParams(query)
  return {
    search: params.get('q') ?? '',
    kind,
    category: oneOf(
      params.get('category'),
      categoryOptions.map((option) => option.value),
      'all',
    ),
    auth: oneOf(
      params.get('auth'),
      authOptions.map((option) => option.value),
      'all',
    ),
    method: params.get('method')?.toUpperCase() || ALL_METHODS,
    repository: params.get('repository') ?? '',
    sort: oneOf(
      params.get('sort'),
      endpointSorts.map((option) => option.value),
      'exposure',
    ),
  }
}

export function endpointFiltersToQuery(filters: EndpointFilters): string {
  const params = new URLSearchParams()
  if (filters.search) params.set('q', filters.search)
  if (filters.category !== 'all') params.set('category', filters.category)
  if (filters.auth !== 'all') params.set('auth', filters.auth)
  if (filters.method !== ALL_METHODS) params.set('method', filters.method)
  if (filters.repository) params.set('repository', filters.repository)
  if (filters.sort !== 'exposure') params.set('sort', filters.sort)
  return params.toString()
}

export const apisPath = (kind: ApiKind) => (kind === 'all' ? '/apis' : `/apis/${kind}`)

/** The address of the headline's list: sensitive endpoints with no authentication. */
export const exposedEndpointsUrl = `${apisPath('all')}?category=sensitive&auth=None`

/** Whether an endpoint handles the data of the category (any sensitive data, none, or PII, PCI, PHI). */
export function matchesCategory(endpoint: ApiEndpoint, category: DataCategoryFilter): boolean {
  switch (category) {
    case 'all':
      return true
    case 'sensitive':
      return isSensitive(endpoint)
    case 'none':
      return !isSensitive(endpoint)
    default:
      return endpoint[category]
  }
}

/**
 * The endpoints that pass the filters (the search reads path and summary), in `order` when given,
 * else in the order of the organisation's occurrences.
 */
export function filterEndpoints(
  occurrences: EndpointOccurrences,
  repositories: Repository[],
  filters: EndpointFilters,
  order?: ArrayLike<number>,
): number[] {
  const needle = filters.search.trim().toLowerCase()
  const shown: number[] = []
  const count = order ? order.length : occurrences.endpoint.length
  for (let position = 0; position < count; position++) {
    const index = order ? order[position] : position
    const endpoint = occurrences.endpoint[index]
    if (filters.kind !== 'all' && endpointKind(endpoint) !== filters.kind) continue
    if (!matchesCategory(endpoint, filters.category)) continue
    if (filters.auth !== 'all' && endpoint.auth !== filters.auth) continue
    if (filters.method !== ALL_METHODS && endpoint.method !== filters.method) continue
    const repository = repositories[occurrences.repository[index]]
    if (filters.repository && repository?.name !== filters.repository) continue
    if (needle && !endpoint.path.toLowerCase().includes(needle) && !endpoint.description.toLowerCase().includes(needle))
      continue
    shown.push(index)
  }
  return shown
}

const endpointOrders = sortedOnce<EndpointOccurrences, EndpointSort>()

/** The endpoints that pass the filters in the order of `filters.sort`, sorted once per order. */
export function shownEndpoints(
  occurrences: EndpointOccurrences,
  repositories: Repository[],
  filters: EndpointFilters,
): number[] {
  const order = endpointOrders(occurrences, filters.sort, () =>
    sortEndpoints(allIndexes(occurrences.endpoint.length), occurrences, repositories, filters.sort),
  )
  return filterEndpoints(occurrences, repositories, filters, order)
}

/** Sensitive and unauthenticated first, then sensitive, then the rest; by path within each. */
const exposureRank = (endpoint: ApiEndpoint) => (isSensitive(endpoint) ? 0 : 2) + (endpoint.auth === 'None' ? 0 : 1)

export function sortEndpoints(
  shown: number[],
  occurrences: EndpointOccurrences,
  repositories: Repository[],
  sort: EndpointSort,
): number[] {
  const endpoint = (index: number) => occurrences.endpoint[index]
  const name = (index: number) => repositories[occurrences.repository[index]]?.name ?? ''
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  const byPath = (a: number, b: number) =>
    text(endpoint(a).path, endpoint(b).path) || text(endpoint(a).method, endpoint(b).method) || text(name(a), name(b))
  const compare: Record<EndpointSort, (a: number, b: number) => number> = {
    exposure: (a, b) => exposureRank(endpoint(a)) - exposureRank(endpoint(b)) || byPath(a, b),
    path: byPath,
    repository: (a, b) => text(name(a), name(b)) || byPath(a, b),
    method: (a, b) => text(endpoint(a).method, endpoint(b).method) || byPath(a, b),
  }
  return [...shown].sort(compare[sort])
}

/** How many endpoints handle sensitive data with no authentication. */
export function countExposed(occurrences: EndpointOccurrences): number {
  let exposed = 0
  for (const endpoint of occurrences.endpoint) if (isExposed(endpoint)) exposed += 1
  return exposed
}

export function methodsOf(occurrences: EndpointOccurrences): string[] {
  return [...new Set(occurrences.endpoint.map((endpoint) => endpoint.method))].sort()
}

const flags = (endpoint: ApiEndpoint) =>
  (['pii', 'pci', 'phi'] as const).filter((category) => endpoint[category]).map((category) => category.toUpperCase())

export function endpointsToCsv(shown: number[], occurrences: EndpointOccurrences, repositories: Repository[]): string {
  const endpoint = (index: number) => occurrences.endpoint[index]
  const columns: CsvColumn<number>[] = [
    ['Repository', (index) => repositories[occurrences.repository[index]]?.name],
    ['Method', (index) => endpoint(index).method],
    ['Path', (index) => endpoint(index).path],
    ['Kind', (index) => endpointKind(endpoint(index))],
    ['Authentication', (index) => endpoint(index).auth],
    ['Data', (index) => flags(endpoint(index)).join(' ')],
    ['Reasons', (index) => (endpoint(index).reasons ?? []).map((reason) => reason.text).join('; ')],
    ['Summary', (index) => endpoint(index).description],
    ['API description', (index) => endpoint(index).document],
  ]
  return rowsToCsv(columns, shown)
}
