import { useEffect } from 'react'
import { runWorker, type WorkerJob } from '@/machines/worker-actor'
import type { Repository } from '@/data/repositories'
import type { NameOrder } from '@/queries/repositories/name-order'
import type { RepositoryQuery } from '@/queries/repositories/repository-query'

/** Sorts the names in a worker; a worker that fails leaves the sort to the page, as before. */
const nameOrderJob: WorkerJob<string[], NameOrder, NameOrder | undefined> = {
  create: () =>
    new Worker(new URL('../../queries/repositories/name-order.worker.ts', import.meta.url), { type: 'module' }),
  request: (names) => ({ message: names }),
  receive: (order) => order,
  isLast: () => true,
  crashed: () => undefined,
}

/**
 * From this many repositories on, sorting by name on the page holds it up (docs/benchmarks.md).
 */
export const WARM_NAME_ORDER_FROM = 5_000

/**
 * Sorts a large organisation's names in a worker as soon as the list shows, and gives the order
 * to the query: on the page, the first sort by name of a large organisation is a long task. A sort
 * asked for before the worker answers is done on the page, as before.
 */
export function useWarmNameOrder(query: RepositoryQuery, repositories: Repository[]) {
  useEffect(() => {
    if (repositories.length < WARM_NAME_ORDER_FROM || typeof Worker === 'undefined') return
    return runWorker(
      nameOrderJob,
      repositories.map((repository) => repository.name),
      (order) => order && query.takeNameOrder(order),
    )
  }, [query, repositories])
}
