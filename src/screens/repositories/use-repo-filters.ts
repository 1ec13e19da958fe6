import { useActorRef } from '@xstate/react'
import { useEffect } from 'react'
import { useLocation, useSearch } from 'wouter'
import type { ActorRefFrom } from 'xstate'
import { filtersFromQuery, filtersToQuery } from '@/queries/repositories/repository-filters'
import { repoFiltersMachine } from '@/machines/repo-filters.machine'
import { inspection } from '@/lib/inspection'

export type RepoFiltersActor = ActorRefFrom<typeof repoFiltersMachine>

/** The filters machine, kept in step with the address query in both directions. */
export function useRepoFilters(path: string): RepoFiltersActor {
  const search = useSearch()
  const [, navigate] = useLocation()
  const actor = useActorRef(
    repoFiltersMachine.provide({
      actions: {
        writeUrl: (_, { filters, push }) => {
          const query = filtersToQuery(filters)
          navigate(query ? `${path}?${query}` : path, { replace: !push })
        },
      },
    }),
    { input: { filters: filtersFromQuery(search) }, ...inspection() },
  )

  useEffect(() => {
    const fromAddress = filtersFromQuery(search)
    if (filtersToQuery(fromAddress) !== filtersToQuery(actor.getSnapshot().context)) {
      actor.send({ type: 'filters.sync', filters: fromAddress })
    }
  }, [actor, search])

  return actor
}
