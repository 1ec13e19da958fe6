import { calculatePKCECodeChallenge } from 'oauth4webapi'
import type { VigilConfig } from '@/config/config'
import type { KeyValueStorage } from '@/auth/session-store'
import { checkDpopProof } from './dpop-proof'
import { randomToken, tokenIssuer } from './demo-tokens'
import type { DemoIdentity } from './identities'
import { demoProviderState } from './provider-state'

/**
 * The demo identity provider: a small OpenID provider whose state lives in
 * the browser's storage, so that its sign-in page (a route of the app) and its token endpoint
 * (an MSW handler) share it. It checks what a real provider checks: client, redirect URI, PKCE
 * S256, single-use codes, refresh-token rotation with reuse detection, and DPoP (RFC 9449): a
 * token request with a proof gets tokens bound to the proof's key.
 */

const CODE_TTL_MS = 5 * 60_000

export interface DemoProviderOptions {
  issuer: string
  clientId: string
  storage: KeyValueStorage
  now?: () => number
  accessTokenTtlSeconds?: number
  /** Whether discovery offers DPoP (default true). */
  dpop?: boolean
}

export interface TokenEndpointResult {
  status: number
  body: Record<string, unknown>
}

export type AuthorizeCheck =
  | { ok: true; redirectUri: string; register: boolean; loginHint?: string }
  /** `redirectUri` is set when the error may go back to the client; otherwise the page shows it. */
  | { ok: false; error: string; description: string; redirectUri?: string }

const oauthError = (status: number, error: string, description: string): TokenEndpointResult => ({
  status,
  body: { error, error_description: description },
})

