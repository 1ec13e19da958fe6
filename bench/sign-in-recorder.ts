import type { BrowserContext } from 'playwright'

/** One moment of a demo sign-in, in wall-clock milliseconds. */
export interface SignInEvent {
  name: string
  at: number
}

/** The binding through which the pages report their moments to the bench. */
type ReportingWindow = Window & typeof globalThis & { vigilBenchEvent: (name: string, at: number) => void }

/**
 * Records a demo sign-in as its user sees it, on every page of `context`, in wall-clock
 * milliseconds (each document's `performance.timeOrigin` plus its clock): the clicks on "Sign in"
 * and "Continue as Ada Lovelace", each document's start and the end of its parsing (the entry
 * script has run), each address the page moves to through the history without loading, the
 * provider's discovery and token requests, and the frames that first show the provider's Continue
 * button and the dashboard's heading. The bench's own waits poll with
 * growing pauses (up to half a second), so the time it takes to notice a page is not the page's.
 */
export async function recordSignIn(context: BrowserContext): Promise<SignInEvent[]> {
  const events: SignInEvent[] = []
  await context.exposeBinding('vigilBenchEvent', (_source, name: string, at: number) => events.push({ name, at }))
  // Runs in each page, serialised by Playwright: it can reach nothing of this module.
  await context.addInitScript(() => {
    const report = (name: string, clock: number) =>
      (window as ReportingWindow).vigilBenchEvent(name, performance.timeOrigin + clock)
    report(`document ${location.pathname}`, 0)
    addEventListener('DOMContentLoaded', () => report('parsed', performance.now()))
    for (const method of ['pushState', 'replaceState'] as const) {
      const change = history[method]
      history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
        const result = change.apply(this, args)
        report(`address ${location.pathname}`, performance.now())
        return result
      }
    }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
        const request = /openid-configuration|oauth2\/token/.exec(entry.name)?.[0]
        if (!request) continue
        const name = request === 'oauth2/token' ? 'token' : 'discovery'
        report(`${name} asked`, entry.startTime)
        report(`${name} answered`, entry.responseEnd)
      }
    }).observe({ type: 'resource' })
    // A page the sign-in loads (rather than draws in the same document) is watched from its start.
    let watching = location.protocol.startsWith('http') && sessionStorage.getItem('vigil-bench-watching') === 'yes'
    addEventListener(
      'click',
      (event) => {
        const text = event.target instanceof Element ? event.target.closest('button')?.textContent : undefined
        if (text === 'Sign in' || text?.startsWith('Continue as')) report(`click ${text}`, event.timeStamp)
        // Watched from the click on: reading the page every frame while it loads would slow the
        // logged-out screen that the start-up benchmark times.
        if (text === 'Sign in' && !watching) {
          watching = true
          sessionStorage.setItem('vigil-bench-watching', 'yes')
          requestAnimationFrame(watch)
        }
      },
      true,
    )
    const shown = (selector: string, text: string) =>
      [...document.querySelectorAll(selector)].some(
        (element) => element.textContent === text && element.checkVisibility(),
      )
    let providerShown = false
    const watch = (time: number) => {
      if (!providerShown && shown('button', 'Continue as Ada Lovelace')) {
        providerShown = true
        report('provider page shown', time)
      }
      if (shown('h1', 'Dashboard')) return report('dashboard shown', time)
      requestAnimationFrame(watch)
    }
    if (watching) requestAnimationFrame(watch)
  })
  return events
}
