import type { VigilConfig } from '@/config/config'
import { isDemoProviderPage } from './demo-provider-chunk'

/** How a page is left: adding to the history (`assign`) or in place of the current entry (`replace`). */
export type Leave = (url: string, how: 'assign' | 'replace') => void

/** What of the browser the navigation uses; a test hands in its own. */
export interface NavigationWindow {
  location: Pick<Location, 'href' | 'assign' | 'replace'>
  history: Pick<History, 'pushState' | 'replaceState'>
  addEventListener: (type: 'popstate', listener: () => void) => void
}

/**
 * In demo mode the provider's pages are part of Vigil, so going between them and the app (sign-in,
 * sign-up, the return with the code, sign-out) stays in the document: the address changes through
 * the history and the app is drawn again for it. A full load of each page would parse the app and
 * start the demo's service worker again, twice per sign-in. Anything else, and every navigation to
 * a real provider, loads the page.
 *
 * `redraw` draws the page for the current address. Before a provider's page is drawn,
 * `loadProviderPage` brings its chunk, so that the page is drawn whole. Back and Forward across
 * the two redraw as well.
 */
export function demoNavigation(
  config: VigilConfig,
  browser: NavigationWindow,
  redraw: () => void,
  loadProviderPage: () => Promise<unknown>,
): Leave {
  const isProviderPage = (url: URL) => isDemoProviderPage(config, url)
  const here = () => new URL(browser.location.href)
  let drawnProviderPage = isProviderPage(here())
  const draw = () => {
    drawnProviderPage = isProviderPage(here())
    redraw()
  }
  browser.addEventListener('popstate', () => {
    if (isProviderPage(here()) !== drawnProviderPage) draw()
  })
  return (address, how) => {
    const target = new URL(address, browser.location.href)
    const stays =
      config.mode === 'demo' && target.origin === here().origin && (isProviderPage(target) || isProviderPage(here()))
    if (!stays) {
      browser.location[how](address)
      return
    }
    // Should the provider's chunk not load, the page loads the address itself, as it would have.
    void (isProviderPage(target) ? loadProviderPage() : Promise.resolve()).then(
      () => {
        if (how === 'assign') browser.history.pushState(null, '', target.href)
        else browser.history.replaceState(null, '', target.href)
        draw()
      },
      () => browser.location[how](address),
    )
  }
}
