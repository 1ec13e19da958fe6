import { useEffect } from 'react'
import type { RepositoryQuery } from '@/data/repository-query'

/**
 * Runs the organisation's search once while the browser is idle (see RepositoryQuery's warm), so
 * that the first keystroke does not wait for the search code to be compiled.
 */
export function useWarmSearch(query: RepositoryQuery) {
  useEffect(() => {
    if (typeof requestIdleCallback === 'undefined') return
    const handle = requestIdleCallback(() => query.warm())
    return () => cancelIdleCallback(handle)
  }, [query])
}
