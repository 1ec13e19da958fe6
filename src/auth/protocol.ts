import type * as OAuthModule from 'oauth4webapi'
import type { AuthorizationServer, Client, DPoPHandle } from 'oauth4webapi'
import type { VigilConfig } from '@/config/config'
import { AuthError, authMessages } from './errors'
import type { SessionTokens } from './refresh-ledger'

/** The protocol library, loaded with the first sign-in step rather than with the first screen. */
type OAuth = typeof OAuthModule
const loadOAuth = (): Promise<OAuth> => import('oauth4webapi')

/** An OAuth error response (oauth4webapi's ResponseBodyError). */
export function isResponseBodyError(error: unknown): error is Error & { error: string; error_description?: string } {
  const fields = error as { error?: unknown; status?: unknown }
  return error instanceof Error && typeof fields.error === 'string' && typeof fields.status === 'number'
}

/** How long Vigil waits for the provider's discovery document, token or revocation answer. */
export const PROVIDER_TIMEOUT_MS = 10_000

const isTimeout = (error: unknown) => error instanceof DOMException && error.name === 'TimeoutError'

export function messageOf(error: unknown): string {
  if (isTimeout(error)) return 'the request timed out'
  if (isResponseBodyError(error)) {
    return error.error_description ? `${error.error}: ${error.error_description}` : error.error
  }
  return error instanceof Error ? error.message : String(error)
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

/** The tokens of a token response and how long the access token lives (seconds), if said. */
export interface TokenResponse {
  tokens: SessionTokens
  expiresIn?: number
}

export interface AuthorizationRequest {
  state: string
  nonce: string
  codeVerifier: string
  prompt?: string
  loginHint?: string
}

export interface ProtocolOptions {
  customFetch?: typeof fetch
  timeoutMs?: number
}

/**
 * OpenID Connect as Vigil speaks it, through oauth4webapi: discovery, the code grant, refresh,
 * revocation, logout. Every request to the provider gives up after `timeoutMs`.
 */
export function oidcProtocol(
  config: VigilConfig,
  { customFetch, timeoutMs = PROVIDER_TIMEOUT_MS }: ProtocolOptions = {},
) {
  const issuer = parseUrl(config.authDomain)
  const client: Client = { client_id: config.clientId }
  const requestOptions = (oauth: OAuth) => ({
    [oauth.allowInsecureRequests]: issuer?.protocol === 'http:',
    ...(customFetch ? { [oauth.customFetch]: customFetch } : {}),
    signal: () => AbortSignal.timeout(timeoutMs),
  })
  /** The error a request that outlived the timeout fails with; any other error as it is. */
  const timedOut =
    (what: string) =>
    (error: unknown): never => {
      if (!isTimeout(error)) throw error
      throw new AuthError('unreachable', authMessages.requestTimedOut(what, timeoutMs / 1000), { cause: error })
    }
  let discovery: Promise<AuthorizationServer> | undefined

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
        if (isTimeout(error)) timedOut('configuration request')(error)
        throw new AuthError(
          'unreachable',
          `Could not read the provider's configuration at ${issuer.href}: ${messageOf(error)}`,
          { cause: error },
        )
      })
    return discovery
  }

  async function withProtocol() {
    return Promise.all([discover(), loadOAuth()])
  }

  /** True when the provider's discovery advertises DPoP with the algorithm Vigil signs with (ES256). */
  async function supportsDpop(): Promise<boolean> {
    const as = await discover()
    return as.dpop_signing_alg_values_supported?.includes('ES256') ?? false
  }

  const dpopHandle = (oauth: OAuth, keys: CryptoKeyPair | undefined): DPoPHandle | undefined =>
    keys ? oauth.DPoP(client, keys) : undefined

  /**
   * Sends a token request, and once more when a DPoP provider answers that it wants a fresh
   * nonce (the handle has then cached the nonce the answer carried).
   */
  async function withDpopNonceRetry(dpop: DPoPHandle | undefined, send: () => Promise<Response>): Promise<Response> {
    const response = await send()
    if (!dpop || response.status !== 400) return response
    const body = (await response
      .clone()
      .json()
      .catch(() => ({}))) as { error?: unknown }
    return body.error === 'use_dpop_nonce' ? send() : response
  }

  /** The provider's authorization URL for one sign-in. */
  async function authorizationUrl(request: AuthorizationRequest, dpopKeys?: CryptoKeyPair): Promise<string> {
    const [as, oauth] = await withProtocol()
    const codeChallenge = await oauth.calculatePKCECodeChallenge(request.codeVerifier)
    const url = new URL(as.authorization_endpoint ?? `${config.authDomain}/oauth2/auth`)
    const params = url.searchParams
    params.set('client_id', config.clientId)
    params.set('response_type', 'code')
    params.set('redirect_uri', config.redirectUrl)
    if (config.audience) params.set('audience', config.audience)
    params.set('scope', config.scope)
    params.set('state', request.state)
    params.set('nonce', request.nonce)
    params.set('code_challenge', codeChallenge)
    params.set('code_challenge_method', 'S256')
    if (request.prompt) params.set('prompt', request.prompt)
    if (request.loginHint) params.set('login_hint', request.loginHint)
    // Binds the code to this browser's DPoP key (RFC 9449 §10).
    const dpop = dpopHandle(oauth, dpopKeys)
    if (dpop) params.set('dpop_jkt', await dpop.calculateThumbprint())
    return url.href
  }

  /**
   * Exchanges the callback's code (state checked against `expectedState`, nonce checked). A
   * response without the three tokens fails with the catalogue's messages (see errors.ts); `fail` makes that error.
   */
  async function exchangeCode(
    url: URL,
    expected: { state: string; nonce?: string; codeVerifier: string },
    fail: (message: string) => Error,
    dpopKeys?: CryptoKeyPair,
  ): Promise<TokenResponse> {
    const [as, oauth] = await withProtocol()
    const callbackParams = oauth.validateAuthResponse(as, client, url, expected.state)
    const dpop = dpopHandle(oauth, dpopKeys)
    const response = await withDpopNonceRetry(dpop, () =>
      oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        callbackParams,
        config.redirectUrl,
        expected.codeVerifier,
        { ...requestOptions(oauth), DPoP: dpop },
      ),
    ).catch(timedOut('token request'))
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
      expectedNonce: expected.nonce ?? oauth.expectNoNonce,
      requireIdToken: true,
    })
    return {
      tokens: {
        accessToken: result.access_token,
        idToken: result.id_token as string,
        refreshToken: result.refresh_token as string,
      },
      expiresIn: result.expires_in,
    }
  }

  /** Spends the refresh token; a provider that rotates nothing keeps the current id and refresh tokens. */
  async function refresh(current: SessionTokens, dpopKeys?: CryptoKeyPair): Promise<TokenResponse> {
    const [as, oauth] = await withProtocol()
    const dpop = dpopHandle(oauth, dpopKeys)
    const response = await withDpopNonceRetry(dpop, () =>
      oauth.refreshTokenGrantRequest(as, client, oauth.None(), current.refreshToken, {
        ...requestOptions(oauth),
        DPoP: dpop,
      }),
    ).catch(timedOut('token request'))
    const result = await oauth.processRefreshTokenResponse(as, client, response)
    return {
      tokens: {
        accessToken: result.access_token,
        idToken: result.id_token ?? current.idToken,
        refreshToken: result.refresh_token ?? current.refreshToken,
      },
      expiresIn: result.expires_in,
    }
  }

  /**
   * Revokes the refresh token at the provider's revocation endpoint, when discovery lists one.
   * True when the provider confirmed it.
   */
  async function revoke(refreshToken: string): Promise<boolean> {
    const [as, oauth] = await withProtocol()
    if (!as.revocation_endpoint) return false
    const response = await oauth
      .revocationRequest(as, client, oauth.None(), refreshToken, {
        ...requestOptions(oauth),
        additionalParameters: { token_type_hint: 'refresh_token' },
      })
      .catch(timedOut('revocation request'))
    await oauth.processRevocationResponse(response)
    return true
  }

  /**
   * A request to a resource server with the access token: `Authorization: DPoP` and a proof of
   * the key when `dpopKeys` are given, else a bearer token. A 401 comes back as a response.
   */
  async function resourceRequest(
    accessToken: string,
    url: URL,
    headers: Headers,
    fetcher: typeof fetch,
    dpopKeys?: CryptoKeyPair,
  ): Promise<Response> {
    const oauth = await loadOAuth()
    const dpop = dpopHandle(oauth, dpopKeys)
    const send = () =>
      oauth
        .protectedResourceRequest(accessToken, 'GET', url, headers, null, {
          [oauth.allowInsecureRequests]: url.protocol === 'http:',
          // A GET without a body: the options are a RequestInit.
          [oauth.customFetch]: (target, options) => fetcher(target, options as RequestInit),
          DPoP: dpop,
        })
        .catch((error: unknown) => {
          if (error instanceof oauth.WWWAuthenticateChallengeError) return error.response
          throw error
        })
    const response = await send()
    return dpop && response.status === 401 && response.headers.get('DPoP-Nonce') ? send() : response
  }

  /** The provider's logout address, which returns the user to `returnTo`. */
  async function logoutUrl(returnTo: string, allSessions: boolean, idToken?: string): Promise<string> {
    const as = await discover().catch(() => undefined)
    const url = new URL(as?.end_session_endpoint ?? `${config.authDomain}/logout`)
    url.searchParams.set('redirect', returnTo)
    if (allSessions) url.searchParams.set('all_sessions', 'true')
    if (as?.end_session_endpoint) {
      url.searchParams.set('post_logout_redirect_uri', returnTo)
      url.searchParams.set('client_id', config.clientId)
      if (idToken) url.searchParams.set('id_token_hint', idToken)
    }
    return url.href
  }

  return { discover, supportsDpop, authorizationUrl, exchangeCode, refresh, revoke, resourceRequest, logoutUrl }
}
