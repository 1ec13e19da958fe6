import { calculatePKCECodeChallenge } from 'oauth4webapi'
import { delay, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiHandlers } from '@/mocks/api'
import { demoIdpHandlers } from '@/demo-idp/handlers'
import { demoIdentities } from '@/demo-idp/identities'
import { createDemoProvider } from '@/demo-idp/provider'
import { MemoryRefreshLedger } from '@tests/helpers/memory-refresh-ledger'
import { MemoryStorage } from '@tests/helpers/memory-storage'
import { userProfile } from './claims'
import { isCallbackUrl, withoutCallbackParams } from './callback-url'
import { createAuthClient, type AuthEnvironment } from './client'
import { readConfig, type VigilConfig } from '@/config/config'
import type { AuthError } from './errors'
import { parseRefreshRecord, tokenDigest, tokensOf } from './refresh-ledger'
import { memoryDpopKeys } from './dpop-keys'
import { bearerSender } from '@/api/request'
import { calculateJwkThumbprint, decodeJwt, exportJWK } from 'jose'

const origin = 'http://vigil.test'
const demoConfig = (() => {
  const result = readConfig({}, origin)
  if (!result.ok) throw new Error('demo config')
  return result.config
})()
const issuer = demoConfig.authDomain
const providerStorage = new MemoryStorage()
const provider = createDemoProvider({ issuer, clientId: demoConfig.clientId, storage: providerStorage })
const server = setupServer(
  ...demoIdpHandlers(provider),
  ...apiHandlers({ origin, issuer, jwksUri: async () => `${issuer}/.well-known/jwks.json` }),
)
const tokenRequests: string[] = []
server.events.on('request:start', ({ request }) => {
  if (request.url.endsWith('/oauth2/token')) tokenRequests.push(request.url)
})

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())
beforeEach(() => {
  tokenRequests.length = 0
})

/** A serialising lock, as Web Locks gives in the browser. */
function createLock() {
  let tail = Promise.resolve()
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task)
    tail = run.then(
      () => undefined,
      () => undefined,
    )
    return run
  }
}

function setup(config: VigilConfig = demoConfig, overrides: Partial<AuthEnvironment> = {}) {
  const tokenStorage = new MemoryStorage()
  const loginStorage = new MemoryStorage()
  const navigate = vi.fn<(url: string) => void>()
  const env: AuthEnvironment = {
    tokenStorage,
    loginStorage: () => loginStorage,
    navigate,
    withRefreshLock: createLock(),
    now: Date.now,
    ...overrides,
  }
  const client = createAuthClient(config, env)
  return { client, tokenStorage, loginStorage, navigate }
}

/** The refresh tokens sent to the provider since the test began. */
const sentRefreshTokens: string[] = []
server.events.on('request:start', async ({ request }) => {
  if (!request.url.endsWith('/oauth2/token')) return
  const form = new URLSearchParams(await request.clone().text())
  if (form.get('grant_type') === 'refresh_token') sentRefreshTokens.push(form.get('refresh_token') ?? '')
})
beforeEach(() => {
  sentRefreshTokens.length = 0
})

/**
 * Two tabs that share the refresh lock, the ledger and the provider. Each has its own view of
 * localStorage, so a test can leave the second one behind, as Chromium does for a moment.
 */
async function twoTabs(ledger: MemoryRefreshLedger | undefined = new MemoryRefreshLedger()) {
  const withRefreshLock = createLock()
  const first = setup(demoConfig, { withRefreshLock, refreshLedger: ledger })
  const session = await first.client.handleCallback(await signInAt(first))
  const secondStorage = new MemoryStorage()
  for (const key of first.tokenStorage.keys()) secondStorage.setItem(key, first.tokenStorage.getItem(key) as string)
  const second = setup(demoConfig, { withRefreshLock, refreshLedger: ledger, tokenStorage: secondStorage })
  return { first, second: { ...second, tokenStorage: secondStorage }, session, ledger, withRefreshLock }
}

/** Starts a login and lets the demo provider approve it; returns the callback URL. */
async function signInAt(
  context: ReturnType<typeof setup>,
  options: Parameters<ReturnType<typeof setup>['client']['startLogin']>[0] = {},
) {
  await context.client.startLogin(options)
  const authorizeUrl = new URL(context.navigate.mock.calls.at(-1)?.[0] as string)
  return new URL(provider.approve(authorizeUrl.searchParams, demoIdentities[0]))
}

async function failure(promise: Promise<unknown>): Promise<AuthError> {
  try {
    await promise
  } catch (error) {
    return error as AuthError
  }
  throw new Error('expected a failure')
}

