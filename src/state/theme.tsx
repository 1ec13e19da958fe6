import { createActorContext } from '@xstate/react'
import { useState, type ReactNode } from 'react'
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
import { VigilMantineProvider } from './vigil-mantine-provider'

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

function MantineFollowingTheme({ children }: { children: ReactNode }) {
  const scheme = ThemeActor.useSelector(schemeOf)
  return <VigilMantineProvider forceColorScheme={scheme}>{children}</VigilMantineProvider>
}

/** The theme of SPEC.md §4, with Mantine's colour scheme following it. */
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
      <MantineFollowingTheme>{children}</MantineFollowingTheme>
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
