// Only what the first screens (logged out, loading) draw: Mantine's variables and global rules.
// The screens drawn with Mantine components (the signed-in layout, the demo provider's pages, the
// configuration error) bring its provider and their components' styles in their own chunks.
import '@mantine/core/styles/baseline.css'
import '@mantine/core/styles/default-css-variables.css'
import '@mantine/core/styles/global.css'
import '@/state/theme-variables.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from '@/app/app'
import { renderConfigError } from '@/app/render-config-error'
import { demoProviderPages, isDemoProviderPage } from '@/app/demo-provider-chunk'
import { demoNavigation } from '@/app/demo-navigation'
import { browserAuthEnvironment, browserSessionChannel } from '@/auth/browser-environment'
import { createAuthClient, type AuthClient } from '@/auth/client'
import { readConfig, type VigilConfig } from '@/config/config'
import { afterFirstPaint } from '@/lib/after-first-paint'

const root = createRoot(document.getElementById('root') as HTMLElement)

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
    void renderConfigError(root, result.problems)
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
      void renderConfigError(root, [
        { variable: 'VITE_MOCK_API', message: `needs the demo service worker, which did not start: ${reason}` },
      ])
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
