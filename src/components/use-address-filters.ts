import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import type { ActorRefFrom } from 'xstate'
import { inspection } from '@/lib/inspection'
import { createAddressFiltersMachine, type HistoryPolicy } from '@/machines/address-filters.machine'

export type AddressFiltersActor<Filters extends object> = ActorRefFrom<
  ReturnType<typeof createAddressFiltersMachine<Filters>>
>

export interface AddressFiltersControls<Filters extends object> {
  /** For screens whose parts each select only what they show (see the repositories list). */
  actor: AddressFiltersActor<Filters>
  /** A choice: shown and written to the address at once. */
  choose: (change: Partial<Filters>) => void
  /** A keystroke: shown at once, written to the address once typing pauses. */
  type: (change: Partial<Filters>) => void
  /** The search field was left: write the address now. */
  commit: () => void
}

export interface AddressFiltersOptions<Filters> {
  /** The filters read from the address query; unknown values fall back to the defaults. */
  read: (query: string) => Filters
  /** The address query of the filters, defaults left out. */
  write: (filters: Filters) => string
  /** A filter may move to another path (a severity or kind that is its own sub-route). */
  pathOf?: (filters: Filters) => string
  history: HistoryPolicy
}

/**
 * The actor of the address-filters machine for a screen: filters kept in the address query, so
 * that a reload, a bookmark or a shared link shows the same view. The screen renders from the
 * machine; the address follows. The controls are stable across keystrokes, so controls that only
 * choose can skip rendering while the user types.
 */
export function useAddressFiltersActor<Filters extends object>(
  path: string,
  { read, write, pathOf, history }: AddressFiltersOptions<Filters>,
): AddressFiltersControls<Filters> {
  const search = useSearch()
  const [location, navigate] = useLocation()
  // The address this screen last wrote: when it lands, keys typed since must not be overwritten by it.
  const written = useRef<string | undefined>(undefined)
  const [machine] = useState(() => createAddressFiltersMachine<Filters>())
  // Read once: the actor takes its input when it starts, and each address write renders this hook again.
  const [input] = useState(() => ({ filters: read(search), history }))
  const actor = useActorRef(machine, { input, ...inspection() })

  useEffect(() => {
    const subscription = actor.on('address.write', (event) => {
      const target = pathOf?.(event.filters) ?? path
      const query = write(event.filters)
      written.current = `${target}?${query}`
      navigate(query ? `${target}?${query}` : target, { replace: !event.push })
    })
    return () => subscription.unsubscribe()
  }, [actor, navigate, path, pathOf, write])

  useEffect(() => {
    // Our own write changes nothing; filters are small flat records, so equal addresses mean equal filters.
    if (written.current === `${location}?${search}`) return
    written.current = undefined
    const addressOf = (filters: Filters) => `${pathOf?.(filters) ?? path}?${write(filters)}`
    const fromAddress = read(search)
    if (addressOf(fromAddress) !== addressOf(actor.getSnapshot().context.filters)) {
      actor.send({ type: 'filters.sync', filters: fromAddress })
    }
  }, [actor, location, path, pathOf, read, search, write])

  return useMemo(
    () => ({
      actor,
      choose: (change: Partial<Filters>) => actor.send({ type: 'filters.choose', change }),
      type: (change: Partial<Filters>) => actor.send({ type: 'filters.type', change }),
      commit: () => actor.send({ type: 'filters.commit' }),
    }),
    [actor],
  )
}

/** The same, with the filters as state: for screens that render every part from them. */
export function useAddressFilters<Filters extends object>(
  path: string,
  options: AddressFiltersOptions<Filters>,
): AddressFiltersControls<Filters> & { filters: Filters } {
  const controls = useAddressFiltersActor(path, options)
  const filters = useSelector(controls.actor, (snapshot) => snapshot.context.filters)
  return { ...controls, filters }
}

/** Filters that differ in their search text alone. */
function sameChoices<Filters extends { search: string }>(a: Filters, b: Filters): boolean {
  return (Object.keys(a) as (keyof Filters)[]).every((key) => key === 'search' || a[key] === b[key])
}

/**
 * Every filter but the search text, for the parts of a screen that a keystroke should not render:
 * the same object until another filter changes (its `search` is then stale, and not to be read).
 */
export function useFilterChoices<Filters extends { search: string }>(actor: AddressFiltersActor<Filters>): Filters {
  return useSelector(actor, (snapshot) => snapshot.context.filters, sameChoices)
}
