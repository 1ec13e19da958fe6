import type { VigilConfig } from '@/config/config'
import { readJwt } from './claims'
import { generateDpopKeys, type DpopKeyStore } from './dpop-keys'
import { AuthError, authMessages, type AuthErrorCode } from './errors'
import { ledgerReconciliation } from './ledger-reconciliation'
import { isResponseBodyError, messageOf, oidcProtocol } from './protocol'
import {
  recordRefresh,
  recordSignOut,
  tokenDigest,
  tokensOf,
  type RefreshLedger,
  type SessionTokens,
} from './refresh-ledger'
import { hasTimeLeft } from './refresh-schedule'
import { CODE_VERIFIER_LENGTH, NONCE_LENGTH, randomString, STATE_LENGTH } from './random'
import { sessionFromTokens, sessionTokenStore, toSession, type Session } from './session'
import { ChunkedStore, LOGIN_KEYS, type KeyValueStorage } from './session-store'

export type { Session } from './session'

/** The browser effects the client needs; tests pass their own. */
export interface AuthEnvironment {
  /** Where tokens live: shared by every tab and kept across reloads (localStorage). */
  tokenStorage: KeyValueStorage | undefined
  /**
   * Where one sign-in's state, nonce and verifier live: this tab only (sessionStorage). Asked for
   * only when a sign-in starts or returns, so that the first screen does not wait for it.
   */
  loginStorage: () => KeyValueStorage | undefined
  navigate: (url: string) => void
  /** Runs the task while holding the one cross-tab refresh lock (Web Locks in the browser). */
  withRefreshLock: <T>(task: () => Promise<T>) => Promise<T>
  /** Where each refresh is recorded for the next lock holder; without one, only the lock guards. */
  refreshLedger?: RefreshLedger
  now: () => number
  fetch?: typeof fetch
  /** How long to wait for the provider (default 10 s). */
  providerTimeoutMs?: number
  /** Where the DPoP key pair is kept; without one, tokens are bearer tokens even where DPoP is offered. */
  dpopKeys?: DpopKeyStore
}

export interface LoginOptions {
  register?: boolean
  prompt?: string
  loginHint?: string
}

export interface LogoutOptions {
  /** Where the provider returns afterwards; default: the configured logout redirect (the site origin). */
  redirect?: string
  allSessions?: boolean
}

export type AuthClient = ReturnType<typeof createAuthClient>