describe('login redirect', () => {
  it('sends every authorization parameter with state 32, nonce 16 and an S256 challenge of a 52-character verifier', async () => {
    const context = setup()
    await context.client.startLogin()
    const url = new URL(context.navigate.mock.calls[0][0])
    expect(`${url.origin}${url.pathname}`).toBe(`${issuer}/oauth2/auth`)
    const params = Object.fromEntries(url.searchParams)
    expect(params).toMatchObject({
      client_id: 'vigil-demo',
      response_type: 'code',
      redirect_uri: origin,
      scope: 'email profile openid offline',
      code_challenge_method: 'S256',
    })
    expect(params.audience).toBeUndefined()
    expect(params.prompt).toBeUndefined()
    expect(params.state).toHaveLength(32)
    expect(params.nonce).toHaveLength(16)
    expect(context.loginStorage.getItem('state0')).toBe(params.state)
    expect(context.loginStorage.getItem('nonce0')).toBe(params.nonce)
    const verifier = context.loginStorage.getItem('codeVerifier0') as string
    expect(verifier).toHaveLength(52)
    expect(params.code_challenge).toBe(await calculatePKCECodeChallenge(verifier))
  })

  it('adds audience, prompt and login_hint when given, and prompt=create for registration', async () => {
    const context = setup({ ...demoConfig, audience: 'https://api.vigil.dev' })
    await context.client.startLogin({ prompt: 'login', loginHint: 'ada@vigil.dev' })
    const login = new URL(context.navigate.mock.calls[0][0]).searchParams
    expect(login.get('audience')).toBe('https://api.vigil.dev')
    expect(login.get('prompt')).toBe('login')
    expect(login.get('login_hint')).toBe('ada@vigil.dev')
    await context.client.startLogin({ register: true })
    expect(new URL(context.navigate.mock.calls[1][0]).searchParams.get('prompt')).toBe('create')
  })

  it("asks for the tab's sign-in storage only when a sign-in starts, and stops there when the browser blocks it", async () => {
    const loginStorage = vi.fn<AuthEnvironment['loginStorage']>(() => undefined)
    const context = setup(demoConfig, { loginStorage })
    expect(context.client.readSession()).toBeNull()
    expect(loginStorage).not.toHaveBeenCalled()
    const error = await failure(context.client.startLogin())
    expect(error.message).toBe('Authentication storage is not initialized')
    expect(loginStorage).toHaveBeenCalled()
    expect(context.navigate).not.toHaveBeenCalled()
  })

  it('fails with ERR_REGISTER when the provider cannot be reached for registration', async () => {
    const context = setup({ ...demoConfig, authDomain: 'http://127.0.0.1:9/nowhere' })
    server.use(http.get('http://127.0.0.1:9/*', () => HttpResponse.error()))
    const error = await failure(context.client.startLogin({ register: true }))
    expect(error.code).toBe('ERR_REGISTER')
    expect(error.kind).toBe('unreachable')
    expect(context.navigate).not.toHaveBeenCalled()
  })
})

