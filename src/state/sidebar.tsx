import { useMediaQuery } from '@mantine/hooks'
import { createActorContext } from '@xstate/react'
import { useEffect, useState, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { inspection } from '@/lib/inspection'
import {
  isToggleShortcut,
  MOBILE_QUERY,
  readSidebarCookie,
  sidebarCookie,
  sidebarMachine,
} from '@/machines/sidebar.machine'
import { namedActorContext } from './named-actor-context'

export const SidebarActor = namedActorContext(createActorContext(sidebarMachine), 'SidebarProvider')

const browserSidebarLogic = sidebarMachine.provide({
  actions: {
    saveCookie: (_, expanded) => {
      document.cookie = sidebarCookie(expanded)
    },
  },
})

/** Feeds the sidebar machine the viewport, the route and the keyboard shortcut. */
function SidebarEvents({ initiallyMobile }: { initiallyMobile: boolean }) {
  const actor = SidebarActor.useActorRef()
  const isMobile = useMediaQuery(MOBILE_QUERY, initiallyMobile, { getInitialValueInEffect: false })
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
  return null
}

/** The sidebar: expanded or collapsed, a sheet on mobile, Ctrl/Cmd+B, remembered in a cookie. */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const [options] = useState(() => ({
    input: { cookie: readSidebarCookie(document.cookie), isMobile: window.matchMedia(MOBILE_QUERY).matches },
    ...inspection(),
  }))
  return (
    <SidebarActor.Provider logic={browserSidebarLogic} options={options}>
      <SidebarEvents initiallyMobile={options.input.isMobile} />
      {children}
    </SidebarActor.Provider>
  )
}

export function useSidebar() {
  const actor = SidebarActor.useActorRef()
  return {
    isMobile: SidebarActor.useSelector((snapshot) => snapshot.context.isMobile),
    expanded: SidebarActor.useSelector((snapshot) => snapshot.matches({ desktop: 'expanded' })),
    mobileOpen: SidebarActor.useSelector((snapshot) => snapshot.matches({ mobile: 'open' })),
    toggle: () => actor.send({ type: 'sidebar.toggle' }),
    setMobileOpen: (open: boolean) => actor.send({ type: 'mobile.set', open }),
  }
}
