import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { useLocation, useSearch } from 'wouter'
import { activeTabOf, repoTabsMachine } from '@/machines/repo-tabs.machine'
import { DEFAULT_TAB } from '@/data/repository-tabs'
import { inspection } from '@/lib/inspection'

/** The tabs machine, kept in step with ?tab= in the address. */
export function useRepoTab() {
  const search = useSearch()
  const [path, navigate] = useLocation()
  const tabInAddress = new URLSearchParams(search).get('tab')
  const actor = useActorRef(
    repoTabsMachine.provide({
      actions: {
        writeUrl: (_, { tab }) => {
          const query = new URLSearchParams(search)
          query.set('tab', tab)
          navigate(`${path}?${query}`)
        },
      },
    }),
    { input: { tab: tabInAddress }, ...inspection() },
  )

  useEffect(() => {
    const tab = tabInAddress ?? DEFAULT_TAB
    if (activeTabOf(actor.getSnapshot().value) !== tab) actor.send({ type: 'tab.sync', tab })
  }, [actor, tabInAddress])

  const activeTab = useSelector(actor, (snapshot) => activeTabOf(snapshot.value))
  return { activeTab, tabInAddress, select: (tab: string) => actor.send({ type: 'tab.select', tab }) }
}
