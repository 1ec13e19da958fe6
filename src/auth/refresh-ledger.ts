import { base64url } from 'jose'

/** The tokens a session is made of, as stored and as passed between tabs. */
export interface SessionTokens {
  accessToken: string
  idToken: string
  refreshToken: string
  /**
   * When the access token expires (ms since the epoch), from the token response's `expires_in`
   * at receipt: opaque access tokens carry no expiry, and a skewed clock misreads a JWT's `exp`.
   */
  expiresAt?: number
}

/** What the newest refresh, sign-in or sign-out in any tab did. */
export interface RefreshRecord {
  /** SHA-256 digests (base64url) of the refresh tokens already sent, newest first. */
  spent: string[]
  /** The tokens that the newest refresh or sign-in returned; none after a sign-out. */
  tokens?: SessionTokens
  /** Set by sign-out: no tab may write tokens back until the next sign-in. */
  signedOutAt?: number
}

/**
 * Where tabs record each refresh, read and written inside the refresh lock (IndexedDB in the
 * browser). localStorage cannot serve: a tab that takes the lock can still read the tokens that
 * the previous holder replaced a moment before, and would send a spent refresh token.
 */
export interface RefreshLedger {
  /** The stored record, unchecked: callers pass it through `parseRefreshRecord`. */
  read: () => Promise<unknown>
  /** Resolves once the record is committed, so that the next lock holder reads it. */
  write: (record: RefreshRecord) => Promise<void>
  clear: () => Promise<void>
}

/** How many spent refresh tokens the ledger remembers: far more than tabs can fall behind. */
export const SPENT_TOKENS_KEPT = 16

const isText = (value: unknown): value is string => typeof value === 'string' && value !== ''

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

export function isSessionTokens(value: unknown): value is SessionTokens {
  if (typeof value !== 'object' || value === null) return false
  const tokens = value as Record<string, unknown>
  return (
    isText(tokens.accessToken) &&
    isText(tokens.idToken) &&
    isText(tokens.refreshToken) &&
    (tokens.expiresAt === undefined || isTime(tokens.expiresAt))
  )
}

export const tokensOf = ({ accessToken, idToken, refreshToken, expiresAt }: SessionTokens): SessionTokens =>
  isTime(expiresAt) ? { accessToken, idToken, refreshToken, expiresAt } : { accessToken, idToken, refreshToken }

/** The record, or undefined when the value is not one (nothing stored, or something else). */
export function parseRefreshRecord(value: unknown): RefreshRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { spent, tokens, signedOutAt } = value as Record<string, unknown>
  if (!Array.isArray(spent) || !spent.every(isText)) return undefined
  if (isTime(signedOutAt)) return { spent, signedOutAt }
  if (!isSessionTokens(tokens)) return undefined
  return { spent, tokens: tokensOf(tokens) }
}

/** A digest of a refresh token, so that the ledger never holds a spent token itself. */
export async function tokenDigest(token: string): Promise<string> {
  return base64url.encode(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))))
}

/** The record after a refresh that spent the token with digest `spentDigest` and returned `tokens`. */
export function recordRefresh(
  previous: RefreshRecord | undefined,
  spentDigest: string,
  tokens: SessionTokens,
): RefreshRecord {
  const spent = [spentDigest, ...(previous?.spent ?? []).filter((digest) => digest !== spentDigest)]
  return { spent: spent.slice(0, SPENT_TOKENS_KEPT), tokens: tokensOf(tokens) }
}

/** The record after a sign-out at `now`: the spent digests stay, the tokens go. */
export function recordSignOut(previous: RefreshRecord | undefined, now: number): RefreshRecord {
  return { spent: previous?.spent ?? [], signedOutAt: now }
}
