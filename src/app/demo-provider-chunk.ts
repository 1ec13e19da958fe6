import type { VigilConfig } from '@/config/config'
import { lazyScreen } from '@/components/lazy-screen'

/** The demo identity provider's pages, in their own chunk. */
export const demoProviderPages = lazyScreen(
  () => import('./demo-provider-screen'),
  (module) => module.ThemedDemoProviderPages,
)

/** Whether the address is one of the demo provider's pages (demo mode only). */
export function isDemoProviderPage(config: VigilConfig, url: URL): boolean {
  if (config.mode !== 'demo') return false
  const issuer = new URL(config.authDomain)
  return url.origin === issuer.origin && url.pathname.startsWith(`${issuer.pathname}/`)
}
