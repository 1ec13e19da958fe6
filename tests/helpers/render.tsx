import type { ReactNode } from 'react'
import { SWRConfig } from 'swr'
import { ImportDialog } from '@/screens/data-sources'
import { FeedSyncProvider } from '@/state/feed'
import { FeedDefaultsContext, type FeedDefaults } from '@/state/feed-defaults'
import { ImportProvider } from '@/state/import'
import { TriageProvider } from '@/state/triage'
import { DataSourceProvider, type DataSourceChoice } from '@/state/data-source'
import { WorkspaceProvider, type WorkspaceIdentity } from '@/state/workspace'
import { render } from 'vitest-browser-react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { VigilMantineProvider } from '@/state/vigil-mantine-provider'
import { exactLocationHook, exactSearchHook } from '@/app/exact-address'

export interface RenderOptions {
  /** The path the memory router starts at, with an optional `?query`. */
  path?: string
  colorScheme?: 'light' | 'dark'
  /** Leave Mantine out, for UI that brings its own provider (the app's ThemeProvider). */
  withoutMantine?: boolean
  /** The organisation the screens show: the five samples unless told. */
  source?: DataSourceChoice
  /** The signed-in identity whose workspace the screens read (none: no workspace yet). */
  workspace?: WorkspaceIdentity
  /** The feed the build names (none unless told). */
  feedDefaults?: FeedDefaults
}

/** Who signs the decisions made in a test's workspace: the workspace's own identity, named. */
export const testAuthor = (identity: WorkspaceIdentity) => ({ name: 'Test Person', ...identity })

/** Renders UI the way the app does: Mantine (test env, no transitions) around a memory router. */
export async function renderWithProviders(
  ui: ReactNode,
  {
    path = '/',
    colorScheme = 'light',
    withoutMantine = false,
    source = 'sample',
    workspace,
    feedDefaults = { sendToken: false },
  }: RenderOptions = {},
) {
  const [pathname, search = ''] = path.split('?')
  const location = memoryLocation({ path: pathname, searchPath: search, record: true })
  // A fresh SWR cache per render, so one test's answers never reach another.
  const routed = (
    <SWRConfig value={{ provider: () => new Map() }}>
      <Router hook={exactLocationHook(location.hook)} searchHook={exactSearchHook(location.searchHook)}>
        <WorkspaceProvider identity={workspace}>
          <DataSourceProvider initialChoice={source}>
            <ImportProvider dialog={withoutMantine ? null : <ImportDialog />}>
              <FeedDefaultsContext.Provider value={feedDefaults}>
                <FeedSyncProvider getToken={() => undefined}>
                  <TriageProvider author={workspace && testAuthor(workspace)}>{ui}</TriageProvider>
                </FeedSyncProvider>
              </FeedDefaultsContext.Provider>
            </ImportProvider>
          </DataSourceProvider>
        </WorkspaceProvider>
      </Router>
    </SWRConfig>
  )
  const screen = await render(
    withoutMantine ? (
      routed
    ) : (
      <VigilMantineProvider env="test" forceColorScheme={colorScheme}>
        {routed}
      </VigilMantineProvider>
    ),
  )
  return { screen, location }
}
