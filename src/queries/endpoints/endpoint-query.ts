import { answerCacheBySource } from '@/lib/same-list'
import { allIndexes, sortedOnce } from '@/lib/sorted-once'
import { SubstringSearch } from '@/lib/substring-search'
import {
  countExposure,
  exposureRank,
  isSensitive,
  type EndpointExposure,
  type EndpointOccurrences,
} from '@/data/endpoints'
import type { Repository } from '@/data/repositories'
import { ALL_METHODS, endpointKind, matchesCategory, type EndpointFilters, type EndpointSort } from './endpoint-filters'

/**
 * Each organisation's search over its endpoints' path and summary, lowercased once: a keystroke
 * narrows the last answer instead of lowercasing every endpoint's texts again (at 10,000
 * repositories that was most of a keystroke's work).
 */
const searches = new WeakMap<EndpointOccurrences, SubstringSearch>()

/** Whether each endpoint's path or summary holds `needle`, by occurrence. */
function matchingSearch(occurrences: EndpointOccurrences, needle: string): Uint8Array {
  let search = searches.get(occurrences)
  if (!search) {
    // A newline never reaches a needle (the field is one line), so no match spans the two texts.
    search = new SubstringSearch(
      occurrences.endpoint.map((endpoint) => `${endpoint.path}\n${endpoint.description}`.toLowerCase()),
    )
    searches.set(occurrences, search)
  }
  const matching = search.matching(needle)
  const matches = new Uint8Array(occurrences.endpoint.length)
  // Indexed: `for … of` makes an iterator result per match whenever the loop runs unoptimised.
  for (let place = 0; place < matching.length; place++) matches[matching[place]] = 1
  return matches
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
  const matches = needle ? matchingSearch(occurrences, needle) : undefined
  const shown: number[] = []
  const count = order ? order.length : occurrences.endpoint.length
  for (let position = 0; position < count; position++) {
    const index = order ? order[position] : position
    // The search first: a keystroke's answer is most often the narrowest filter.
    if (matches && matches[index] === 0) continue
    const endpoint = occurrences.endpoint[index]
    if (filters.kind !== 'all' && endpointKind(endpoint) !== filters.kind) continue
    if (!matchesCategory(endpoint, filters.category)) continue
    if (filters.auth !== 'all' && endpoint.auth !== filters.auth) continue
    if (filters.method !== ALL_METHODS && endpoint.method !== filters.method) continue
    if (filters.repository && repositories[occurrences.repository[index]]?.name !== filters.repository) continue
    shown.push(index)
  }
  return shown
}

const endpointOrders = sortedOnce<EndpointOccurrences, EndpointSort>()

const keptEndpoints = answerCacheBySource<EndpointOccurrences, number>()

/**
 * The endpoints that pass the filters in the order of `filters.sort`, sorted once per order; the
 * same list as the last call when it holds the same endpoints (a keystroke that changes no row).
 */
export function shownEndpoints(
  occurrences: EndpointOccurrences,
  repositories: Repository[],
  filters: EndpointFilters,
): number[] {
  const order = endpointOrders(occurrences, filters.sort, () =>
    sortEndpoints(allIndexes(occurrences.endpoint.length), occurrences, repositories, filters.sort),
  )
  return keptEndpoints(occurrences, filterEndpoints(occurrences, repositories, filters, order))
}

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

/** The headline of `/apis`: endpoints, the sensitive ones and those of them anyone can call, or whose scheme Vigil cannot read. */
export interface EndpointHeadline extends EndpointExposure {
  /** Sensitive endpoints whose auth is Unknown: a security scheme Vigil cannot read. */
  unreadable: number
}

export function headlineCounts(occurrences: EndpointOccurrences): EndpointHeadline {
  let unreadable = 0
  for (const endpoint of occurrences.endpoint) if (endpoint.auth === 'Unknown' && isSensitive(endpoint)) unreadable += 1
  return { ...countExposure(occurrences.endpoint), unreadable }
}

export function methodsOf(occurrences: EndpointOccurrences): string[] {
  return [...new Set(occurrences.endpoint.map((endpoint) => endpoint.method))].sort()
}
