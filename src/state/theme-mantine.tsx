import type { ReactNode } from 'react'
import { schemeOf } from '@/machines/theme.machine'
import { ThemeActor } from './theme'
import { VigilMantineProvider } from './vigil-mantine-provider'

/** Mantine, in the colour scheme of the ThemeProvider around it: for the screens that draw with Mantine. */
export function MantineFollowingTheme({ children }: { children: ReactNode }) {
  const scheme = ThemeActor.useSelector(schemeOf)
  return <VigilMantineProvider forceColorScheme={scheme}>{children}</VigilMantineProvider>
}
