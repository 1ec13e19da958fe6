import { MantineProvider } from '@mantine/core'
import type { ReactNode } from 'react'
import { render } from 'vitest-browser-react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { theme } from '@/app/theme'

export interface RenderOptions {
  /** The path the memory router starts at, with an optional `?query`. */
  path?: string
  colorScheme?: 'light' | 'dark'
}

/** Renders UI the way the app does: Mantine (test env, no transitions) around a memory router. */
export async function renderWithProviders(ui: ReactNode, { path = '/', colorScheme = 'light' }: RenderOptions = {}) {
  const [pathname, search = ''] = path.split('?')
  const location = memoryLocation({ path: pathname, searchPath: search, record: true })
  const screen = await render(
    <MantineProvider theme={theme} env="test" forceColorScheme={colorScheme}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </MantineProvider>,
  )
  return { screen, location }
}
