import { MantineProvider } from '@mantine/core'
import { useActorRef, useSelector } from '@xstate/react'
import { createContext, useContext, useState, type ReactNode } from 'react'
import { fromCallback, type ActorRefFrom } from 'xstate'
import {
  preferenceOf,
  schemeOf,
  THEME_STORAGE_KEY,
  themeMachine,
  type ColorScheme,
  type ThemeEvent,
  type ThemePreference,
} from '@/machines/theme.machine'
import { cssVariablesResolver, theme } from './theme'
import { inspection } from '@/components/inspection'
import { readLocal, writeLocal } from '@/components/local-storage'

const DARK_QUERY = '(prefers-color-scheme: dark)'
const ThemeActorContext = createContext<ActorRefFrom<typeof themeMachine> | null>(null)

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

/** The theme of SPEC.md §4, with Mantine's colour scheme following it. */
export function ThemeProvider({ defaultTheme, children }: { defaultTheme: ThemePreference; children: ReactNode }) {
  const [input] = useState(() => ({
    stored: readLocal(THEME_STORAGE_KEY),
    defaultTheme,
    systemDark: window.matchMedia(DARK_QUERY).matches,
  }))
  const actor = useActorRef(browserThemeLogic, { input, ...inspection() })
  const scheme = useSelector(actor, schemeOf)
  return (
    <ThemeActorContext.Provider value={actor}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme={scheme}>
        {children}
      </MantineProvider>
    </ThemeActorContext.Provider>
  )
}

export interface ThemeControls {
  preference: ThemePreference
  scheme: ColorScheme
  setTheme: (theme: ThemePreference) => void
}

export function useTheme(): ThemeControls {
  const actor = useContext(ThemeActorContext)
  if (!actor) throw new Error('useTheme must be used inside a ThemeProvider')
  return {
    preference: useSelector(actor, preferenceOf),
    scheme: useSelector(actor, schemeOf),
    setTheme: (preference) => actor.send({ type: 'theme.set', theme: preference }),
  }
}
