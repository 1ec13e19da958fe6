import { describe, expect, it, vi } from 'vitest'
import { readConfig, type VigilConfig } from '@/config/config'
import { demoNavigation, type NavigationWindow } from './demo-navigation'

const origin = 'https://vigil.test'

function configOf(env: Record<string, string>): VigilConfig {
  const result = readConfig(env, origin)
  if (!result.ok) throw new Error('a valid configuration was expected')
  return result.config
}

const demo = configOf({})
const realProvider = configOf({ VITE_AUTH_DOMAIN: 'https://acme.kinde.com', VITE_AUTH_CLIENT_ID: 'abc' })

/** A browser whose history moves the address, as a real one does; popstate is fired by the test. */
function fakeWindow(start: string) {
  const entries = [start]
  let at = 0
  const popstate: (() => void)[] = []
  const location = { href: start, assign: vi.fn<(url: string) => void>(), replace: vi.fn<(url: string) => void>() }
  const browser: NavigationWindow = {
    location,
    history: {
      pushState: vi.fn((_data: unknown, _unused: string, url?: string | URL | null) => {
        entries.splice(at + 1, entries.length, String(url))
        at += 1
        location.href = entries[at]
      }),
      replaceState: vi.fn((_data: unknown, _unused: string, url?: string | URL | null) => {
        entries[at] = String(url)
        location.href = entries[at]
      }),
    },
    addEventListener: (_type, listener) => popstate.push(listener),
  }
  const back = () => {
    at -= 1
    location.href = entries[at]
    popstate.forEach((listener) => listener())
  }
  return { browser, location, entries: () => [...entries], back }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const loaded = () => Promise.resolve()
const signInUrl = `${origin}/demo-idp/oauth2/auth?client_id=vigil-demo&state=s1`
const callbackUrl = `${origin}/?code=c1&state=s1`

describe('the demo’s navigation between the app and its provider', () => {
  it('signs in within the document: the provider’s chunk first, then the address, then the page', async () => {
    const { browser, location, entries } = fakeWindow(`${origin}/`)
    const steps: string[] = []
    const redraw = vi.fn(() => steps.push(`draw ${location.href}`))
    const loadProviderPage = vi.fn(() => {
      steps.push('load the provider’s page')
      return Promise.resolve()
    })
    const leave = demoNavigation(demo, browser, redraw, loadProviderPage)

    leave(signInUrl, 'assign')
    await settle()
    expect(steps).toEqual(['load the provider’s page', `draw ${signInUrl}`])
    expect(entries()).toEqual([`${origin}/`, signInUrl])

    leave(callbackUrl, 'replace')
    await settle()
    expect(steps).toEqual(['load the provider’s page', `draw ${signInUrl}`, `draw ${callbackUrl}`])
    expect(entries()).toEqual([`${origin}/`, callbackUrl])
    expect(location.assign).not.toHaveBeenCalled()
    expect(location.replace).not.toHaveBeenCalled()
  })

  it('redraws when Back or Forward crosses between the provider and the app, and leaves the rest to the router', async () => {
    const { browser, back } = fakeWindow(`${origin}/repositories`)
    const redraw = vi.fn()
    const leave = demoNavigation(demo, browser, redraw, loaded)
    browser.history.pushState(null, '', `${origin}/policies`)
    back()
    expect(redraw).not.toHaveBeenCalled()

    leave(signInUrl, 'assign')
    await settle()
    expect(redraw).toHaveBeenCalledTimes(1)
    back()
    expect(redraw).toHaveBeenCalledTimes(2)
  })

  it('loads the page when the provider’s chunk cannot load', async () => {
    const { browser, location, entries } = fakeWindow(`${origin}/`)
    const redraw = vi.fn()
    const leave = demoNavigation(demo, browser, redraw, () => Promise.reject(new TypeError('Failed to fetch')))
    leave(signInUrl, 'assign')
    await settle()
    expect(location.assign).toHaveBeenCalledWith(signInUrl)
    expect(redraw).not.toHaveBeenCalled()
    expect(entries()).toEqual([`${origin}/`])
  })

  it('loads the page for a real provider, another origin, or between two of the app’s own pages', () => {
    const real = fakeWindow(`${origin}/`)
    const redrawReal = vi.fn()
    demoNavigation(
      realProvider,
      real.browser,
      redrawReal,
      loaded,
    )('https://acme.kinde.com/oauth2/auth?state=s', 'assign')
    expect(real.location.assign).toHaveBeenCalledWith('https://acme.kinde.com/oauth2/auth?state=s')

    const elsewhere = fakeWindow(signInUrl)
    const redrawElsewhere = vi.fn()
    demoNavigation(demo, elsewhere.browser, redrawElsewhere, loaded)('https://other.test/?code=c1', 'replace')
    expect(elsewhere.location.replace).toHaveBeenCalledWith('https://other.test/?code=c1')

    const app = fakeWindow(`${origin}/`)
    const redrawApp = vi.fn()
    demoNavigation(demo, app.browser, redrawApp, loaded)(`${origin}/policies`, 'assign')
    expect(app.location.assign).toHaveBeenCalledWith(`${origin}/policies`)

    expect([redrawReal, redrawElsewhere, redrawApp].map((redraw) => redraw.mock.calls.length)).toEqual([0, 0, 0])
  })
})