describe('callback', () => {
  it('exchanges the code, stores the tokens in chunks and gives the user profile', async () => {
    const context = setup()
    const callback = await signInAt(context)
    expect(isCallbackUrl(callback)).toBe(true)
    const session = await context.client.handleCallback(callback)
    expect(userProfile(session.idToken)).toMatchObject({
      givenName: 'Ada',
      familyName: 'Lovelace',
      email: 'ada.lovelace@vigil.dev',
    })
    expect(session.lifetimeMs).toBeGreaterThan(3_590_000)
    expect(context.tokenStorage.keys()).toEqual(['accessToken0', 'idToken0', 'refreshToken0', 'sessionMarker0'])
    expect(context.loginStorage.keys()).toEqual([])
    expect(context.client.readSession()?.accessToken).toBe(session.accessToken)
  })

  it('runs the exchange once when the callback is handled twice (React StrictMode)', async () => {
    const context = setup()
    const callback = await signInAt(context)
    const [first, second] = await Promise.all([
      context.client.handleCallback(callback),
      context.client.handleCallback(callback),
    ])
    expect(first).toBe(second)
    expect(tokenRequests).toHaveLength(1)
  })

  it('refuses a replayed callback URL with a readable state error', async () => {
    const context = setup()
    const callback = await signInAt(context)
    await context.client.handleCallback(callback)
    const replay = createAuthClient(demoConfig, {
      tokenStorage: new MemoryStorage(),
      loginStorage: () => context.loginStorage,
      navigate: vi.fn(),
      withRefreshLock: createLock(),
      now: Date.now,
    })
    const error = await failure(replay.handleCallback(callback))
    expect(error.code).toBe('ERR_STATE_PARSE')
    expect(error.message).toBe(
      `Invalid state: supplied "${callback.searchParams.get('state')}", expected "(none stored)"`,
    )
    expect(tokenRequests).toHaveLength(1)
  })

  it('refuses a tampered state, showing the supplied value but never the stored one', async () => {
    const context = setup()
    const callback = await signInAt(context)
    const expected = callback.searchParams.get('state') as string
    callback.searchParams.set('state', ' tampered ')
    const error = await failure(context.client.handleCallback(callback))
    expect(error.message).toBe('Invalid state: supplied "tampered", expected the one this tab stored (not shown)')
    expect(error.message).not.toContain(expected)
    expect(error.code).toBe('ERR_STATE_PARSE')
    expect(tokenRequests).toHaveLength(0)
  })

  it.each(['state', 'code'])('needs both state and code: without %s it is "Invalid state or code"', async (missing) => {
    const context = setup()
    const callback = await signInAt(context)
    callback.searchParams.delete(missing)
    const error = await failure(context.client.handleCallback(callback))
    expect(error.message).toBe('Invalid state or code')
    expect(error.code).toBe('ERR_STATE_PARSE')
  })

  it('needs the stored code verifier', async () => {
    const context = setup()
    const callback = await signInAt(context)
    context.loginStorage.removeItem('codeVerifier0')
    const error = await failure(context.client.handleCallback(callback))
    expect(error.message).toBe('Code verifier not found')
    expect(error.code).toBe('ERR_CODE_EXCHANGE')
  })

  it('shows an error the provider sent back (access_denied)', async () => {
    const context = setup()
    await context.client.startLogin()
    const authorize = new URL(context.navigate.mock.calls[0][0])
    const callback = new URL(provider.deny(authorize.searchParams))
    const error = await failure(context.client.handleCallback(callback))
    expect(error.kind).toBe('provider')
    expect(error.message).toBe('access_denied: "The user cancelled the sign-in."')
    expect(context.loginStorage.keys()).toEqual([])
  })

  it("quotes and trims the provider's error_description", async () => {
    const context = setup()
    await context.client.startLogin()
    const authorize = new URL(context.navigate.mock.calls[0][0])
    const callback = new URL(provider.deny(authorize.searchParams, 'access_denied', '  Ask  your admin\n '))
    const error = await failure(context.client.handleCallback(callback))
    expect(error.message).toBe('access_denied: "Ask  your admin"')
  })

  it.each([
    ['a stray error (no state)', (_state: string) => '?error=access_denied&error_description=forged'],
    ['an error with another state', (_state: string) => '?error=login_required&state=someone-else'],
    ['an error for the sign-in this tab started', (state: string) => `?error=access_denied&state=${state}`],
  ])('ignores %s in a signed-in tab: the session stays', async (_name, query) => {
    const context = setup()
    const session = await context.client.handleCallback(await signInAt(context))
    await context.client.startLogin({ prompt: 'login' })
    const state = context.loginStorage.getItem('state0') as string
    const stored = [...context.tokenStorage.keys()].map((key) => context.tokenStorage.getItem(key))
    const kept = await context.client.handleCallback(new URL(`${origin}/${query(state)}`))
    expect(kept.refreshToken).toBe(session.refreshToken)
    expect([...context.tokenStorage.keys()].map((key) => context.tokenStorage.getItem(key))).toEqual(stored)
    expect(context.client.readSession()?.refreshToken).toBe(session.refreshToken)
  })

  it('reports a refused exchange with its status and body', async () => {
    const context = setup()
    const callback = await signInAt(context)
    server.use(
      http.post(`${issuer}/oauth2/token`, () => HttpResponse.json({ error: 'invalid_grant' }, { status: 400 })),
    )
    const error = await failure(context.client.handleCallback(callback))
    expect(error.message).toBe('Token exchange failed: 400 {"error":"invalid_grant"}')
    expect(error.code).toBe('ERR_CODE_EXCHANGE')
  })

  it('needs an access token, an id token and a refresh token in the response', async () => {
    for (const [dropped, message] of [
      ['access_token', 'No access token recieved'],
      ['id_token', 'Token exchange failed: 200 (the response has no id_token)'],
      ['refresh_token', 'Token exchange failed: 200 (the response has no refresh_token)'],
    ]) {
      const context = setup()
      const callback = await signInAt(context)
      server.use(
        http.post(`${issuer}/oauth2/token`, async ({ request }) => {
          const { body } = await provider.token(new URLSearchParams(await request.text()))
          delete body[dropped]
          return HttpResponse.json(body)
        }),
      )
      const error = await failure(context.client.handleCallback(callback))
      expect(error.message).toBe(message)
      expect(context.tokenStorage.keys()).toEqual([])
      server.resetHandlers()
    }
  })

  it('refuses an id token whose nonce is not the one sent', async () => {
    const context = setup()
    const callback = await signInAt(context)
    context.loginStorage.setItem('nonce0', 'another-nonce-00')
    const error = await failure(context.client.handleCallback(callback))
    expect(error.code).toBe('ERR_CODE_EXCHANGE')
    expect(error.message).toMatch(/nonce/)
    expect(context.tokenStorage.keys()).toEqual([])
  })

  it('refuses a verifier that does not match the challenge (PKCE)', async () => {
    const context = setup()
    const callback = await signInAt(context)
    context.loginStorage.setItem('codeVerifier0', 'x'.repeat(52))
    const error = await failure(context.client.handleCallback(callback))
    expect(error.message).toContain('PKCE verification failed')
  })

  it('removes exactly the callback parameters from the address', () => {
    expect(withoutCallbackParams(new URL('http://vigil.test/repositories?code=c&state=s&iss=x&q=api#top'))).toBe(
      '/repositories?q=api#top',
    )
    expect(isCallbackUrl(new URL('http://vigil.test/repositories?q=api'))).toBe(false)
    expect(isCallbackUrl(new URL('http://vigil.test/?code=c&state=s'), 'http://vigil.test')).toBe(true)
    expect(isCallbackUrl(new URL('http://vigil.test/repositories?state=open'), 'http://vigil.test')).toBe(false)
  })
})

