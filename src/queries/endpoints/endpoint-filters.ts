import { oneOf } from '@/lib/one-of'
import { isSensitive, type ApiEndpoint, type EndpointAuth } from '@/data/endpoints'

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
