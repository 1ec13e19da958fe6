import type { RequestHandler } from 'msw'
import { setupWorker } from 'msw/browser'

/** Starts the MSW service worker; resolves once it intercepts requests. */
export async function startMockWorker(handlers: RequestHandler[]): Promise<void> {
  const worker = setupWorker(...handlers)
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  })
}
