import { allIndexes } from '@/lib/sorted-once'
import { descending, nameCollator, nameOrder, type NameOrder } from './name-order'
import { ageInMinutes } from '@/lib/relative-time'
import {
  ALL_LANGUAGES,
  defaultRepositoryFilters,
  matchesChoices,
  type RepositoryFilters,
  type RepositorySort,
  type SortColumn,
} from './repository-filters'
import type { Repository } from '@/data/repositories'

/**
 * The repositories a query answered, in their order: indexes into the organisation, read a row at
 * a time. A keystroke then allocates one typed array of the matches, not a list of objects.
 */
export class RepositoryRows {
  constructor(
    private readonly repositories: readonly Repository[],
    readonly indexes: Int32Array,
  ) {}

  get length(): number {
    return this.indexes.length
  }

  at(position: number): Repository {
    return this.repositories[this.indexes[position]]
  }

  toArray(): Repository[] {
    return Array.from(this.indexes, (index) => this.repositories[index])
  }
}

/**
 * Filtering and sorting for organisations of up to 100,000 repositories: the search text is
 * lowercased once per repository and each sort order is computed once, so a keystroke costs one
 * pass of substring tests over the current order.
 */
const RECENT_ANSWERS = 16

/** What warm() searches for: common letters, two passes, so that the loop runs long enough to be optimised. */
const WARMING_NEEDLES = ['e', 'se']

export function createRepositoryQuery(repositories: Repository[]) {
  const haystacks = repositories.map((repository) => `${repository.name}\n${repository.description}`.toLowerCase())
  const orders = new Map<string, RepositoryRows>()
  const collator = nameCollator()
  let names: NameOrder | undefined

  const keyOf: Record<Exclude<SortColumn, 'name'>, (repository: Repository) => number> = {
    updated: (repository) => -ageInMinutes(repository.lastUpdated),
    apis: (repository) => repository.apiCount,
    policyIssues: (repository) => repository.policyViolations,
    vulnerabilities: (repository) => repository.vulnerabilities,
  }

  /** The whole data source in a sort's order: the same rows each time, so that showing them again renders nothing. */
  function ordered(sort: RepositorySort | null): RepositoryRows {
    const id = sort ? `${sort.column}:${sort.direction}` : 'none'
    let rows = orders.get(id)
    if (!rows) {
      let indexes: Int32Array
      if (sort?.column === 'name') {
        names ??= nameOrder(
          repositories.map((repository) => repository.name),
          collator,
        )
        indexes = sort.direction === 'asc' ? names.ascending : descending(names)
      } else {
        const sorted = allIndexes(repositories.length)
        if (sort) {
          const sign = sort.direction === 'asc' ? 1 : -1
          const keys = repositories.map(keyOf[sort.column])
          sorted.sort((a, b) => sign * (keys[a] - keys[b]) || a - b)
        }
        indexes = Int32Array.from(sorted)
      }
      rows = new RepositoryRows(repositories, indexes)
      orders.set(id, rows)
    }
    return rows
  }

  // Recent answers: typing one more letter only narrows the last one, so only its rows need
  // testing; deleting a letter goes back to an answer already known, rows and all.
  let last: { key: string; needle: string; answer: RepositoryRows } | undefined
  const recent = new Map<string, RepositoryRows>()

  function matching(from: RepositoryRows, needle: string, filters: RepositoryFilters): RepositoryRows {
    const choosing = filters.visibility !== 'all' || filters.language !== ALL_LANGUAGES
    if (needle === '' && !choosing) return from
    const candidates = from.indexes
    const matches = new Int32Array(candidates.length)
    let count = 0
    for (let position = 0; position < candidates.length; position++) {
      const index = candidates[position]
      if (needle !== '' && !haystacks[index].includes(needle)) continue
      if (choosing && !matchesChoices(repositories[index], filters)) continue
      matches[count++] = index
    }
    // Every candidate is in: the very rows given, so that what shows them need not render again.
    return count === candidates.length ? from : new RepositoryRows(repositories, matches.slice(0, count))
  }

  /** The repositories that pass the filters, in the sort's order. */
  function query(filters: RepositoryFilters): RepositoryRows {
    const needle = filters.search.trim().toLowerCase()
    const key = `${filters.visibility}\n${filters.language}\n${filters.sort?.column}:${filters.sort?.direction}`
    let answer = recent.get(`${key}\n${needle}`)
    if (!answer) {
      const narrowing = last !== undefined && last.key === key && needle.includes(last.needle)
      answer = matching(
        narrowing ? (last as { answer: RepositoryRows }).answer : ordered(filters.sort),
        needle,
        filters,
      )
      recent.set(`${key}\n${needle}`, answer)
      if (recent.size > RECENT_ANSWERS) recent.delete(recent.keys().next().value as string)
    }
    last = { key, needle, answer }
    return answer
  }

  /** Takes the names' order sorted elsewhere (in a worker), so sorting by name sorts nothing here. */
  function takeNameOrder(order: NameOrder) {
    if (order.ascending.length === repositories.length) names ??= order
  }

  /**
   * Runs a search over the whole data source and keeps nothing of it, so that the first letter
   * typed finds the search loop compiled: the first keystroke's input handling is shorter so
   * (docs/benchmarks.md).
   */
  function warm() {
    for (const needle of WARMING_NEEDLES) matching(ordered(null), needle, defaultRepositoryFilters)
  }

  return Object.assign(query, { takeNameOrder, warm })
}

export type RepositoryQuery = ReturnType<typeof createRepositoryQuery>
