import { useEffect } from 'react'
import type { RepositoryQuery } from '@/queries/repositories/repository-query'
import { whenIdle } from '@/lib/when-idle'

/**
 * Runs the organisation's search once while the browser is idle (see RepositoryQuery's warm), so
 * that the first keystroke does not wait for the search code to be compiled.
 */
export function useWarmSearch(query: RepositoryQuery) {
  useEffect(() => whenIdle(() => query.warm()), [query])
}