describe('stored session', () => {
  it('counts a corrupt chunk set or a malformed id token as no session, and cleans it up', async () => {
    const context = setup()
    await context.client.handleCallback(await signInAt(context))
    context.tokenStorage.setItem('accessToken3', 'stray')
    expect(context.client.readSession()).toBeNull()
    expect(context.tokenStorage.keys()).toEqual([])

    context.tokenStorage.setItem('accessToken0', 'a.b.c')
    context.tokenStorage.setItem('idToken0', 'not-a-jwt')
    context.tokenStorage.setItem('refreshToken0', 'r')
    expect(context.client.readSession()).toBeNull()
    expect(context.tokenStorage.keys()).toEqual([])
  })

  it('counts a partial session as none', async () => {
    const context = setup()
    await context.client.handleCallback(await signInAt(context))
    context.tokenStorage.removeItem('refreshToken0')
    expect(context.client.readSession()).toBeNull()
    expect(context.tokenStorage.keys()).toEqual([])
  })

  it('reads an expired session with the time it has left (negative), and refresh renews it', async () => {
    let now = Date.now()
    const context = setup(demoConfig, { now: () => now })
    const first = await context.client.handleCallback(await signInAt(context))
    now += 2 * 3600_000
    const stored = context.client.readSession()
    expect(stored?.lifetimeMs).toBeLessThan(0)
    const renewed = await context.client.refresh(stored as NonNullable<typeof stored>)
    expect(renewed.refreshToken).not.toBe(first.refreshToken)
    expect(tokenRequests).toHaveLength(2)
  })
})

