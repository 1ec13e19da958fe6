import { useCallback, useMemo } from 'react'
import { useLocation, useSearch } from 'wouter'

/**
 * Filters kept in the address query, so that a reload, a bookmark or a shared link shows the same
 * view. `update` replaces the history entry (typing does not fill the back button) and may move
 * to another path (a severity or kind that is its own sub-route).
 */
export function useAddressFilters<Filters>(
  path: string,
  read: (query: string) => Filters,
  write: (filters: Filters) => string,
  pathOf?: (filters: Filters) => string,
): [Filters, (change: Partial<Filters>) => void] {
  const search = useSearch()
  const [, navigate] = useLocation()
  const filters = useMemo(() => read(search), [read, search])
  const update = useCallback(
    (change: Partial<Filters>) => {
      const next = { ...filters, ...change }
      const query = write(next)
      navigate(`${pathOf?.(next) ?? path}${query ? `?${query}` : ''}`, { replace: true })
    },
    [filters, navigate, path, pathOf, write],
  )
  return [filters, update]
}
