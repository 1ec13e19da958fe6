import { setupWorker } from 'msw/browser'
import { afterAll, afterEach, beforeAll } from 'vitest'

/** MSW's service worker for browser tests; each test adds the handlers it needs. */
export const worker = setupWorker()

export function startMockWorkerForTests() {
  beforeAll(async () => {
    await worker.start({ quiet: true, onUnhandledRequest: 'bypass', serviceWorker: { url: '/mockServiceWorker.js' } })
  })
  afterEach(() => worker.resetHandlers())
  afterAll(() => worker.stop())
}
