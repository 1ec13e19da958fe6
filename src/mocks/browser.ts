import type { RequestHandler } from 'msw'
import { setupWorker } from 'msw/browser'

interface UpdatableRegistration {
  update(): Promise<unknown>
}

/**
 * MSW asks an existing worker registration to update in the background and leaves the promise
 * unhandled, so a worker script that cannot be fetched at that moment (a redeploy, a server
 * restarted, going offline) surfaced as "Uncaught (in promise) … Failed to update a ServiceWorker".
 * The update is only a refresh of a worker that is already running: its failure is reported as a
 * warning and handled.
 */
export function handleWorkerUpdateFailures(prototype: UpdatableRegistration): void {
  const update = prototype.update
  if ((update as { vigilGuarded?: boolean }).vigilGuarded) return
  const guarded = function (this: UpdatableRegistration) {
    const result = update.call(this)
    result.catch((error: unknown) =>
      console.warn(`Vigil kept the running mock worker: it could not be updated (${String(error)}).`),
    )
    return result
  }
  Object.assign(guarded, { vigilGuarded: true })
  prototype.update = guarded
}

type WorkerContainer = Pick<ServiceWorkerContainer, 'controller' | 'getRegistrations'>

/**
 * MSW's worker unregisters itself when the last page it knows of closes. Signing out leaves the
 * app for the provider's logout page, which sends the browser back before it has started a worker
 * of its own, so the page the user returns to opens uncontrolled beside a registration on its way
 * out, and MSW reloads such a page. Removing that registration first lets MSW register the worker
 * afresh and claim the page as it is, with no second load of the screen.
 *
 * A page reloaded without its worker (Shift+Reload) is left to MSW: the registration may still
 * serve other tabs, and MSW's reload brings the page back under it.
 */
export async function dropRegistrationsLeftUncontrolled(
  container: WorkerContainer,
  scriptUrl: string,
  navigationType: string | undefined,
): Promise<void> {
  if (container.controller || navigationType === 'reload') return
  const registrations = await container.getRegistrations()
  const ours = registrations.filter((registration) =>
    [registration.active, registration.waiting, registration.installing].some(
      (worker) => worker?.scriptURL === scriptUrl,
    ),
  )
  await Promise.all(ours.map((registration) => registration.unregister()))
}

/** Where a handler's path stops being plain text: a wildcard, a parameter, a group or a modifier. */
const PATTERN_CHARACTER = /[*:(){}?+]/

/**
 * The address a handler answers, as a prefix of a request's URL: its path up to the first
 * pattern character (a modifier makes the character before it optional too), a path on the
 * page's origin when it starts with `/`. A handler whose prefix cannot be told (a regular
 * expression, a path relative to the page, a pattern in the origin) could answer anything: `''`,
 * the prefix of every URL.
 */
function mockedPrefix(path: unknown, origin: string): string {
  if (typeof path !== 'string') return ''
  let base = origin
  let rest = path
  if (!path.startsWith('/')) {
    const absolute = /^https?:\/\/([^/]*)/i.exec(path)
    if (!absolute || PATTERN_CHARACTER.test(absolute[1].replace(/:\d+$/, ''))) return ''
    base = absolute[0]
    rest = path.slice(base.length)
  }
  const at = rest.search(PATTERN_CHARACTER)
  if (at === -1) return base + rest
  const modifier = rest[at] === '?' || rest[at] === '+'
  return base + rest.slice(0, modifier ? Math.max(0, at - 1) : at)
}

/** The addresses the handlers answer, as prefixes of a request's URL (see mockedPrefix). */
export function mockedPrefixes(handlers: RequestHandler[], origin: string): string[] {
  const prefixes = handlers.map(({ info }) => mockedPrefix((info as { path?: unknown }).path, origin))
  return [...new Set(prefixes)].sort()
}

/**
 * The worker's address: MSW's worker behind a filter (`public/vigil-mock-worker.js`) that leaves
 * every request outside the handlers' prefixes to the browser.
 */
export function mockWorkerUrl(base: string, handlers: RequestHandler[], origin: string): string {
  const query = new URLSearchParams(mockedPrefixes(handlers, origin).map((prefix) => ['mock', prefix]))
  return `${base}vigil-mock-worker.js?${query}`
}

/** Starts the MSW service worker; resolves once it intercepts requests. */
export async function startMockWorker(handlers: RequestHandler[]): Promise<void> {
  if (typeof ServiceWorkerRegistration !== 'undefined') handleWorkerUpdateFailures(ServiceWorkerRegistration.prototype)
  const url = mockWorkerUrl(import.meta.env.BASE_URL, handlers, window.location.origin)
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
  await dropRegistrationsLeftUncontrolled(
    navigator.serviceWorker,
    new URL(url, window.location.href).href,
    navigation?.type,
  )
  const worker = setupWorker(...handlers)
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true, serviceWorker: { url } })
}
