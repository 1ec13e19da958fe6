import { expiresAt, idTokenProblem, type IdTokenExpectation } from './claims'
import { AuthError, authMessages } from './errors'
import { tokensOf, type SessionTokens } from './refresh-ledger'
import { ChunkedStore, CorruptValueError, SESSION_MARKER_KEY, TOKEN_KEYS, type KeyValueStorage } from './session-store'
import { isQuotaError } from '@/lib/quota-error'

/** The tokens of a signed-in session. */
export interface Session extends SessionTokens {
  /** When the access token expires, in milliseconds since the epoch. */
  expiresAt: number
  /** How long the access token had left when this session was read or received, in milliseconds. */
  lifetimeMs: number
}

/**
 * A session from its tokens at time `now`. The expiry is the token response's `expires_in`
 * (seconds, counted from receipt), else the one recorded at receipt, else the access token's or
 * the id token's `exp`.
 */
export function toSession(tokens: SessionTokens, now: number, expiresIn?: number): Session {
  const expiry =
    expiresIn !== undefined
      ? now + expiresIn * 1000
      : (tokens.expiresAt ?? expiresAt(tokens.accessToken) ?? expiresAt(tokens.idToken))
  const at = expiry ?? now
  return { ...tokensOf(tokens), expiresAt: at, lifetimeMs: at - now }
}

/**
 * A session from stored tokens or tokens another tab sent; null when the id token is not one of
 * this provider and client. An expired id token makes the session due for renewal at once.
 */
export function sessionFromTokens(tokens: SessionTokens, now: number, expected: IdTokenExpectation): Session | null {
  return idTokenProblem(tokens.idToken, expected) ? null : renewedAtIdTokenExpiry(tokens, now)
}

/** The session of tokens whose id token was checked; one whose id token has expired is due now. */
function renewedAtIdTokenExpiry(tokens: SessionTokens, now: number): Session {
  const session = toSession(tokens, now)
  const idExpiry = expiresAt(tokens.idToken) ?? now
  return idExpiry > now ? session : { ...session, lifetimeMs: Math.min(session.lifetimeMs, 0) }
}

/** A short fingerprint of the three tokens together (not a secret: it only tells sets apart). */
export function sessionTie({ accessToken, idToken, refreshToken }: SessionTokens): string {
  const text = `${accessToken}\n${idToken}\n${refreshToken}`
  let first = 0x811c9dc5
  let second = 0x01000193
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    first = Math.imul(first ^ code, 0x01000193)
    second = Math.imul(second ^ code, 0x5bd1e995) ^ (second >>> 15)
  }
  return `${(first >>> 0).toString(16).padStart(8, '0')}${(second >>> 0).toString(16).padStart(8, '0')}`
}

interface SessionMarker {
  tie: string
  expiresAt?: number
}

function parseMarker(text: string | undefined): SessionMarker | undefined {
  if (!text) return undefined
  try {
    const value = JSON.parse(text) as Partial<SessionMarker>
    if (typeof value.tie !== 'string') return undefined
    return typeof value.expiresAt === 'number' ? { tie: value.tie, expiresAt: value.expiresAt } : { tie: value.tie }
  } catch {
    return undefined
  }
}

/**
 * The session's tokens in shared storage (localStorage), chunked under the session keys (accessToken0, accessToken1, …). A marker
 * written last ties the three tokens of one sign-in or refresh together (and keeps the expiry
 * received with them): tokens mixed from two sessions, or half written, are refused.
 */
export function sessionTokenStore(
  storage: KeyValueStorage | undefined,
  now: () => number,
  expected: IdTokenExpectation,
) {
  function store(missingMessage: string = authMessages.storageNotInitialized) {
    if (!storage) throw new AuthError('storage', missingMessage)
    return new ChunkedStore(storage)
  }

  function remove() {
    if (!storage) return
    const chunks = store()
    chunks.remove(SESSION_MARKER_KEY)
    for (const key of TOKEN_KEYS) chunks.remove(key)
  }

  return {
    /** Throws the given message when there is no storage to hold a session. */
    require: (missingMessage?: string) => void store(missingMessage),

    /** Stores the session; a full storage removes what was half written and says so. */
    save(session: SessionTokens) {
      const chunks = store()
      try {
        chunks.remove(SESSION_MARKER_KEY)
        chunks.set('accessToken', session.accessToken)
        chunks.set('idToken', session.idToken)
        chunks.set('refreshToken', session.refreshToken)
        const marker: SessionMarker = { tie: sessionTie(session), expiresAt: session.expiresAt }
        chunks.set(SESSION_MARKER_KEY, JSON.stringify(marker))
      } catch (error) {
        if (!isQuotaError(error)) throw error
        remove()
        throw new AuthError('storage-full', authMessages.storageFull, { cause: error })
      }
    },

    remove,

    /**
     * The stored session, or null. A partial, mixed, corrupt or foreign one counts as none;
     * `discard` is told why (and may remove it).
     */
    read(discard: (reason: string) => void = () => {}): Session | null {
      if (!storage) return null
      const chunks = store()
      let values: (string | undefined)[]
      let markerText: string | undefined
      try {
        values = TOKEN_KEYS.map((key) => chunks.get(key))
        markerText = chunks.get(SESSION_MARKER_KEY)
      } catch (error) {
        if (error instanceof CorruptValueError) {
          discard(error.message)
          return null
        }
        throw error
      }
      const [accessToken, idToken, refreshToken] = values
      if (values.every((value) => value === undefined) && markerText === undefined) return null
      if (!accessToken || !idToken || !refreshToken) {
        discard('part of it is missing')
        return null
      }
      const tokens = { accessToken, idToken, refreshToken }
      const marker = parseMarker(markerText)
      if (!marker || marker.tie !== sessionTie(tokens)) {
        discard('its tokens do not belong to one sign-in or refresh')
        return null
      }
      const problem = idTokenProblem(idToken, expected)
      if (problem) {
        discard(problem)
        return null
      }
      return renewedAtIdTokenExpiry({ ...tokens, expiresAt: marker.expiresAt }, now())
    },
  }
}
