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

const browserThemeLogic = themeMachine.provide({
  actions: {
    persist: (_, preference) => writeLocal(THEME_STORAGE_KEY, preference),
    applyScheme: (_, scheme) => {
      document.documentElement.classList.remove('light', 'dark')
      document.documentElement.classList.add(scheme)
    },
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
 * Mantine's stylesheet picks its colour variables by this attribute of the root element. It is
 * written before the first paint (the machine's actions run after it), as MantineProvider does,
 * so that a screen drawn without Mantine's provider shows in the right scheme from its first frame.
 */
function SchemeAttribute() {
  const scheme = ThemeActor.useSelector(schemeOf)
  useLayoutEffect(() => document.documentElement.setAttribute('data-mantine-color-scheme', scheme), [scheme])
  return null
}

/**
 * The theme of SPEC.md §4. It holds no Mantine provider, so that the first screens (loading,
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
      <SchemeAttribute />
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
