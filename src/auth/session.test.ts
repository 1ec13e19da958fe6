import { UnsecuredJWT } from 'jose'
import { describe, expect, it, vi } from 'vitest'
import { MemoryStorage } from '@tests/helpers/memory-storage'
import { AuthError } from './errors'
import { sessionTokenStore, toSession } from './session'

const issuer = 'https://id.example.test'
const clientId = 'vigil'
const now = 1_800_000_000_000
const seconds = Math.floor(now / 1000)

function idToken(claims: Record<string, unknown> = {}): string {
  // A signature is not checked on read; a well-formed JWT needs one.
  return `${new UnsecuredJWT({ iss: issuer, aud: clientId, sub: 'kp_1', exp: seconds + 3600, ...claims }).encode()}sig`
}

const tokens = (name: string, claims: Record<string, unknown> = {}) => ({
  accessToken: `opaque-access-${name}`,
  idToken: idToken({ name, ...claims }),
  refreshToken: `refresh-${name}`,
})

function storeOn(storage = new MemoryStorage()) {
  return { storage, store: sessionTokenStore(storage, () => now, { issuer, clientId }) }
}

describe('stored session', () => {
  it('keeps the expiry received with an opaque access token (expires_in) across a reload', () => {
    const { store } = storeOn()
    const received = toSession(tokens('a'), now, 300)
    store.save(received)
    const read = store.read()
    expect(read?.accessToken).toBe('opaque-access-a')
    expect(read?.expiresAt).toBe(now + 300_000)
    expect(read?.lifetimeMs).toBe(300_000)
  })

  it("trusts expires_in over a JWT access token's exp, so a skewed clock cannot make a fresh token look expired", () => {
    const skewedJwt = `${new UnsecuredJWT({ exp: seconds - 600 }).encode()}sig`
    const session = toSession({ ...tokens('a'), accessToken: skewedJwt }, now, 3600)
    expect(session.lifetimeMs).toBe(3_600_000)
  })

  it('refuses and clears tokens mixed from two sign-ins (another identity written over one key)', () => {
    const { storage, store } = storeOn()
    store.save(toSession(tokens('a'), now, 300))
    const other = storeOn()
    other.store.save(toSession(tokens('b', { sub: 'kp_2' }), now, 300))
    for (const key of other.storage.keys().filter((key) => key.startsWith('idToken'))) {
      storage.setItem(key, other.storage.getItem(key) as string)
    }
    const discard = vi.fn()
    expect(store.read(discard)).toBeNull()
    expect(discard).toHaveBeenCalledWith('its tokens do not belong to one sign-in or refresh')
  })

  it('refuses tokens written without the marker (half written, or stored by an older version)', () => {
    const { storage, store } = storeOn()
    store.save(toSession(tokens('a'), now, 300))
    storage.removeItem('sessionMarker0')
    const discard = vi.fn()
    expect(store.read(discard)).toBeNull()
    expect(discard).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['another issuer', { iss: 'https://evil.example.test' }, 'the id token was issued by "https://evil.example.test"'],
    ['another client', { aud: ['someone-else'] }, 'the id token is not for the client vigil'],
    ['no subject', { sub: '' }, 'the id token has no subject'],
    ['no expiry', { exp: undefined }, 'the id token has no expiry'],
  ])('refuses an id token from %s', (_name, claims, reason) => {
    const { store } = storeOn()
    store.save(toSession(tokens('a', claims), now, 300))
    const discard = vi.fn()
    expect(store.read(discard)).toBeNull()
    expect(discard).toHaveBeenCalledWith(expect.stringContaining(reason))
  })

  it('accepts the issuer with or without a trailing slash and an audience list that holds the client', () => {
    const { store } = storeOn()
    store.save(toSession(tokens('a', { iss: `${issuer}/`, aud: ['api', clientId] }), now, 300))
    expect(store.read()?.refreshToken).toBe('refresh-a')
  })

  it('reads a session whose id token has expired as due for renewal at once', () => {
    const { store } = storeOn()
    store.save(toSession(tokens('a', { exp: seconds - 1 }), now, 300))
    expect(store.read()?.lifetimeMs).toBeLessThanOrEqual(0)
  })

  it('says "storage is full" on a quota error and leaves nothing half written', () => {
    const storage = new MemoryStorage()
    let writes = 0
    const setItem = storage.setItem.bind(storage)
    storage.setItem = (key, value) => {
      if (++writes > 2) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      setItem(key, value)
    }
    const { store } = storeOn(storage)
    let error: unknown
    try {
      store.save(toSession(tokens('a'), now, 300))
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(AuthError)
    expect((error as AuthError).kind).toBe('storage-full')
    expect((error as AuthError).message).toContain('storage is full')
    expect(storage.keys()).toEqual([])
  })
})
