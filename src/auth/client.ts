import type * as OAuthModule from 'oauth4webapi'
import type { AuthorizationServer, Client } from 'oauth4webapi'
import { expiresAt, userProfile } from './claims'
import type { VigilConfig } from './config'
import { AuthError, authMessages, type AuthErrorCode } from './errors'
import {
  parseRefreshRecord,
  recordRefresh,
  tokenDigest,
  tokensOf,
  type RefreshLedger,
  type RefreshRecord,
  type SessionTokens,
} from './refresh-ledger'
import { refreshDelayMs } from './refresh-schedule'
import { CODE_VERIFIER_LENGTH, NONCE_LENGTH, randomString, STATE_LENGTH } from './random'
import { ChunkedStore, CorruptValueError, LOGIN_KEYS, TOKEN_KEYS, type KeyValueStorage } from './session-store'

/** The tokens of a signed-in session. */
export interface Session extends SessionTokens {
  /** When the access token expires, in milliseconds since the epoch. */
  expiresAt: number
  /** How long the access token had left when this session was read or received, in milliseconds. */
  lifetimeMs: number
}

/** The browser effects the client needs; tests pass their own. */
export interface AuthEnvironment {
  /** Where tokens live: shared by every tab and kept across reloads (localStorage). */
  tokenStorage: KeyValueStorage | undefined
  /** Where one sign-in's state, nonce and verifier live: this tab only (sessionStorage). */
  loginStorage: KeyValueStorage | undefined
  navigate: (url: string) => void
  /** Runs the task while holding the one cross-tab refresh lock (Web Locks in the browser). */
  withRefreshLock: <T>(task: () => Promise<T>) => Promise<T>
  /** Where each refresh is recorded for the next lock holder; without one, only the lock guards. */
  refreshLedger?: RefreshLedger
  now: () => number
  fetch?: typeof fetch
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

const CALLBACK_PARAMS = ['code', 'state', 'iss', 'error', 'error_description', 'error_uri', 'session_state'] as const

const trimSlash = (path: string) => path.replace(/\/+$/, '')

/**
 * True when the URL is the provider's return to Vigil: it carries a code, a state or an error,
 * at the redirect URL's address when one is given.
 */
export function isCallbackUrl(url: URL, redirectUrl?: string): boolean {
  const carriesResult = url.searchParams.has('code') || url.searchParams.has('error') || url.searchParams.has('state')
  if (!carriesResult || redirectUrl === undefined) return carriesResult
  const redirect = new URL(redirectUrl)
  return url.origin === redirect.origin && trimSlash(url.pathname) === trimSlash(redirect.pathname)
}

/** The URL without the callback's query parameters, for the address bar. */
export function withoutCallbackParams(url: URL): string {
  const clean = new URL(url.href)
  for (const name of CALLBACK_PARAMS) clean.searchParams.delete(name)
  return `${clean.pathname}${clean.search}${clean.hash}`
}

/** The protocol library, loaded with the first sign-in step rather than with the first screen. */
type OAuth = typeof OAuthModule
const loadOAuth = (): Promise<OAuth> => import('oauth4webapi')

/** An OAuth error response (oauth4webapi's ResponseBodyError). */
function isResponseBodyError(error: unknown): error is Error & { error: string; error_description?: string } {
  const fields = error as { error?: unknown; status?: unknown }
  return error instanceof Error && typeof fields.error === 'string' && typeof fields.status === 'number'
}

function messageOf(error: unknown): string {
  if (isResponseBodyError(error)) {
    return error.error_description ? `${error.error}: ${error.error_description}` : error.error
  }
  return error instanceof Error ? error.message : String(error)
}

export type AuthClient = ReturnType<typeof createAuthClient>

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

export function createAuthClient(config: VigilConfig, env: AuthEnvironment) {
  const issuer = parseUrl(config.authDomain)
  const client: Client = { client_id: config.clientId }
  const requestOptions = (oauth: OAuth) => ({
    [oauth.allowInsecureRequests]: issuer?.protocol === 'http:',
    ...(env.fetch ? { [oauth.customFetch]: env.fetch } : {}),
  })
  let discovery: Promise<AuthorizationServer> | undefined
  const callbacks = new Map<string, Promise<Session>>()

  function tokenStore(missingMessage: string = authMessages.storageNotInitialized) {
    if (!env.tokenStorage) throw new AuthError('storage', missingMessage)
    return new ChunkedStore(env.tokenStorage)
  }

  function loginStore() {
    return new ChunkedStore(env.loginStorage)
  }

  function discover(): Promise<AuthorizationServer> {
    if (!issuer)
      return Promise.reject(new AuthError('unreachable', `The provider address "${config.authDomain}" is not a URL`))
    discovery ??= loadOAuth()
      .then(async (oauth) =>
        oauth.processDiscoveryResponse(
          issuer,
          await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...requestOptions(oauth) }),
        ),
      )
      .catch((error: unknown) => {
        discovery = undefined
        throw new AuthError(
          'unreachable',
          `Could not read the provider's configuration at ${issuer.href}: ${messageOf(error)}`,
          {
            cause: error,
          },
        )
      })
    return discovery
  }

  function toSession(tokens: SessionTokens, expiresIn?: number): Session {
    const now = env.now()
    const expiry =
      expiresAt(tokens.accessToken) ?? (expiresIn !== undefined ? now + expiresIn * 1000 : expiresAt(tokens.idToken))
    const at = expiry ?? now
    return { ...tokens, expiresAt: at, lifetimeMs: at - now }
  }

  /** Removes the stored tokens; the promise settles once the refresh ledger is cleared too. */
  function clearTokens(): Promise<void> {
    if (env.tokenStorage) {
      const store = tokenStore()
      for (const key of TOKEN_KEYS) store.remove(key)
    }
    return (
      env.refreshLedger?.clear().catch((error: unknown) => {
        console.warn(`Vigil could not clear the refresh ledger: ${messageOf(error)}`)
      }) ?? Promise.resolve()
    )
  }

  async function readRefreshRecord(): Promise<RefreshRecord | undefined> {
    try {
      return parseRefreshRecord(await env.refreshLedger?.read())
    } catch (error) {
      console.warn(`Vigil could not read the refresh ledger: ${messageOf(error)}`)
      return undefined
    }
  }

  async function writeRefreshRecord(record: RefreshRecord): Promise<void> {
    try {
      await env.refreshLedger?.write(record)
    } catch (error) {
      console.warn(`Vigil could not write the refresh ledger: ${messageOf(error)}`)
    }
  }

  /**
   * The newest session this tab knows of: the ledger's tokens replace any session whose refresh
   * token was already spent, and of the rest the one that expires last wins (the ledger's on a tie,
   * then the stored one).
   */
  async function newestSession(known: Session[], record: RefreshRecord | undefined): Promise<Session> {
    const spent = new Set(record?.spent)
    const candidates = record ? [toSession(record.tokens)] : []
    for (const session of known) {
      if (!spent.has(await tokenDigest(session.refreshToken))) candidates.push(toSession(session))
    }
    return candidates.reduce((newest, session) => (session.expiresAt > newest.expiresAt ? session : newest))
  }

  function clearLogin() {
    if (!env.loginStorage) return
    const store = loginStore()
    for (const key of LOGIN_KEYS) store.remove(key)
  }

  function saveSession(session: Session) {
    const store = tokenStore()
    store.set('accessToken', session.accessToken)
    store.set('idToken', session.idToken)
    store.set('refreshToken', session.refreshToken)
  }

  /**
   * The stored session, or null. A partial, corrupt or unreadable one counts as none and, when
   * `cleanUp` is set, is removed.
   */
  function readSession({ cleanUp = true }: { cleanUp?: boolean } = {}): Session | null {
    if (!env.tokenStorage) return null
    const store = tokenStore()
    const discard = (reason: string) => {
      if (cleanUp) {
        console.warn(`Vigil discarded the stored session: ${reason}`)
        void clearTokens()
      }
      return null
    }
    let values: (string | undefined)[]
    try {
      values = TOKEN_KEYS.map((key) => store.get(key))
    } catch (error) {
      if (error instanceof CorruptValueError) return discard(error.message)
      throw error
    }
    const [accessToken, idToken, refreshToken] = values
    if (values.every((value) => value === undefined)) return null
    if (!accessToken || !idToken || !refreshToken) return discard('part of it is missing')
    return sessionFromTokens({ accessToken, idToken, refreshToken }) ?? discard('the id token is not readable')
  }

  /** A session from stored tokens or tokens another tab sent; null when the id token is not readable. */
  function sessionFromTokens(tokens: SessionTokens): Session | null {
    return userProfile(tokens.idToken) ? toSession(tokensOf(tokens)) : null
  }

  async function startLogin({ register = false, prompt, loginHint }: LoginOptions = {}): Promise<void> {
    const code: AuthErrorCode | undefined = register ? 'ERR_REGISTER' : undefined
    try {
      const [as, oauth] = await Promise.all([discover(), loadOAuth()])
      const state = randomString(STATE_LENGTH)
      const nonce = randomString(NONCE_LENGTH)
      const codeVerifier = randomString(CODE_VERIFIER_LENGTH)
      const codeChallenge = await oauth.calculatePKCECodeChallenge(codeVerifier)
      const store = loginStore()
      store.set('state', state)
      store.set('nonce', nonce)
      store.set('codeVerifier', codeVerifier)
      const url = new URL(as.authorization_endpoint ?? `${config.authDomain}/oauth2/auth`)
      const params = url.searchParams
      params.set('client_id', config.clientId)
      params.set('response_type', 'code')
      params.set('redirect_uri', config.redirectUrl)
      if (config.audience) params.set('audience', config.audience)
      params.set('scope', config.scope)
      params.set('state', state)
      params.set('nonce', nonce)
      params.set('code_challenge', codeChallenge)
      params.set('code_challenge_method', 'S256')
      const effectivePrompt = register ? 'create' : prompt
      if (effectivePrompt) params.set('prompt', effectivePrompt)
      if (loginHint) params.set('login_hint', loginHint)
      env.navigate(url.href)
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
    if (providerError) {
      clearLogin()
      const description = params.get('error_description')
      throw new AuthError('provider', description ? `${providerError}: ${description}` : providerError, {
        code: 'ERR_CODE_EXCHANGE',
      })
    }
    if (!state || !code) throw new AuthError('state', authMessages.invalidStateOrCode, { code: 'ERR_STATE_PARSE' })
    const store = loginStore()
    const expectedState = store.get('state')
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
      const [as, oauth] = await Promise.all([discover(), loadOAuth()])
      const callbackParams = oauth.validateAuthResponse(as, client, url, expectedState)
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        callbackParams,
        config.redirectUrl,
        codeVerifier,
        requestOptions(oauth),
      )
      if (!response.ok) throw fail(authMessages.tokenExchangeFailed(response.status, await response.text()))
      const body = (await response
        .clone()
        .json()
        .catch(() => ({}))) as Record<string, unknown>
      if (typeof body.access_token !== 'string' || body.access_token === '') throw fail(authMessages.noAccessToken)
      for (const token of ['id_token', 'refresh_token']) {
        if (typeof body[token] !== 'string' || body[token] === '') {
          throw fail(authMessages.tokenExchangeFailed(response.status, `(the response has no ${token})`))
        }
      }
      const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
        expectedNonce: nonce ?? oauth.expectNoNonce,
        requireIdToken: true,
      })
      const session = toSession(
        {
          accessToken: result.access_token,
          idToken: result.id_token as string,
          refreshToken: result.refresh_token as string,
        },
        result.expires_in,
      )
      saveSession(session)
      await writeRefreshRecord({ spent: [], tokens: tokensOf(session) })
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
    tokenStore(authMessages.noActiveStorage)
    return env.withRefreshLock(async () => {
      // Read without clean-up: another tab's new tokens may still be arriving key by key.
      const stored = readSession({ cleanUp: false })
      const record = await readRefreshRecord()
      if (!stored && !record) throw new AuthError('session-ended', authMessages.noRefreshToken)
      const newest = await newestSession(stored ? [stored, current] : [current], record)
      // Another tab refreshed while this one waited for the lock, or it was sent newer tokens: use them.
      if (newest.refreshToken !== current.refreshToken && refreshDelayMs(newest.lifetimeMs) !== undefined) {
        if (newest.refreshToken !== stored?.refreshToken) saveSession(newest)
        return newest
      }
      try {
        const [as, oauth] = await Promise.all([discover(), loadOAuth()])
        const response = await oauth.refreshTokenGrantRequest(
          as,
          client,
          oauth.None(),
          newest.refreshToken,
          requestOptions(oauth),
        )
        const result = await oauth.processRefreshTokenResponse(as, client, response)
        const session = toSession(
          {
            accessToken: result.access_token,
            idToken: result.id_token ?? newest.idToken,
            refreshToken: result.refresh_token ?? newest.refreshToken,
          },
          result.expires_in,
        )
        await writeRefreshRecord(recordRefresh(record, await tokenDigest(newest.refreshToken), session))
        saveSession(session)
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

  /** Clears the session and goes to the provider's logout, which returns the user to Vigil. */
  async function logout({ redirect, allSessions = false }: LogoutOptions = {}): Promise<void> {
    try {
      const idToken = readSession({ cleanUp: false })?.idToken
      const cleared = clearTokens()
      clearLogin()
      const [as] = await Promise.all([discover().catch(() => undefined), cleared])
      const url = new URL(as?.end_session_endpoint ?? `${config.authDomain}/logout`)
      const returnTo = redirect ?? config.logoutRedirectUrl
      url.searchParams.set('redirect', returnTo)
      if (allSessions) url.searchParams.set('all_sessions', 'true')
      if (as?.end_session_endpoint) {
        url.searchParams.set('post_logout_redirect_uri', returnTo)
        url.searchParams.set('client_id', config.clientId)
        if (idToken) url.searchParams.set('id_token_hint', idToken)
      }
      env.navigate(url.href)
    } catch (error) {
      throw new AuthError('unreachable', messageOf(error), { code: 'ERR_LOGOUT', cause: error })
    }
  }

  return { discover, startLogin, handleCallback, refresh, logout, readSession, sessionFromTokens }
}
