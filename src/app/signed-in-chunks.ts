import { lazyScreen } from '@/components/lazy-screen'

/** The signed-in layout: not part of the first screen. */
export const appLayout = lazyScreen(
  () => import('./layout/app-layout'),
  (module) => module.AppLayout,
)

/**
 * On the way back from the identity provider: the signed-in layout and the chunk of the screen at
 * `path` (where the callback leaves the user) load while the tokens are fetched, so neither waits
 * behind a loading screen.
 */
export function preloadSignedIn(path: string) {
  void appLayout.load().catch(() => undefined)
  void import('./route-table').then((routes) => routes.prefetchScreen(path)).catch(() => undefined)
}
