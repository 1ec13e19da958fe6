import { allIndexes } from '@/lib/sorted-once'
import { descending, nameCollator, nameOrder, type NameOrder } from './name-order'
import { ageInMinutes } from './relative-time'
import {
  ALL_LANGUAGES,
  matchesChoices,
  type RepositoryFilters,
  type RepositorySort,
  type SortColumn,
} from './repository-filters'
import type { Repository } from './repositories'

/**
 * Filtering and sorting for organisations of up to 100,000 repositories: the search text is
 * lowercased once per repository and each sort order is computed once, so a keystroke costs one
 * pass of substring tests over the current order.
 */
const RECENT_ANSWERS = 16

export function createRepositoryQuery(repositories: Repository[]) {
  const haystacks = repositories.map((repository) => `${repository.name}\n${repository.description}`.toLowerCase())
  const orders = new Map<string, number[]>()
  const collator = nameCollator()
  let names: NameOrder | undefined

  const keyOf: Record<Exclude<SortColumn, 'name'>, (repository: Repository) => number> = {
    updated: (repository) => -ageInMinutes(repository.lastUpdated),
    apis: (repository) => repository.apiCount,
    policyIssues: (repository) => repository.policyViolations,
    vulnerabilities: (repository) => repository.vulnerabilities,
  }

  function order(sort: RepositorySort | null): number[] {
    const id = sort ? `${sort.column}:${sort.direction}` : 'none'
    let indexes = orders.get(id)
    if (!indexes) {
      if (sort?.column === 'name') {
        names ??= nameOrder(
          repositories.map((repository) => repository.name),
          collator,
        )
        indexes = Array.from(sort.direction === 'asc' ? names.ascending : descending(names))
      } else {
        indexes = allIndexes(repositories.length)
        if (sort) {
          const sign = sort.direction === 'asc' ? 1 : -1
          const keys = repositories.map(keyOf[sort.column])
          indexes.sort((a, b) => sign * (keys[a] - keys[b]) || a - b)
        }
      }
      orders.set(id, indexes)
    }
    return indexes
  }

  // Recent answers: typing one more letter only narrows the last one, so only its rows need
  // testing; deleting a letter goes back to an answer already known, rows and all.
  interface Answer {
    indexes: number[]
    rows: Repository[]
  }
  let last: { key: string; needle: string; answer: Answer } | undefined
  const recent = new Map<string, Answer>()

  function matching(candidates: number[], needle: string, filters: RepositoryFilters): Answer {
    const choosing = filters.visibility !== 'all' || filters.language !== ALL_LANGUAGES
    const indexes: number[] = []
    const rows: Repository[] = []
    for (const index of candidates) {
      if (needle !== '' && !haystacks[index].includes(needle)) continue
      if (choosing && !matchesChoices(repositories[index], filters)) continue
      indexes.push(index)
      rows.push(repositories[index])
    }
    return { indexes, rows }
  }

  /** The repositories that pass the filters, in the sort's order. */
  function query(filters: RepositoryFilters): Repository[] {
    const needle = filters.search.trim().toLowerCase()
    const key = `${filters.visibility}\n${filters.language}\n${filters.sort?.column}:${filters.sort?.direction}`
    let answer = recent.get(`${key}\n${needle}`)
    if (!answer) {
      const narrowing = last !== undefined && last.key === key && needle.includes(last.needle)
      answer = matching(narrowing ? (last as { answer: Answer }).answer.indexes : order(filters.sort), needle, filters)
      recent.set(`${key}\n${needle}`, answer)
      if (recent.size > RECENT_ANSWERS) recent.delete(recent.keys().next().value as string)
    }
    last = { key, needle, answer }
    return answer.rows
  }

  /** Takes the names' order sorted elsewhere (in a worker), so sorting by name sorts nothing here. */
  function takeNameOrder(order: NameOrder) {
    if (order.ascending.length === repositories.length) names ??= order
  }

  return Object.assign(query, { takeNameOrder })
}

export type RepositoryQuery = ReturnType<typeof createRepositoryQuery>