/** Sign-in, refresh and sign-out: the protocol, the stored session and the refresh ledger together. */
export function createAuthClient(config: VigilConfig, env: AuthEnvironment) {
  const protocol = oidcProtocol(config, { customFetch: env.fetch, timeoutMs: env.providerTimeoutMs })
  const expected = { issuer: config.authDomain, clientId: config.clientId }
  const tokens = sessionTokenStore(env.tokenStorage, env.now, expected)
  const ledger = ledgerReconciliation(env.refreshLedger, env.now)
  const callbacks = new Map<string, Promise<Session>>()

  const loginStore = () => new ChunkedStore(env.loginStorage())

  /** The DPoP key pair to prove possession with, when the provider offers DPoP and one is kept. */
  async function dpopKeys(): Promise<CryptoKeyPair | undefined> {
    if (!env.dpopKeys || !(await protocol.supportsDpop())) return undefined
    return env.dpopKeys.read()
  }

  /** A new key pair for a new sign-in (none where the provider does not offer DPoP). */
  async function newDpopKeys(): Promise<CryptoKeyPair | undefined> {
    if (!env.dpopKeys || !(await protocol.supportsDpop())) return undefined
    const keys = await generateDpopKeys()
    await env.dpopKeys.write(keys)
    return keys
  }

  /** Removes the stored tokens; the promise settles once the refresh ledger is cleared too. */
  function clearTokens(): Promise<void> {
    tokens.remove()
    return ledger.clear()
  }

  function clearLogin() {
    const storage = env.loginStorage()
    if (!storage) return
    const store = new ChunkedStore(storage)
    for (const key of LOGIN_KEYS) store.remove(key)
  }

  /**
   * The stored session, or null. A partial, corrupt or unreadable one counts as none and, when
   * `cleanUp` is set, is removed.
   */
  function readSession({ cleanUp = true }: { cleanUp?: boolean } = {}): Session | null {
    return tokens.read((reason) => {
      if (!cleanUp) return
      console.warn(`Vigil discarded the stored session: ${reason}`)
      void clearTokens()
    })
  }

  async function startLogin({ register = false, prompt, loginHint }: LoginOptions = {}): Promise<void> {
    const code: AuthErrorCode | undefined = register ? 'ERR_REGISTER' : undefined
    try {
      const state = randomString(STATE_LENGTH)
      const nonce = randomString(NONCE_LENGTH)
      const codeVerifier = randomString(CODE_VERIFIER_LENGTH)
      await protocol.discover()
      const keys = await newDpopKeys()
      const store = loginStore()
      store.set('state', state)
      store.set('nonce', nonce)
      store.set('codeVerifier', codeVerifier)
      env.navigate(
        await protocol.authorizationUrl(
          { state, nonce, codeVerifier, prompt: register ? 'create' : prompt, loginHint },
          keys,
        ),
      )
    } catch (error) {
      if (error instanceof AuthError) throw new AuthError(error.kind, error.message, { code, cause: error })
      throw new AuthError('unreachable', messageOf(error), { code, cause: error })
    }
  }

  async function exchangeCode(url: URL): Promise<Session> {
    const params = url.searchParams
    const state = params.get('state')
    const code = params.get('code')
    const providerError = params.get('error')
    const store = loginStore()
    const expectedState = store.get('state')
    if (providerError) {
      const message = authMessages.providerError(providerError, params.get('error_description'))
      const ownSignIn = state !== null && state === expectedState
      if (ownSignIn) clearLogin()
      // An error this tab did not ask for (or any, once signed in) never signs a signed-in tab out.
      const current = readSession({ cleanUp: false })
      if (current) {
        console.warn(`Vigil ignored an error sent to its sign-in address while signed in: ${message}`)
        return current
      }
      throw new AuthError('provider', message, { code: 'ERR_CODE_EXCHANGE' })
    }
    if (!state || !code) throw new AuthError('state', authMessages.invalidStateOrCode, { code: 'ERR_STATE_PARSE' })
    if (state !== expectedState) {
      throw new AuthError('state', authMessages.invalidState(state, expectedState), { code: 'ERR_STATE_PARSE' })
    }
    const codeVerifier = store.get('codeVerifier')
    const nonce = store.get('nonce')
    clearLogin() // one callback per sign-in: a replayed URL finds no state
    if (!codeVerifier) throw new AuthError('exchange', authMessages.codeVerifierNotFound, { code: 'ERR_CODE_EXCHANGE' })

    const fail = (message: string, cause?: unknown) =>
      new AuthError('exchange', message, { code: 'ERR_CODE_EXCHANGE', cause })
    try {
      const response = await protocol.exchangeCode(
        url,
        { state: expectedState, nonce, codeVerifier },
        fail,
        await dpopKeys(),
      )
      const session = toSession(response.tokens, env.now(), response.expiresIn)
      await env.withRefreshLock(async () => {
        tokens.save(session)
        await ledger.write({ spent: [], tokens: tokensOf(session) })
      })
      return session
    } catch (error) {
      if (error instanceof AuthError) throw error
      throw fail(authMessages.tokenExchangeFailed(0, messageOf(error)), error)
    }
  }

  /** Exchanges the callback's code. A second call with the same callback gets the same result. */
  function handleCallback(url: URL): Promise<Session> {
    const key = url.search
    let pending = callbacks.get(key)
    if (!pending) {
      pending = exchangeCode(url)
      callbacks.set(key, pending)
    }
    return pending
  }

  async function refresh(current: Session): Promise<Session> {
    if (!config.authDomain) throw new AuthError('refresh', authMessages.domainRequired)
    if (!config.clientId) throw new AuthError('refresh', authMessages.clientIdRequired)
    tokens.require(authMessages.noActiveStorage)
    return env.withRefreshLock(async () => {
      // Read without clean-up: another tab's new tokens may still be arriving key by key.
      const stored = readSession({ cleanUp: false })
      const record = await ledger.read()
      // Signed out in some tab since this session began: nothing may be written back.
      if (record?.signedOutAt !== undefined || (!stored && !record)) {
        throw new AuthError('session-ended', authMessages.noRefreshToken)
      }
      const newest = await ledger.newestSession(stored ? [stored, current] : [current], record)
      // Another tab refreshed while this one waited for the lock, or it was sent newer tokens: use them.
      if (newest.refreshToken !== current.refreshToken && hasTimeLeft(newest.lifetimeMs)) {
        if (newest.refreshToken !== stored?.refreshToken) tokens.save(newest)
        return newest
      }
      try {
        const response = await protocol.refresh(newest, await dpopKeys())
        const session = toSession(response.tokens, env.now(), response.expiresIn)
        await ledger.write(recordRefresh(record, await tokenDigest(newest.refreshToken), session))
        tokens.save(session)
        return session
      } catch (error) {
        if (isResponseBodyError(error) && error.error === 'invalid_grant') {
          await clearTokens()
          throw new AuthError('session-ended', `${authMessages.refreshFailed}: ${messageOf(error)}`, { cause: error })
        }
        if (error instanceof AuthError) throw error
        throw new AuthError('refresh', `${authMessages.refreshFailed}: ${messageOf(error)}`, { cause: error })
      }
    })
  }

  /**
   * Ends the session for good, under the refresh lock so that a refresh in flight in another tab
   * finishes first and none starts after: the ledger records the sign-out, storage is cleared.
   * The newest refresh token is then revoked at the provider when it can be.
   */
  async function endSession(): Promise<Session | null> {
    return env.withRefreshLock(async () => {
      const stored = readSession({ cleanUp: false })
      const record = await ledger.read()
      tokens.remove()
      await ledger.write(recordSignOut(record, env.now()))
      return stored ?? (record?.tokens ? toSession(record.tokens, env.now()) : null)
    })
  }

  async function revoke(refreshToken: string): Promise<void> {
    try {
      await protocol.revoke(refreshToken)
    } catch (error) {
      console.warn(`Vigil could not revoke the refresh token at sign-out: ${messageOf(error)}`)
    }
  }

  /** Ends the session and goes to the provider's logout, which returns the user to Vigil. */
  async function logout({ redirect, allSessions = false }: LogoutOptions = {}): Promise<void> {
    try {
      clearLogin()
      const ended = await endSession()
      const [url] = await Promise.all([
        protocol.logoutUrl(redirect ?? config.logoutRedirectUrl, allSessions, ended?.idToken),
        ended ? revoke(ended.refreshToken) : undefined,
      ])
      await env.dpopKeys?.clear().catch((error: unknown) => {
        console.warn(`Vigil could not delete its DPoP key at sign-out: ${messageOf(error)}`)
      })
      env.navigate(url)
    } catch (error) {
      throw new AuthError('unreachable', messageOf(error), { code: 'ERR_LOGOUT', cause: error })
    }
  }

  return {
    discover: protocol.discover,
    startLogin,
    handleCallback,
    refresh,
    logout,
    readSession,
    sessionFromTokens: (sessionTokens: SessionTokens) => sessionFromTokens(sessionTokens, env.now(), expected),
    /** A request to the API with the access token, proving possession of the DPoP key where bound. */
    resourceRequest: async (accessToken: string, url: URL, headers: Headers, fetcher: typeof fetch) =>
      protocol.resourceRequest(accessToken, url, headers, fetcher, await dpopKeys().catch(() => undefined)),
    /**
     * Whether the tokens are bound to this browser's DPoP key: such a token goes only to a resource
     * with a proof of the key (resourceRequest), never as a bearer token.
     */
    bindsTokens: async (): Promise<boolean> => {
      // A token that names its key (cnf) is bound, whether or not this browser still holds the
      // key; and when the key cannot be read, the answer is "bound": no token goes out as a
      // bearer token by mistake.
      if (readJwt(readSession({ cleanUp: false })?.accessToken)?.cnf) return true
      return dpopKeys().then(
        (keys) => !!keys,
        () => true,
      )
    },
    /** False once any tab has signed out since these tokens were sent: a late message cannot sign in. */
    acceptsSyncedTokens: async (): Promise<boolean> => (await ledger.read())?.signedOutAt === undefined,
  }
}
