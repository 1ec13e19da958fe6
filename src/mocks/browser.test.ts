import { readFileSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiHandlers } from './api'
import { demoIdpHandlers } from '@/demo-idp/handlers'
import { dropRegistrationsLeftUncontrolled, handleWorkerUpdateFailures, mockedPrefixes, mockWorkerUrl } from './browser'

const unhandled: unknown[] = []
const record = (reason: unknown) => unhandled.push(reason)
process.on('unhandledRejection', record)
afterEach(() => {
  unhandled.length = 0
  vi.restoreAllMocks()
})

/** A registration whose worker script is gone: its update rejects, as Chromium's does. */
class FakeRegistration {
  update(): Promise<unknown> {
    return Promise.reject(new TypeError('Failed to update a ServiceWorker for scope: Not found'))
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10))

describe('the mock worker’s background update', () => {
  it('is handled, with a warning, once guarded; the caller still sees the failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    class Registration extends FakeRegistration {}
    handleWorkerUpdateFailures(Registration.prototype)
    handleWorkerUpdateFailures(Registration.prototype)
    void new Registration().update()
    await expect(new Registration().update()).rejects.toThrow('Not found')
    await settle()
    expect(unhandled).toEqual([])
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('Vigil kept the running mock worker: it could not be updated'),
    )
  })
})

const script = 'http://127.0.0.1/mockServiceWorker.js'
function registration(scriptURL: string) {
  return { active: { scriptURL }, waiting: null, installing: null, unregister: vi.fn(async () => true) }
}
function container(controlled: boolean, registrations: ReturnType<typeof registration>[]) {
  return {
    controller: controlled ? ({ scriptURL: script } as ServiceWorker) : null,
    getRegistrations: async () => registrations as unknown as readonly ServiceWorkerRegistration[],
  }
}

describe('a mock worker registration left behind by a sign-out', () => {
  it('is removed when the page opened uncontrolled, so that MSW registers afresh instead of reloading', async () => {
    const ours = registration(script)
    const another = registration('http://127.0.0.1/other-worker.js')
    await dropRegistrationsLeftUncontrolled(container(false, [ours, another]), script, 'navigate')
    expect(ours.unregister).toHaveBeenCalledOnce()
    expect(another.unregister).not.toHaveBeenCalled()
  })

  it('is found by the worker’s whole address, its prefixes included', async () => {
    const url = new URL(mockWorkerUrl('/', [http.all(`${origin}/api/*`, ok)], origin), origin).href
    const ours = registration(url)
    const older = registration(script)
    await dropRegistrationsLeftUncontrolled(container(false, [ours, older]), url, 'navigate')
    expect(ours.unregister).toHaveBeenCalledOnce()
    expect(older.unregister).not.toHaveBeenCalled()
  })

  it('is kept while it controls the page', async () => {
    const ours = registration(script)
    await dropRegistrationsLeftUncontrolled(container(true, [ours]), script, 'navigate')
    expect(ours.unregister).not.toHaveBeenCalled()
  })

  it('is kept for a page reloaded without its worker (Shift+Reload): other tabs may use it', async () => {
    const ours = registration(script)
    await dropRegistrationsLeftUncontrolled(container(false, [ours]), script, 'reload')
    expect(ours.unregister).not.toHaveBeenCalled()
  })
})

const origin = 'http://127.0.0.1:5173'
const ok = () => HttpResponse.json({})

