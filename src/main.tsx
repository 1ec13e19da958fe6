// Only what the first screens (logged out, loading, configuration error) draw; the signed-in
// layout and the demo provider's pages bring Mantine's full stylesheet in their own chunks.
import '@mantine/core/styles/baseline.css'
import '@mantine/core/styles/default-css-variables.css'
import '@mantine/core/styles/global.css'
import '@mantine/core/styles/UnstyledButton.css'
import '@mantine/core/styles/Button.css'
import '@mantine/core/styles/Loader.css'
import '@mantine/core/styles/Alert.css'
import '@mantine/core/styles/CloseButton.css'
import '@mantine/core/styles/Center.css'
import '@mantine/core/styles/Code.css'
import '@mantine/core/styles/Container.css'
import '@mantine/core/styles/Group.css'
import '@mantine/core/styles/List.css'
import '@mantine/core/styles/Stack.css'
import '@mantine/core/styles/Text.css'
import '@mantine/core/styles/Title.css'
import { StrictMode, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from '@/app/app'
import { demoProviderPages, isDemoProviderPage } from '@/app/demo-provider-chunk'
import { demoNavigation } from '@/app/demo-navigation'
import { browserAuthEnvironment, browserSessionChannel } from '@/auth/browser-environment'
import { ConfigErrorScreen } from '@/app/config-error-screen'
import { VigilMantineProvider } from '@/state/vigil-mantine-provider'
import { createAuthClient, type AuthClient } from '@/auth/client'
import { readConfig, type VigilConfig } from '@/config/config'
import { afterFirstPaint } from '@/lib/after-first-paint'

const root = createRoot(document.getElementById('root') as HTMLElement)

function renderStandalone(screen: ReactNode) {
  root.render(<VigilMantineProvider defaultColorScheme="auto">{screen}</VigilMantineProvider>)
}

/** Starts the demo's service worker; resolves once it intercepts requests. */
async function startDemoWorker(config: VigilConfig, client: AuthClient): Promise<void> {
  const [{ startMockWorker }, { mockHandlers }] = await Promise.all([
    import('@/mocks/browser'),
    import('@/mocks/handlers'),
  ])
  await startMockWorker(mockHandlers(config, client, window.localStorage, window.location.origin))
}

function boot() {
  const result = readConfig(import.meta.env, window.location.origin)
  if (!result.ok) {
    renderStandalone(<ConfigErrorScreen problems={result.problems} />)
    return
  }
  const { config } = result
  const mocking = config.mockApi || config.mode === 'demo'
  // The first screen renders at once; only network calls wait for the demo's service worker.
  let workerReady: Promise<void> = Promise.resolve()
  const waitForWorker: typeof fetch = (input, init) => workerReady.then(() => fetch(input, init))
  // Each address the demo's navigation draws gets an app of its own, as a loaded page would.
  let drawn = 0
  const sessionChannel = browserSessionChannel()
  const leaveProviderPage = (to: string) => leave(to, 'replace')
  const render = () =>
    root.render(
      <StrictMode>
        <App
          key={drawn++}
          config={config}
          client={client}
          sessionChannel={sessionChannel}
          apiFetch={waitForWorker}
          leaveProviderPage={leaveProviderPage}
        />
      </StrictMode>,
    )
  const leave = demoNavigation(config, window, render, demoProviderPages.load)
  // One client for the page's lifetime: React StrictMode remounts must not repeat its work.
  const client = createAuthClient(config, {
    ...browserAuthEnvironment(),
    navigate: (url) => leave(url, 'assign'),
    fetch: waitForWorker,
  })
  if (mocking) {
    // Started once the first screen is on the screen: fetching and compiling the worker's chunks
    // beside it slowed its layout (the fonts' lookups) and its raster.
    workerReady = afterFirstPaint(window).then(() => startDemoWorker(config, client))
    workerReady.catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error)
      renderStandalone(
        <ConfigErrorScreen
          problems={[
            { variable: 'VITE_MOCK_API', message: `needs the demo service worker, which did not start: ${reason}` },
          ]}
        />,
      )
    })
  }
  // The demo provider's page renders once its chunk is here: a loading screen in between would
  // hold the page back at least 300 ms (React's pause before replacing a Suspense fallback).
  if (isDemoProviderPage(config, new URL(window.location.href)))
    void demoProviderPages
      .load()
      .catch(() => undefined)
      .then(render)
  else render()
}

// Development only: `?inspect` or VITE_INSPECT=true connects every actor to Stately's inspector.
// Production builds drop this branch and the inspector with it.
if (import.meta.env.DEV) {
  void import('@/app/dev-inspector').then(({ startInspector, wantsInspector }) => {
    if (wantsInspector(window.location.search, import.meta.env.VITE_INSPECT)) startInspector()
    boot()
  })
} else {
  boot()
}