describe('refresh', () => {
  it('rotates the refresh token and keeps only the newest; the old one is refused by the provider', async () => {
    const context = setup()
    const first = await context.client.handleCallback(await signInAt(context))
    const second = await context.client.refresh(first)
    expect(second.refreshToken).not.toBe(first.refreshToken)
    expect(context.client.readSession()?.refreshToken).toBe(second.refreshToken)
    const replay = await provider.token(
      new URLSearchParams({ grant_type: 'refresh_token', client_id: 'vigil-demo', refresh_token: first.refreshToken }),
    )
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
  })

  it('sends the rotated token once when two refreshes race (one tab waits for the lock)', async () => {
    const context = setup()
    const first = await context.client.handleCallback(await signInAt(context))
    const [a, b] = await Promise.all([context.client.refresh(first), context.client.refresh(first)])
    expect(a.refreshToken).toBe(b.refreshToken)
    expect(tokenRequests).toHaveLength(2) // the code exchange and one refresh
  })

  it('a tab whose localStorage still shows the spent token takes the new tokens from the ledger and sends nothing', async () => {
    const { first, second, session } = await twoTabs()
    const renewed = await first.client.refresh(session)
    expect(second.client.readSession()?.refreshToken).toBe(session.refreshToken)

    const adopted = await second.client.refresh(session)
    expect(adopted.refreshToken).toBe(renewed.refreshToken)
    expect(adopted.accessToken).toBe(renewed.accessToken)
    expect(sentRefreshTokens).toEqual([session.refreshToken])
    expect(second.client.readSession()?.refreshToken).toBe(renewed.refreshToken)
  })

  it('a tab that was sent the new tokens refreshes with them, not with the spent ones its localStorage shows', async () => {
    let now = Date.now()
    const { first, second, session, ledger, withRefreshLock } = await twoTabs()
    const renewed = await first.client.refresh(session)
    // The second tab got `renewed` through the session channel; its localStorage is behind.
    const late = setup(demoConfig, {
      withRefreshLock,
      refreshLedger: ledger,
      tokenStorage: second.tokenStorage,
      now: () => now,
    })
    now += 2 * 3600_000
    const received = late.client.sessionFromTokens(renewed)
    expect(received?.lifetimeMs).toBeLessThan(0)

    const next = await late.client.refresh(received as NonNullable<typeof received>)
    expect(sentRefreshTokens).toEqual([session.refreshToken, renewed.refreshToken])
    expect(next.refreshToken).not.toBe(renewed.refreshToken)
    expect(late.client.readSession()?.refreshToken).toBe(next.refreshToken)
  })

  it("a tab that reads another tab's tokens half-written takes the ledger's and removes nothing", async () => {
    const { first, second, session } = await twoTabs()
    const renewed = await first.client.refresh(session)
    second.tokenStorage.setItem('accessToken0', renewed.accessToken)
    second.tokenStorage.removeItem('refreshToken0')
    const removed = vi.spyOn(second.tokenStorage, 'removeItem')

    const adopted = await second.client.refresh(session)
    expect(adopted.refreshToken).toBe(renewed.refreshToken)
    expect(sentRefreshTokens).toEqual([session.refreshToken])
    // Only the marker goes first, as every write of a session begins.
    expect(removed.mock.calls).toEqual([['sessionMarker0']])
    expect(second.client.readSession()?.refreshToken).toBe(renewed.refreshToken)
  })

  it('records the signed-in session in the ledger, so that the first refresh has it too', async () => {
    const { session, ledger } = await twoTabs()
    expect(parseRefreshRecord(ledger.stored)).toEqual({ spent: [], tokens: tokensOf(session) })
  })

  it('records each refresh in the ledger with digests of the spent tokens, never the tokens themselves', async () => {
    const { first, session, ledger } = await twoTabs()
    const renewed = await first.client.refresh(session)
    const again = await first.client.refresh({ ...renewed, lifetimeMs: 0 })
    const record = parseRefreshRecord(ledger.stored)
    expect(record?.tokens).toEqual(tokensOf(again))
    expect(record?.spent).toEqual([await tokenDigest(renewed.refreshToken), await tokenDigest(session.refreshToken)])
    expect(JSON.stringify(ledger.stored)).not.toContain(session.refreshToken)
    expect(JSON.stringify(ledger.stored)).not.toContain(renewed.refreshToken)
  })

  it.each([
    [
      'holds something that is not a record',
      async (ledger: MemoryRefreshLedger) => void (ledger.stored = { spent: 'x' }),
    ],
    [
      'cannot be read',
      async (ledger: MemoryRefreshLedger) =>
        void (ledger.read = () => Promise.reject(new Error('IndexedDB is closed'))),
    ],
  ])('refreshes with the stored token when the ledger %s', async (_, spoil) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { first, session, ledger } = await twoTabs()
    await spoil(ledger)
    const renewed = await first.client.refresh(session)
    expect(sentRefreshTokens).toEqual([session.refreshToken])
    expect(first.client.readSession()?.refreshToken).toBe(renewed.refreshToken)
    warn.mockRestore()
  })

  it('refreshes even when the ledger cannot be written, and says so on the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { first, session, ledger } = await twoTabs()
    ledger.write = () => Promise.reject(new Error('QuotaExceededError'))
    const renewed = await first.client.refresh(session)
    expect(first.client.readSession()?.refreshToken).toBe(renewed.refreshToken)
    expect(warn).toHaveBeenCalledWith('Vigil could not write the refresh ledger: QuotaExceededError')
    warn.mockRestore()
  })

  it('builds a session from tokens another tab sent only when their id token is readable', async () => {
    const { first, session } = await twoTabs()
    expect(first.client.sessionFromTokens(tokensOf(session))?.refreshToken).toBe(session.refreshToken)
    expect(first.client.sessionFromTokens({ ...tokensOf(session), idToken: 'not-a-jwt' })).toBeNull()
  })

  it('signs out cleanly on invalid_grant', async () => {
    const context = setup()
    const first = await context.client.handleCallback(await signInAt(context))
    provider.logout(new URLSearchParams())
    const error = await failure(context.client.refresh(first))
    expect(error.kind).toBe('session-ended')
    expect(error.message).toMatch(/^Failed to refresh token: invalid_grant/)
    expect(context.tokenStorage.keys()).toEqual([])
  })

  it('clears the ledger when the provider refuses the refresh token and when the user signs out', async () => {
    const refused = await twoTabs()
    const renewed = await refused.first.client.refresh(refused.session)
    expect(refused.ledger.stored).toBeDefined()
    provider.logout(new URLSearchParams())
    await failure(refused.first.client.refresh({ ...renewed, lifetimeMs: 0 }))
    expect(refused.ledger.stored).toBeUndefined()

    const signedOut = await twoTabs()
    await signedOut.first.client.refresh(signedOut.session)
    await signedOut.first.client.logout()
    expect(parseRefreshRecord(signedOut.ledger.stored)).toEqual({
      spent: [expect.any(String)],
      signedOutAt: expect.any(Number),
    })
  })

  it('needs a domain, a client id, storage and a refresh token', async () => {
    const session = { accessToken: 'a', idToken: 'i', refreshToken: 'r', expiresAt: 0, lifetimeMs: 0 }
    expect((await failure(setup({ ...demoConfig, authDomain: '' }).client.refresh(session))).message).toBe(
      'Domain is required for token refresh',
    )
    expect((await failure(setup({ ...demoConfig, clientId: '' }).client.refresh(session))).message).toBe(
      'Client ID is required for token refresh',
    )
    expect((await failure(setup(demoConfig, { tokenStorage: undefined }).client.refresh(session))).message).toBe(
      'No active storage found',
    )
    expect((await failure(setup().client.refresh(session))).message).toBe('No refresh token found')
  })
})

