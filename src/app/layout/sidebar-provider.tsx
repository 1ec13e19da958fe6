import { useMediaQuery } from '@mantine/hooks'
import { useActorRef, useSelector } from '@xstate/react'
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import type { ActorRefFrom } from 'xstate'
import { inspection } from '@/components/inspection'
import {
  isToggleShortcut,
  MOBILE_QUERY,
  readSidebarCookie,
  sidebarCookie,
  sidebarMachine,
} from '@/machines/sidebar.machine'

const SidebarActorContext = createContext<ActorRefFrom<typeof sidebarMachine> | null>(null)

const browserSidebarLogic = sidebarMachine.provide({
  actions: {
    saveCookie: (_, expanded) => {
      document.cookie = sidebarCookie(expanded)
    },
  },
})

/** The sidebar of SPEC.md §4: expanded or collapsed, a sheet on mobile, Ctrl/Cmd+B, remembered in a cookie. */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const [input] = useState(() => ({
    cookie: readSidebarCookie(document.cookie),
    isMobile: window.matchMedia(MOBILE_QUERY).matches,
  }))
  const actor = useActorRef(browserSidebarLogic, { input, ...inspection() })
  const isMobile = useMediaQuery(MOBILE_QUERY, input.isMobile, { getInitialValueInEffect: false })

  const [path] = useLocation()

  useEffect(() => {
    actor.send({ type: 'viewport.change', isMobile })
  }, [actor, isMobile])

  useEffect(() => {
    // Following a link closes the mobile sheet.
    actor.send({ type: 'mobile.set', open: false })
  }, [actor, path])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isToggleShortcut(event)) return
      event.preventDefault()
      actor.send({ type: 'key.down', key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey })
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [actor])

  return <SidebarActorContext.Provider value={actor}>{children}</SidebarActorContext.Provider>
}

export function useSidebar() {
  const actor = useContext(SidebarActorContext)
  if (!actor) throw new Error('useSidebar must be used inside a SidebarProvider')
  return {
    isMobile: useSelector(actor, (snapshot) => snapshot.context.isMobile),
    expanded: useSelector(actor, (snapshot) => snapshot.matches({ desktop: 'expanded' })),
    mobileOpen: useSelector(actor, (snapshot) => snapshot.matches({ mobile: 'open' })),
    toggle: () => actor.send({ type: 'sidebar.toggle' }),
    setMobileOpen: (open: boolean) => actor.send({ type: 'mobile.set', open }),
  }
}
