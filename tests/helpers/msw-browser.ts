import { setupWorker } from 'msw/browser'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'

/** MSW's service worker for browser tests; each test adds the handlers it needs. */
export const worker = setupWorker()

/**
 * Requests the app makes (the product API, or any other origin) that no handler answered. Vite's
 * own module requests pass through untouched.
 */
const unhandled: string[] = []

function isAppRequest(url: URL): boolean {
  return url.origin !== location.origin || url.pathname.startsWith('/api/')
}

/** Takes the unhandled requests seen so far (a test that expects one takes it before the check). */
export function takeUnhandledRequests(): string[] {
  return unhandled.splice(0)
}

export function startMockWorkerForTests() {
  beforeAll(async () => {
    await worker.start({
      quiet: true,
      serviceWorker: { url: '/mockServiceWorker.js' },
      onUnhandledRequest: (request, print) => {
        if (!isAppRequest(new URL(request.url))) return
        unhandled.push(`${request.method} ${request.url}`)
        print.error()
      },
    })
  })
  afterEach(() => {
    worker.resetHandlers()
    const requests = takeUnhandledRequests()
    expect(requests, 'requests that no mock handler answered').toEqual([])
  })
  afterAll(() => worker.stop())
}
