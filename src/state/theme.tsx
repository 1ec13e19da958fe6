import { createActorContext } from '@xstate/react'
import { useLayoutEffect, useState, type ReactNode } from 'react'
import { fromCallback } from 'xstate'
import {
  preferenceOf,
  schemeOf,
  THEME_STORAGE_KEY,
  themeMachine,
  type ColorScheme,
  type ThemeEvent,
  type ThemePreference,
} from '@/machines/theme.machine'
import { inspection } from '@/lib/inspection'
import { readLocal, writeLocal } from '@/lib/local-storage'
import { namedActorContext } from './named-actor-context'

const DARK_QUERY = '(prefers-color-scheme: dark)'
export const ThemeActor = namedActorContext(createActorContext(themeMachine), 'ThemeProvider')

/**
 * Puts the scheme on the root element: its class, and the attribute by which
 * Mantine's stylesheet picks its colour variables, which the screens drawn without Mantine's
 * provider (loading, logged out) read too.
 */
function showScheme(scheme: ColorScheme) {
  const root = document.documentElement
  root.classList.remove('light', 'dark')
  root.classList.add(scheme)
  root.setAttribute('data-mantine-color-scheme', scheme)
}

const browserThemeLogic = themeMachine.provide({
  actions: {
    persist: (_, preference) => writeLocal(THEME_STORAGE_KEY, preference),
    applyScheme: (_, scheme) => showScheme(scheme),
  },
  actors: {
    watchSystemPreference: fromCallback<ThemeEvent>(({ sendBack }) => {
      const query = window.matchMedia(DARK_QUERY)
      const listener = (event: MediaQueryListEvent) => sendBack({ type: 'system.change', dark: event.matches })
      query.addEventListener('change', listener)
      return () => query.removeEventListener('change', listener)
    }),
  },
})

/**
 * The scheme the theme starts in, shown before the first paint: the machine's entry actions run
 * only once its actor starts, after the paint, and the first frame would lack the scheme's colours.
 */
function InitialScheme() {
  const actor = ThemeActor.useActorRef()
  useLayoutEffect(() => showScheme(schemeOf(actor.getSnapshot())), [actor])
  return null
}

/**
 * The theme. It holds no Mantine provider, so that the first screens (loading,
 * logged out) load no component library: the screens that use Mantine sit in
 * MantineFollowingTheme (theme-mantine.tsx).
 */
export function ThemeProvider({ defaultTheme, children }: { defaultTheme: ThemePreference; children: ReactNode }) {
  const [options] = useState(() => ({
    input: {
      stored: readLocal(THEME_STORAGE_KEY),
      defaultTheme,
      systemDark: window.matchMedia(DARK_QUERY).matches,
    },
    ...inspection(),
  }))
  return (
    <ThemeActor.Provider logic={browserThemeLogic} options={options}>
      <InitialScheme />
      {children}
    </ThemeActor.Provider>
  )
}

export interface ThemeControls {
  preference: ThemePreference
  scheme: ColorScheme
  setTheme: (theme: ThemePreference) => void
}

export function useTheme(): ThemeControls {
  const actor = ThemeActor.useActorRef()
  return {
    preference: ThemeActor.useSelector(preferenceOf),
    scheme: ThemeActor.useSelector(schemeOf),
    setTheme: (preference) => actor.send({ type: 'theme.set', theme: preference }),
  }
}
