import { isSensitive, type ApiEndpoint, type EndpointAuth } from '@/data/endpoints'
import {
  choiceField,
  filterDefaults,
  optionValues,
  readFilters,
  textField,
  writeFilters,
  type FilterFields,
} from '@/queries/filter-fields'

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
  { value: 'Unknown', label: 'Unknown scheme' },
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

/** `?q=&category=&auth=&method=&repository=&sort=`; the kind is the path's. */
export const endpointFilterFields: FilterFields<Omit<EndpointFilters, 'kind'>> = {
  search: textField('q'),
  category: choiceField('category', optionValues(categoryOptions), 'all'),
  auth: choiceField('auth', optionValues(authOptions), 'all'),
  method: textField('method', { default: ALL_METHODS, normalise: (method) => method.toUpperCase() }),
  repository: textField('repository'),
  sort: choiceField('sort', optionValues(endpointSorts), 'exposure'),
}

export const defaultEndpointFilters: EndpointFilters = { ...filterDefaults(endpointFilterFields), kind: 'all' }

/** The filters of an address query; the kind comes from the path. */
export function endpointFiltersFromQuery(query: string, kind: ApiKind): EndpointFilters {
  return { ...readFilters(endpointFilterFields, query), kind }
}

/** The address query of the filters (the kind is the path's), defaults left out. */
export function endpointFiltersToQuery(filters: EndpointFilters): string {
  return writeFilters(endpointFilterFields, filters)
}

export const apisPath = (kind: ApiKind) => (kind === 'all' ? '/apis' : `/apis/${kind}`)

/** The address of the headline's list: sensitive endpoints with no authentication. */
export const exposedEndpointsUrl = `${apisPath('all')}?category=sensitive&auth=None`

/** The address of the sensitive endpoints whose security scheme Vigil cannot read. */
export const unreadableEndpointsUrl = `${apisPath('all')}?category=sensitive&auth=Unknown`

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