export function createDemoProvider({
  issuer,
  clientId,
  storage,
  now = Date.now,
  accessTokenTtlSeconds = 3600,
  dpop = true,
}: DemoProviderOptions) {
  const issuerOrigin = new URL(issuer).origin
  const stored = demoProviderState(storage)
  const { load, save, update, key } = stored
  const issueTokens = tokenIssuer({ issuer, clientId, stored, now, accessTokenTtlSeconds })

  function discovery() {
    return {
      issuer,
      authorization_endpoint: `${issuer}/oauth2/auth`,
      token_endpoint: `${issuer}/oauth2/token`,
      end_session_endpoint: `${issuer}/logout`,
      revocation_endpoint: `${issuer}/oauth2/revoke`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
      token_endpoint_auth_methods_supported: ['none'],
      scopes_supported: ['openid', 'profile', 'email', 'offline'],
      claims_supported: ['sub', 'given_name', 'family_name', 'name', 'email', 'picture', 'org_codes'],
      ...(dpop ? { dpop_signing_alg_values_supported: ['ES256'] } : {}),
    }
  }

  async function jwks() {
    const { jwk } = await key()
    const { kty, crv, x, y, kid, alg, use } = jwk
    return { keys: [{ kty, crv, x, y, kid, alg, use }] }
  }

  function isOwnRedirect(uri: string | null): uri is string {
    if (!uri) return false
    try {
      return new URL(uri).origin === issuerOrigin
    } catch {
      return false
    }
  }

  /** Checks an authorization request the way a provider does before showing its sign-in page. */
  function checkAuthorizeRequest(params: URLSearchParams): AuthorizeCheck {
    const redirectUri = params.get('redirect_uri')
    if (params.get('client_id') !== clientId) {
      return { ok: false, error: 'invalid_client', description: `Unknown client "${params.get('client_id') ?? ''}".` }
    }
    if (!isOwnRedirect(redirectUri)) {
      return {
        ok: false,
        error: 'invalid_request',
        description: `The redirect URI "${redirectUri ?? ''}" is not registered.`,
      }
    }
    const back = (error: string, description: string): AuthorizeCheck => ({
      ok: false,
      error,
      description,
      redirectUri,
    })
    if (params.get('response_type') !== 'code')
      return back('unsupported_response_type', 'Only response_type=code is supported.')
    if (!params.get('code_challenge') || params.get('code_challenge_method') !== 'S256') {
      return back('invalid_request', 'PKCE with code_challenge_method=S256 is required.')
    }
    if (!(params.get('scope') ?? '').split(' ').includes('openid'))
      return back('invalid_scope', 'The openid scope is required.')
    return {
      ok: true,
      redirectUri,
      register: params.get('prompt') === 'create',
      loginHint: params.get('login_hint') ?? undefined,
    }
  }

  function callbackUrl(redirectUri: string, params: URLSearchParams, values: Record<string, string>): string {
    const url = new URL(redirectUri)
    for (const [name, value] of Object.entries(values)) url.searchParams.set(name, value)
    const state = params.get('state')
    if (state !== null) url.searchParams.set('state', state)
    url.searchParams.set('iss', issuer)
    return url.href
  }

  /** The visitor signed in as `identity`: issues a code and returns where the browser goes next. */
  function approve(params: URLSearchParams, identity: DemoIdentity): string {
    const check = checkAuthorizeRequest(params)
    if (!check.ok) throw new Error(check.description)
    const code = randomToken(32)
    update((state) => {
      state.codes[code] = {
        clientId,
        redirectUri: check.redirectUri,
        codeChallenge: params.get('code_challenge') as string,
        nonce: params.get('nonce') ?? undefined,
        scope: params.get('scope') ?? 'openid',
        audience: params.get('audience') ?? undefined,
        identity,
        expiresAt: now() + CODE_TTL_MS,
        dpopJkt: params.get('dpop_jkt') ?? undefined,
      }
    })
    return callbackUrl(check.redirectUri, params, { code })
  }

  /** The visitor cancelled, or the request was bad: returns the client's callback with the error. */
  function deny(
    params: URLSearchParams,
    error = 'access_denied',
    description = 'The user cancelled the sign-in.',
  ): string {
    const redirectUri = params.get('redirect_uri')
    if (!isOwnRedirect(redirectUri)) throw new Error(`The redirect URI "${redirectUri ?? ''}" is not registered.`)
    return callbackUrl(redirectUri, params, { error, error_description: description })
  }

  async function codeGrant(form: URLSearchParams, jkt: string | undefined): Promise<TokenEndpointResult> {
    const code = form.get('code')
    const verifier = form.get('code_verifier')
    if (!code || !verifier || !form.get('redirect_uri')) {
      return oauthError(400, 'invalid_request', 'code, code_verifier and redirect_uri are required.')
    }
    const state = load()
    const pending = state.codes[code]
    if (pending) {
      delete state.codes[code] // single use, whatever happens next
      save(state)
    }
    if (!pending || pending.expiresAt <= now())
      return oauthError(400, 'invalid_grant', 'The code is invalid, expired or already used.')
    if (pending.redirectUri !== form.get('redirect_uri')) {
      return oauthError(400, 'invalid_grant', 'The redirect_uri does not match the authorization request.')
    }
    if ((await calculatePKCECodeChallenge(verifier)) !== pending.codeChallenge)
      return oauthError(400, 'invalid_grant', 'PKCE verification failed.')
    if (pending.dpopJkt && pending.dpopJkt !== jkt) {
      return oauthError(400, 'invalid_grant', 'The DPoP proof is not signed by the key the sign-in named.')
    }
    return { status: 200, body: await issueTokens(pending, randomToken(12), jkt) }
  }

  async function refreshGrant(form: URLSearchParams, jkt: string | undefined): Promise<TokenEndpointResult> {
    const token = form.get('refresh_token')
    if (!token) return oauthError(400, 'invalid_request', 'refresh_token is required.')
    const state = load()
    const record = state.refreshTokens[token]
    if (!record || record.expiresAt <= now())
      return oauthError(400, 'invalid_grant', 'The refresh token is invalid or expired.')
    // A bound refresh token is useless without its key: refused before it counts as used.
    if (record.jkt && record.jkt !== jkt) {
      return oauthError(400, 'invalid_grant', 'The refresh token is bound to a DPoP key this request does not prove.')
    }
    if (record.used) {
      // A rotated token sent again: someone may hold a copy. End the whole family.
      for (const [other, entry] of Object.entries(state.refreshTokens))
        if (entry.family === record.family) delete state.refreshTokens[other]
      save(state)
      return oauthError(400, 'invalid_grant', 'The refresh token was already used.')
    }
    record.used = true
    save(state)
    return { status: 200, body: await issueTokens(record, record.family, record.jkt) }
  }

  /** The token endpoint; `dpopProof` is the request's DPoP header, if any. */
  async function token(form: URLSearchParams, dpopProof: string | null = null): Promise<TokenEndpointResult> {
    if (form.get('client_id') !== clientId) return oauthError(401, 'invalid_client', 'Unknown client.')
    let jkt: string | undefined
    if (dpopProof !== null) {
      if (!dpop) return oauthError(400, 'invalid_dpop_proof', 'This provider does not accept DPoP.')
      const check = await checkDpopProof(dpopProof, { method: 'POST', url: `${issuer}/oauth2/token` }, now())
      if (!check.ok) return oauthError(400, 'invalid_dpop_proof', check.description)
      jkt = check.jkt
    }
    switch (form.get('grant_type')) {
      case 'authorization_code':
        return codeGrant(form, jkt)
      case 'refresh_token':
        return refreshGrant(form, jkt)
      default:
        return oauthError(400, 'unsupported_grant_type', 'Use authorization_code or refresh_token.')
    }
  }

  /**
   * RFC 7009 revocation of a refresh token: its whole rotation family ends. Unknown tokens are
   * answered 200 too, as the RFC asks.
   */
  function revoke(form: URLSearchParams): TokenEndpointResult {
    if (form.get('client_id') !== clientId) return oauthError(401, 'invalid_client', 'Unknown client.')
    const token = form.get('token')
    if (!token) return oauthError(400, 'invalid_request', 'token is required.')
    update((state) => {
      const family = state.refreshTokens[token]?.family
      if (family === undefined) return
      for (const [other, entry] of Object.entries(state.refreshTokens))
        if (entry.family === family) delete state.refreshTokens[other]
    })
    return { status: 200, body: {} }
  }

  /** Ends the demo session (every refresh token) and returns where the browser goes next. */
  function logout(params: URLSearchParams): string {
    update((state) => {
      state.codes = {}
      state.refreshTokens = {}
    })
    const target = params.get('post_logout_redirect_uri') ?? params.get('redirect')
    return isOwnRedirect(target) ? target : issuerOrigin
  }

  return { issuer, discovery, jwks, checkAuthorizeRequest, approve, deny, token, revoke, logout }
}

export type DemoProvider = ReturnType<typeof createDemoProvider>

/** The demo provider of a configuration (its issuer and client), keeping its state in `storage`. */
export function demoProviderFor(config: VigilConfig, storage: KeyValueStorage): DemoProvider {
  return createDemoProvider({ issuer: config.authDomain, clientId: config.clientId, storage })
}
