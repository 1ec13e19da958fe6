import { assign, fromCallback, setup } from 'xstate'

/** The theme preference (light, dark or system), kept under this key in local storage. */
export const THEME_STORAGE_KEY = 'vite-ui-theme'
export type ThemePreference = 'light' | 'dark' | 'system'
export type ColorScheme = 'light' | 'dark'

export function isThemePreference(value: unknown): value is ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system'
}

export interface ThemeInput {
  /** What storage holds; anything but a known preference is ignored. */
  stored: string | null | undefined
  defaultTheme: ThemePreference
  /** Whether the operating system prefers dark now. */
  systemDark: boolean
}

export type ThemeEvent = { type: 'theme.set'; theme: ThemePreference } | { type: 'system.change'; dark: boolean }

export const themeMachine = setup({
  types: {
    context: {} as { systemDark: boolean; initial: ThemePreference },
    events: {} as ThemeEvent,
    input: {} as ThemeInput,
  },
  actions: {
    /** Writes the preference to storage. */
    persist: (_, _theme: ThemePreference) => {},
    /** Applies the theme class to the root element. */
    applyScheme: (_, _scheme: ColorScheme) => {},
    setSystemDark: assign({ systemDark: (_, dark: boolean) => dark }),
  },
  actors: {
    /** Sends system.change whenever the operating system's preference changes. */
    watchSystemPreference: fromCallback<ThemeEvent>(() => () => {}),
  },
  guards: {
    startsIn: ({ context }, theme: ThemePreference) => context.initial === theme,
    chose: ({ event }, theme: ThemePreference) => event.type === 'theme.set' && event.theme === theme,
  },
}).createMachine({
  id: 'theme',
  context: ({ input }) => ({
    systemDark: input.systemDark,
    initial: isThemePreference(input.stored) ? input.stored : input.defaultTheme,
  }),
  initial: 'choosing',
  on: {
    'theme.set': [
      {
        guard: { type: 'chose', params: 'light' },
        target: '.light',
        actions: { type: 'persist', params: 'light' },
      },
      { guard: { type: 'chose', params: 'dark' }, target: '.dark', actions: { type: 'persist', params: 'dark' } },
      { target: '.system', actions: { type: 'persist', params: 'system' } },
    ],
  },
  states: {
    choosing: {
      always: [
        { guard: { type: 'startsIn', params: 'light' }, target: 'light' },
        { guard: { type: 'startsIn', params: 'dark' }, target: 'dark' },
        { target: 'system' },
      ],
    },
    light: { entry: { type: 'applyScheme', params: 'light' } },
    dark: { entry: { type: 'applyScheme', params: 'dark' } },
    system: {
      entry: { type: 'applyScheme', params: ({ context }) => (context.systemDark ? 'dark' : 'light') },
      invoke: { src: 'watchSystemPreference' },
      on: {
        'system.change': {
          actions: [
            { type: 'setSystemDark', params: ({ event }) => event.dark },
            { type: 'applyScheme', params: ({ event }) => (event.dark ? 'dark' : 'light') },
          ],
        },
      },
    },
  },
})

/** The preference a theme snapshot is in. */
export function preferenceOf(snapshot: { matches: (state: ThemePreference) => boolean }): ThemePreference {
  if (snapshot.matches('light')) return 'light'
  if (snapshot.matches('dark')) return 'dark'
  return 'system'
}

/** The colour scheme a theme snapshot shows. */
export function schemeOf(snapshot: {
  matches: (state: ThemePreference) => boolean
  context: { systemDark: boolean }
}): ColorScheme {
  const preference = preferenceOf(snapshot)
  if (preference !== 'system') return preference
  return snapshot.context.systemDark ? 'dark' : 'light'
}
