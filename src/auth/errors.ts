const QUOTED_MAX_LENGTH = 200

/** Text from outside (a URL, a provider) as a quoted, trimmed, bounded string. */
export function quoted(text: string): string {
  const trimmed = text.trim()
  const short = trimmed.length > QUOTED_MAX_LENGTH ? `${trimmed.slice(0, QUOTED_MAX_LENGTH)}…` : trimmed
  return `"${short}"`
}

/** The authentication error catalogue, defined once: codes for the error callback and the client's messages, word for word (the misspelt 'recieved' included). */

export type AuthErrorCode = 'ERR_REGISTER' | 'ERR_LOGOUT' | 'ERR_STATE_PARSE' | 'ERR_CODE_EXCHANGE'

export const authMessages = {
  invalidStateOrCode: 'Invalid state or code',
  // The stored state is a secret of this tab's sign-in: the message says whether there was one, never what it is.
  invalidState: (supplied: string, expected: string | undefined) =>
    `Invalid state: supplied ${quoted(supplied)}, expected ${expected ? 'the one this tab stored (not shown)' : '"(none stored)"'}`,
  storageNotInitialized: 'Authentication storage is not initialized',
  codeVerifierNotFound: 'Code verifier not found',
  tokenExchangeFailed: (status: number, body: string) => `Token exchange failed: ${status} ${body}`.trim(),
  noAccessToken: 'No access token recieved',
  domainRequired: 'Domain is required for token refresh',
  clientIdRequired: 'Client ID is required for token refresh',
  noRefreshToken: 'No refresh token found',
  noActiveStorage: 'No active storage found',
  refreshFailed: 'Failed to refresh token',
  providerError: (error: string, description: string | null) =>
    description?.trim() ? `${error.trim()}: ${quoted(description)}` : error.trim(),
  storageFull: "The browser's storage is full: the session was not saved",
  requestTimedOut: (what: string, seconds: number) =>
    `The identity provider did not answer the ${what} within ${seconds} seconds`,
} as const

/** What went wrong, for the logged-out screen: a title a person understands and what to do next. */
export type AuthErrorKind =
  | 'state' // the callback does not belong to a sign-in this browser started
  | 'exchange' // the provider refused or garbled the code exchange
  | 'provider' // the provider sent back an error (error / error_description)
  | 'storage' // the browser's storage is unavailable
  | 'storage-full' // the browser's storage has no room for the session
  | 'session-ended' // the refresh token was refused: the session is over
  | 'refresh' // a refresh failed for another reason
  | 'unreachable' // the provider could not be reached (login, register, logout)

export class AuthError extends Error {
  readonly kind: AuthErrorKind
  readonly code?: AuthErrorCode

  constructor(kind: AuthErrorKind, message: string, options: { code?: AuthErrorCode; cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.name = 'AuthError'
    this.kind = kind
    this.code = options.code
  }
}

const titles: Record<AuthErrorKind, string> = {
  state: 'That sign-in link is not valid here',
  exchange: 'Sign-in could not be completed',
  provider: 'The identity provider did not sign you in',
  storage: 'Your browser is blocking sign-in storage',
  'storage-full': "Your browser's storage is full",
  'session-ended': 'Your session has ended',
  refresh: 'Your session could not be renewed',
  unreachable: 'The identity provider could not be reached',
}

const advice: Record<AuthErrorKind, string> = {
  state: 'It may have been used already, or it was started in another browser or tab. Start again with Sign in.',
  exchange: 'The sign-in was not finished. Please sign in again.',
  provider: 'Please try again, or ask your administrator for access.',
  storage: 'Allow this site to store data (it keeps your session), then sign in again.',
  'storage-full':
    "Vigil could not keep your session. Free some space for this site (other sites' data, or imports you no longer need), then sign in again.",
  'session-ended': 'For your security you were signed out. Please sign in again.',
  refresh: 'You were signed out to keep your account safe. Please sign in again.',
  unreachable: 'Check your connection and try again.',
}

export interface ReadableAuthError {
  title: string
  message: string
}

/** Turns any failure into readable words, keeping the catalogue message as the detail. */
export function describeAuthError(error: unknown): ReadableAuthError {
  if (error instanceof AuthError) {
    return { title: titles[error.kind], message: `${advice[error.kind]} (${error.message})` }
  }
  const detail = error instanceof Error ? error.message : String(error)
  return { title: titles.exchange, message: `${advice.exchange} (${detail})` }
}
