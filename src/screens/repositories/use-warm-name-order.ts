import { useEffect } from 'react'
import type { Repository } from '@/data/repositories'
import type { NameOrder } from '@/queries/repositories/name-order'
import type { RepositoryQuery } from '@/queries/repositories/repository-query'

const newWorker = () =>
  new Worker(new URL('../../queries/repositories/name-order.worker.ts', import.meta.url), { type: 'module' })

/**
 * From this many repositories on, sorting by name on the page holds it up (measured in Node:
 * 5,000 names take 10 ms, 10,000 take 28 ms, 100,000 take 300 ms).
 */
export const WARM_NAME_ORDER_FROM = 5_000

/**
 * Sorts a large organisation's names in a worker as soon as the list shows, and gives the order
 * to the query: the first sort by name at 100,000 repositories took 450 ms on the page. A sort
 * asked for before the worker answers is done on the page, as before.
 */
export function useWarmNameOrder(query: RepositoryQuery, repositories: Repository[]) {
  useEffect(() => {
    if (repositories.length < WARM_NAME_ORDER_FROM || typeof Worker === 'undefined') return
    const worker = newWorker()
    worker.onmessage = ({ data }: MessageEvent<NameOrder>) => {
      query.takeNameOrder(data)
      worker.terminate()
    }
    worker.onerror = (event) => {
      event.preventDefault()
      worker.terminate()
    }
    worker.postMessage(repositories.map((repository) => repository.name))
    return () => worker.terminate()
  }, [query, repositories])
}
