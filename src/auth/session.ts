import { expiresAt, userProfile } from './claims'
import { AuthError, authMessages } from './errors'
import { tokensOf, type SessionTokens } from './refresh-ledger'
import { ChunkedStore, CorruptValueError, TOKEN_KEYS, type KeyValueStorage } from './session-store'

/** The tokens of a signed-in session. */
export interface Session extends SessionTokens {
  /** When the access token expires, in milliseconds since the epoch. */
  expiresAt: number
  /** How long the access token had left when this session was read or received, in milliseconds. */
  lifetimeMs: number
}

/** A session from its tokens at time `now`; `expiresIn` (seconds) is the token response's. */
export function toSession(tokens: SessionTokens, now: number, expiresIn?: number): Session {
  const expiry =
    expiresAt(tokens.accessToken) ?? (expiresIn !== undefined ? now + expiresIn * 1000 : expiresAt(tokens.idToken))
  const at = expiry ?? now
  return { ...tokens, expiresAt: at, lifetimeMs: at - now }
}

/** A session from stored tokens or tokens another tab sent; null when the id token is not readable. */
export function sessionFromTokens(tokens: SessionTokens, now: number): Session | null {
  return userProfile(tokens.idToken) ? toSession(tokensOf(tokens), now) : null
}

/** The session's tokens in shared storage (localStorage), chunked under SPEC.md's keys. */
export function sessionTokenStore(storage: KeyValueStorage | undefined, now: () => number) {
  function store(missingMessage: string = authMessages.storageNotInitialized) {
    if (!storage) throw new AuthError('storage', missingMessage)
    return new ChunkedStore(storage)
  }

  return {
    /** Throws the given message when there is no storage to hold a session. */
    require: (missingMessage?: string) => void store(missingMessage),

    save(session: SessionTokens) {
      const chunks = store()
      chunks.set('accessToken', session.accessToken)
      chunks.set('idToken', session.idToken)
      chunks.set('refreshToken', session.refreshToken)
    },

    remove() {
      if (!storage) return
      const chunks = store()
      for (const key of TOKEN_KEYS) chunks.remove(key)
    },

    /**
     * The stored session, or null. A partial, corrupt or unreadable one counts as none; `discard`
     * is told why (and may remove it).
     */
    read(discard: (reason: string) => void = () => {}): Session | null {
      if (!storage) return null
      const chunks = store()
      let values: (string | undefined)[]
      try {
        values = TOKEN_KEYS.map((key) => chunks.get(key))
      } catch (error) {
        if (error instanceof CorruptValueError) {
          discard(error.message)
          return null
        }
        throw error
      }
      const [accessToken, idToken, refreshToken] = values
      if (values.every((value) => value === undefined)) return null
      if (!accessToken || !idToken || !refreshToken) {
        discard('part of it is missing')
        return null
      }
      const session = sessionFromTokens({ accessToken, idToken, refreshToken }, now())
      if (!session) discard('the id token is not readable')
      return session
    },
  }
}
