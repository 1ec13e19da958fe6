import { afterEach, describe, expect, it, vi } from 'vitest'
import { dropRegistrationsLeftUncontrolled, handleWorkerUpdateFailures } from './browser'

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
