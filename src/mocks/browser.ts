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

/** Starts the MSW service worker; resolves once it intercepts requests. */
export async function startMockWorker(handlers: RequestHandler[]): Promise<void> {
  if (typeof ServiceWorkerRegistration !== 'undefined') handleWorkerUpdateFailures(ServiceWorkerRegistration.prototype)
  const worker = setupWorker(...handlers)
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  })
}