describe('logout', () => {
  it("destroys the session and goes to the provider's logout with the standard and Kinde parameters", async () => {
    const context = setup()
    const session = await context.client.handleCallback(await signInAt(context))
    await context.client.logout({ allSessions: true })
    expect(context.tokenStorage.keys()).toEqual([])
    const url = new URL(context.navigate.mock.calls.at(-1)?.[0] as string)
    expect(`${url.origin}${url.pathname}`).toBe(`${issuer}/logout`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      redirect: origin,
      all_sessions: 'true',
      post_logout_redirect_uri: origin,
      client_id: 'vigil-demo',
      id_token_hint: session.idToken,
    })
  })

  it('falls back to {domain}/logout with redirect when discovery is unavailable', async () => {
    const config = { ...demoConfig, authDomain: 'http://127.0.0.1:9' }
    server.use(http.get('http://127.0.0.1:9/*', () => HttpResponse.error()))
    const context = setup(config)
    await context.client.logout({ redirect: 'http://vigil.test/goodbye' })
    expect(context.navigate).toHaveBeenCalledWith(
      'http://127.0.0.1:9/logout?redirect=http%3A%2F%2Fvigil.test%2Fgoodbye',
    )
  })
})

describe('sign-out is final', () => {
  it('revokes the newest refresh token at the revocation endpoint discovery lists', async () => {
    const context = setup()
    const session = await context.client.handleCallback(await signInAt(context))
    const revoked: string[] = []
    server.use(
      http.post(`${issuer}/oauth2/revoke`, async ({ request }) => {
        const form = new URLSearchParams(await request.text())
        revoked.push(form.get('token') ?? '')
        provider.revoke(form)
        return new HttpResponse(null, { status: 200 })
      }),
    )
    await context.client.logout()
    expect(revoked).toEqual([session.refreshToken])
    const replay = await provider.token(
      new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: demoConfig.clientId,
        refresh_token: session.refreshToken,
      }),
    )
    expect(replay.body.error).toBe('invalid_grant')
  })

  it('signs out even when revocation fails, and says so on the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.use(http.post(`${issuer}/oauth2/revoke`, () => HttpResponse.error()))
    const context = setup()
    await context.client.handleCallback(await signInAt(context))
    await context.client.logout()
    expect(context.tokenStorage.keys()).toEqual([])
    expect(context.navigate).toHaveBeenCalledTimes(2)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not revoke the refresh token'))
    warn.mockRestore()
  })

  it("waits for another tab's refresh in flight, then clears what it wrote: nothing comes back", async () => {
    const { first, second, session } = await twoTabs()
    let release: () => void = () => {}
    server.use(
      http.post(`${issuer}/oauth2/token`, async () => {
        await new Promise<void>((resolve) => (release = resolve))
        return undefined
      }),
    )
    const refreshing = second.client.refresh(session)
    await vi.waitFor(() => expect(sentRefreshTokens).toHaveLength(1))
    const signingOut = first.client.logout()
    release()
    await refreshing
    await signingOut
    expect(first.tokenStorage.keys()).toEqual([])
    expect(await first.client.acceptsSyncedTokens()).toBe(false)
  })

  it('refuses a refresh that starts after a sign-out in another tab, and writes nothing', async () => {
    const { first, second, session } = await twoTabs()
    await first.client.logout()
    const before = second.tokenStorage.keys()
    const error = await failure(second.client.refresh(session))
    expect(error.kind).toBe('session-ended')
    expect(sentRefreshTokens).toEqual([])
    expect(second.tokenStorage.keys()).toEqual(before)
  })

  it('accepts synced tokens again after the next sign-in', async () => {
    const context = setup(demoConfig, { refreshLedger: new MemoryRefreshLedger() })
    await context.client.handleCallback(await signInAt(context))
    await context.client.logout()
    expect(await context.client.acceptsSyncedTokens()).toBe(false)
    await context.client.handleCallback(await signInAt(context))
    expect(await context.client.acceptsSyncedTokens()).toBe(true)
  })
})

