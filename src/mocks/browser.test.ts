import { afterEach, describe, expect, it, vi } from 'vitest'
import { handleWorkerUpdateFailures } from './browser'

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