describe('the addresses the mock worker asks the page about', () => {
  it('are the handlers’ paths up to a wildcard or a parameter, on the page’s origin when relative', () => {
    const handlers = [
      http.get(`${origin}/api/ping/`, ok),
      http.all(`${origin}/api/*`, ok),
      http.get('https://idp.example/users/:id/keys', ok),
      http.post('/oauth2/token', ok),
      http.get(`${origin}/api/ping/`, ok),
    ]
    expect(mockedPrefixes(handlers, origin)).toEqual([
      `${origin}/api/`,
      `${origin}/api/ping/`,
      `${origin}/oauth2/token`,
      'https://idp.example/users/',
    ])
  })

  it('stop before a group, an optional part or a modifier, which make the text before them optional', () => {
    const handlers = [
      http.get(`${origin}/users/user-:id`, ok),
      http.get(`${origin}/files/(report|scan)`, ok),
      http.get(`${origin}/teams{/:team}`, ok),
      http.get(`${origin}/colou?r`, ok),
    ]
    expect(mockedPrefixes(handlers, origin)).toEqual([
      `${origin}/colo`,
      `${origin}/files/`,
      `${origin}/teams`,
      `${origin}/users/user-`,
    ])
  })

  it('are every address when a handler’s prefix cannot be told: a regular expression, a relative path, a pattern in the host', () => {
    expect(mockedPrefixes([http.get(/\/reports\//, ok)], origin)).toEqual([''])
    expect(mockedPrefixes([http.get('api/ping', ok)], origin)).toEqual([''])
    expect(mockedPrefixes([http.get('https://*.example.com/api', ok)], origin)).toEqual([''])
  })

  it('cover the demo’s provider and product API, and go to the worker in its address', () => {
    const handlers = [
      ...demoIdpHandlers({ issuer: `${origin}/demo-idp` } as Parameters<typeof demoIdpHandlers>[0]),
      ...apiHandlers({ origin, issuer: `${origin}/demo-idp`, jwksUri: async () => '' }),
    ]
    const url = new URL(mockWorkerUrl('/', handlers, origin), origin)
    expect(url.pathname).toBe('/vigil-mock-worker.js')
    expect(url.searchParams.getAll('mock')).toEqual([
      `${origin}/api/`,
      `${origin}/api/ping/`,
      `${origin}/demo-idp/.well-known/jwks.json`,
      `${origin}/demo-idp/.well-known/openid-configuration`,
      `${origin}/demo-idp/oauth2/revoke`,
      `${origin}/demo-idp/oauth2/token`,
    ])
  })
})

/** Runs public/vigil-mock-worker.js as a service worker would, with MSW's script stood in for. */
function startFilterWorker(scriptUrl: string) {
  const steps: string[] = []
  const listeners: ((event: unknown) => void)[] = []
  const self = {
    location: new URL(scriptUrl),
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      steps.push(`listen ${type}`)
      listeners.push(listener)
    },
  }
  const importScripts = (url: string) => steps.push(`import ${url}`)
  runInNewContext(readFileSync('public/vigil-mock-worker.js', 'utf8'), { self, importScripts, URL })
  const fetchEvent = (url: string) => {
    const event = { request: { url }, stopImmediatePropagation: vi.fn() }
    for (const listener of listeners) listener(event)
    return event.stopImmediatePropagation.mock.calls.length > 0 ? 'left to the browser' : 'passed on to MSW'
  }
  return { steps, fetchEvent }
}

describe('the mock worker’s filter', () => {
  const handlers = [http.all(`${origin}/api/*`, ok), http.post(`${origin}/demo-idp/oauth2/token`, ok)]

  it('listens before MSW’s worker is loaded, so that it sees each request first', () => {
    const { steps } = startFilterWorker(mockWorkerUrl(`${origin}/`, handlers, origin))
    expect(steps).toEqual(['listen fetch', 'import ./mockServiceWorker.js'])
  })

  it('passes the handlers’ addresses on to MSW and leaves the rest (a feed, the app’s files) to the browser', () => {
    const { fetchEvent } = startFilterWorker(mockWorkerUrl(`${origin}/`, handlers, origin))
    expect(fetchEvent(`${origin}/api/ping/`)).toBe('passed on to MSW')
    expect(fetchEvent(`${origin}/demo-idp/oauth2/token`)).toBe('passed on to MSW')
    expect(fetchEvent('http://127.0.0.1:8080/vigil/manifest.json')).toBe('left to the browser')
    expect(fetchEvent(`${origin}/assets/index.js`)).toBe('left to the browser')
    expect(fetchEvent(`${origin}/src/api/request.ts`)).toBe('left to the browser')
  })

  it('passes an address on whatever its case, as MSW matches it', () => {
    const { fetchEvent } = startFilterWorker(mockWorkerUrl(`${origin}/`, handlers, origin))
    expect(fetchEvent(`${origin}/API/ping/`)).toBe('passed on to MSW')
  })

  it('passes every request on when a handler matches by a regular expression', () => {
    const { fetchEvent } = startFilterWorker(mockWorkerUrl(`${origin}/`, [http.get(/reports/, ok)], origin))
    expect(fetchEvent('http://127.0.0.1:8080/vigil/manifest.json')).toBe('passed on to MSW')
  })
})