describe('provider timeouts', () => {
  it('gives up on discovery after the timeout with a readable message', async () => {
    server.use(http.get(`${issuer}/.well-known/openid-configuration`, () => delay('infinite')))
    const context = setup(demoConfig, { providerTimeoutMs: 50 })
    const error = await failure(context.client.startLogin())
    expect(error.kind).toBe('unreachable')
    expect(error.message).toBe('The identity provider did not answer the configuration request within 0.05 seconds')
  })

  it('gives up on a token request after the timeout with a readable message', async () => {
    const context = setup(demoConfig, { providerTimeoutMs: 200 })
    const callback = await signInAt(context)
    server.use(http.post(`${issuer}/oauth2/token`, () => delay('infinite')))
    const error = await failure(context.client.handleCallback(callback))
    expect(error.message).toContain('did not answer the token request within 0.2 seconds')
  })

  it('waits 10 s by default', async () => {
    const { PROVIDER_TIMEOUT_MS } = await import('./protocol')
    expect(PROVIDER_TIMEOUT_MS).toBe(10_000)
  })
})

describe('opaque access tokens', () => {
  it('keep the session, with the expiry from expires_in, when the provider issues non-JWT access tokens', async () => {
    server.use(
      http.post(`${issuer}/oauth2/token`, async ({ request }) => {
        const { status, body } = await provider.token(new URLSearchParams(await request.text()))
        return HttpResponse.json({ ...body, access_token: 'opaque-7f3a', expires_in: 120 }, { status })
      }),
    )
    let now = Date.now()
    const context = setup(demoConfig, { now: () => now })
    const session = await context.client.handleCallback(await signInAt(context))
    expect(session.accessToken).toBe('opaque-7f3a')
    expect(session.lifetimeMs).toBe(120_000)
    now += 60_000
    expect(context.client.readSession()?.lifetimeMs).toBe(60_000)
  })
})

