import { Suspense, useEffect, useState } from 'react'
import { Router } from 'wouter'
import { useBrowserLocation, useSearch as useBrowserSearch } from 'wouter/use-browser-location'
import { ApiFetchContext } from '@/api/api-fetch'
import { isCallbackUrl } from '@/auth/callback-url'
import type { AuthClient } from '@/auth/client'
import type { VigilConfig } from '@/config/config'
import { AuthGate } from './auth-gate'
import { demoProviderPages, isDemoProviderPage } from './demo-provider-chunk'
import { preloadSignedIn } from './signed-in-chunks'
import type { SessionChannel } from '@/auth/browser-environment'
import { AuthProvider } from '@/state/auth'
import { FeedDefaultsContext } from '@/state/feed-defaults'
import { LoadingScreen } from './loading-screen'
import { ThemeProvider } from '@/state/theme'
import { exactLocationHook, exactSearchHook } from '@/app/exact-address'
import { whenIdle } from '@/lib/when-idle'

/** While the demo's logged-out screen shows: its provider's page is drawn in this document next. */
const preloadProviderPage = () => whenIdle(() => void demoProviderPages.load().catch(() => undefined))

const exactBrowserLocation = exactLocationHook(useBrowserLocation)
const exactBrowserSearch = exactSearchHook(useBrowserSearch)

export interface AppProps {
  config: VigilConfig
  client: AuthClient
  sessionChannel: SessionChannel
  /** The fetch for the product API (it waits for the mock service worker in demo mode). */
  apiFetch: typeof fetch
  /** How the demo provider's pages send the browser back to the app (see demo-navigation.ts). */
  leaveProviderPage: (to: string) => void
}

export function App({ config, client, sessionChannel, apiFetch, leaveProviderPage }: AppProps) {
  const [url] = useState(() => new URL(window.location.href))
  const [isCallback] = useState(() => isCallbackUrl(url, config.redirectUrl))
  const [feedDefaults] = useState(() => ({ url: config.feedUrl, sendToken: config.feedSendToken }))
  const providerPage = isDemoProviderPage(config, url)
  useEffect(() => {
    if (isCallback) preloadSignedIn(url.pathname)
    // The provider's page returns to the app in this same document: the signed-in chunks load
    // while the user chooses who to sign in as.
    else if (providerPage) return whenIdle(() => preloadSignedIn(new URL(config.redirectUrl).pathname))
  }, [isCallback, url, providerPage, config])
  return (
    <>
      {providerPage ? (
        <ThemeProvider defaultTheme="system">
          <Suspense fallback={<LoadingScreen />}>
            <demoProviderPages.Component config={config} leave={leaveProviderPage} />
          </Suspense>
        </ThemeProvider>
      ) : (
        <AuthProvider client={client} sessionChannel={sessionChannel} url={url} isCallback={isCallback}>
          <ApiFetchContext.Provider value={apiFetch}>
            <FeedDefaultsContext.Provider value={feedDefaults}>
              <Router hook={exactBrowserLocation} searchHook={exactBrowserSearch}>
                <AuthGate whileLoggedOut={config.mode === 'demo' ? preloadProviderPage : undefined} />
              </Router>
            </FeedDefaultsContext.Provider>
          </ApiFetchContext.Provider>
        </AuthProvider>
      )}
    </>
  )
}
