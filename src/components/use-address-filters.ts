import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo, useRef } from 'react'
import { useLocation, useSearch } from 'wouter'
import { inspection } from '@/lib/inspection'
import { addressFiltersMachine, type AddressFilters } from '@/machines/address-filters.machine'

export interface AddressFiltersControls<Filters> {
  filters: Filters
  /** A choice: shown and written to the address at once. */
  choose: (change: Partial<Filters>) => void
  /** A keystroke: shown at once, written to the address once typing pauses. */
  type: (change: Partial<Filters>) => void
  /** The search field was left: write the address now. */
  commit: () => void
}

/**
 * Filters kept in the address query, so that a reload, a bookmark or a shared link shows the same
 * view, through the address-filters machine: the screen renders from the machine, the address
 * follows. A filter may move to another path (a severity or kind that is its own sub-route).
 */
export function useAddressFilters<Filters extends object>(
  path: string,
  read: (query: string) => Filters,
  write: (filters: Filters) => string,
  pathOf?: (filters: Filters) => string,
): AddressFiltersControls<Filters> {
  const search = useSearch()
  const [location, navigate] = useLocation()
  // The address this screen last wrote: when it lands, keys typed since must not be overwritten by it.
  const written = useRef<string | undefined>(undefined)
  const actor = useActorRef(addressFiltersMachine, {
    input: { filters: read(search) as AddressFilters },
    ...inspection(),
  })

  useEffect(() => {
    const subscription = actor.on('address.write', (event) => {
      const filters = event.filters as Filters
      const target = pathOf?.(filters) ?? path
      const query = write(filters)
      written.current = `${target}?${query}`
      navigate(query ? `${target}?${query}` : target, { replace: true })
    })
    return () => subscription.unsubscribe()
  }, [actor, navigate, path, pathOf, write])

  useEffect(() => {
    // Filters are small flat records: equal text means equal filters, and our own write changes nothing.
    if (written.current === `${location}?${search}`) return
    written.current = undefined
    const fromAddress = read(search) as AddressFilters
    if (JSON.stringify(fromAddress) !== JSON.stringify(actor.getSnapshot().context.filters)) {
      actor.send({ type: 'filters.sync', filters: fromAddress })
    }
  }, [actor, location, read, search])

  const filters = useSelector(actor, (snapshot) => snapshot.context.filters) as Filters
  // Stable across keystrokes, so controls that only choose can skip rendering while the user types.
  const actions = useMemo(
    () => ({
      choose: (change: Partial<Filters>) => actor.send({ type: 'filters.choose', change }),
      type: (change: Partial<Filters>) => actor.send({ type: 'filters.type', change }),
      commit: () => actor.send({ type: 'filters.commit' }),
    }),
    [actor],
  )
  return { filters, ...actions }
}