describe('DPoP', () => {
  const apiUrl = new URL(`${origin}/api/ping/`)
  const refreshForm = (refreshToken: string) =>
    new URLSearchParams({ grant_type: 'refresh_token', client_id: demoConfig.clientId, refresh_token: refreshToken })

  it('binds the code, the tokens and every refresh to a non-extractable key kept for the sign-in', async () => {
    const dpopKeys = memoryDpopKeys()
    const context = setup(demoConfig, { dpopKeys })
    const callback = await signInAt(context)
    const keys = (await dpopKeys.read()) as CryptoKeyPair
    expect(keys.privateKey.extractable).toBe(false)
    const thumbprint = await calculateJwkThumbprint(await exportJWK(keys.publicKey))
    const authorize = new URL(context.navigate.mock.calls.at(-1)?.[0] as string)
    expect(authorize.searchParams.get('dpop_jkt')).toBe(thumbprint)

    const session = await context.client.handleCallback(callback)
    expect(decodeJwt(session.accessToken).cnf).toEqual({ jkt: thumbprint })
    const renewed = await context.client.refresh(session)
    expect(decodeJwt(renewed.accessToken).cnf).toEqual({ jkt: thumbprint })
  })

  it('makes a stolen refresh token useless without the key', async () => {
    const context = setup(demoConfig, { dpopKeys: memoryDpopKeys() })
    const session = await context.client.handleCallback(await signInAt(context))
    const stolen = await provider.token(refreshForm(session.refreshToken))
    expect(stolen).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
    // The refused attempt did not spend the token: the owner still refreshes.
    await expect(context.client.refresh(session)).resolves.toMatchObject({ idToken: expect.any(String) })
  })

  it('calls the API with a proof of the key; the bound token alone, as a bearer token, is refused', async () => {
    const context = setup(demoConfig, { dpopKeys: memoryDpopKeys() })
    const session = await context.client.handleCallback(await signInAt(context))
    const proven = await context.client.resourceRequest(session.accessToken, apiUrl, new Headers(), fetch)
    expect(proven.status).toBe(200)
    expect(await proven.json()).toMatchObject({ user_id: expect.any(String) })
    const bearer = await bearerSender(fetch)(apiUrl.href, session.accessToken)
    expect(bearer.status).toBe(401)
  })

  it('says that it binds the tokens, so that they are sent to no feed as bearer tokens', async () => {
    const context = setup(demoConfig, { dpopKeys: memoryDpopKeys() })
    await context.client.handleCallback(await signInAt(context))
    expect(await context.client.bindsTokens()).toBe(true)
  })

  it('says that a token naming its key is bound even once the key is gone, and that it is bound when the key cannot be read', async () => {
    const dpopKeys = memoryDpopKeys()
    const context = setup(demoConfig, { dpopKeys })
    await context.client.handleCallback(await signInAt(context))
    await dpopKeys.clear()
    expect(await context.client.bindsTokens()).toBe(true)

    const unreadable = { ...memoryDpopKeys(), read: () => Promise.reject(new Error('IndexedDB is closed')) }
    const other = setup(demoConfig, { dpopKeys: unreadable })
    expect(await other.client.bindsTokens()).toBe(true)
  })

  it('forgets the key at sign-out', async () => {
    const dpopKeys = memoryDpopKeys()
    const context = setup(demoConfig, { dpopKeys })
    await context.client.handleCallback(await signInAt(context))
    await context.client.logout()
    expect(await dpopKeys.read()).toBeUndefined()
  })

  it('keeps bearer tokens with a provider that does not offer DPoP', async () => {
    server.use(
      http.get(`${issuer}/.well-known/openid-configuration`, () => {
        const { dpop_signing_alg_values_supported: _offered, ...discovery } = provider.discovery()
        return HttpResponse.json(discovery)
      }),
    )
    const dpopKeys = memoryDpopKeys()
    const context = setup(demoConfig, { dpopKeys })
    const session = await context.client.handleCallback(await signInAt(context))
    expect(await dpopKeys.read()).toBeUndefined()
    expect(decodeJwt(session.accessToken).cnf).toBeUndefined()
    const response = await context.client.resourceRequest(session.accessToken, apiUrl, new Headers(), fetch)
    expect(response.status).toBe(200)
    expect(await context.client.bindsTokens()).toBe(false)
  })
})

describe('mock API', () => {
  it('answers only under <origin>/api/, never for modules whose path holds /api/', async () => {
    const handlers = apiHandlers({ origin, issuer, jwksUri: async () => `${issuer}/.well-known/jwks.json` })
    const matches = async (url: string) => {
      for (const handler of handlers) {
        if (await handler.run({ request: new Request(url), requestId: 'test' })) return true
      }
      return false
    }
    expect(await matches('http://vigil.test/api/ping/')).toBe(true)
    expect(await matches('http://vigil.test/api/unknown')).toBe(true)
    expect(await matches('http://vigil.test/src/api/organisation.tsx')).toBe(false)
    expect(await matches('http://elsewhere.test/api/ping/')).toBe(false)
  })
})

describe('mock API ping', () => {
  it('answers current_time and user_id for a valid token, and 401 without one', async () => {
    const context = setup()
    const session = await context.client.handleCallback(await signInAt(context))
    const ok = await fetch('http://vigil.test/api/ping/', {
      headers: { Authorization: `Bearer ${session.accessToken}` },
    })
    expect(ok.status).toBe(200)
    const body = await ok.json()
    expect(body.user_id).toBe(userProfile(session.idToken)?.id)
    expect(Number.isNaN(Date.parse(body.current_time))).toBe(false)
    expect((await fetch('http://vigil.test/api/ping/')).status).toBe(401)
    const forged = session.accessToken.replace(/\.[^.]+$/, '.AAAA')
    expect(
      (await fetch('http://vigil.test/api/ping/', { headers: { Authorization: `Bearer ${forged}` } })).status,
    ).toBe(401)
  })
})
