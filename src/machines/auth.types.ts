import type { LoginOptions, LogoutOptions, Session } from '@/auth/client'
import type { AuthErrorCode } from '@/auth/errors'

export interface AuthProblem {
  title: string
  message: string
  code?: AuthErrorCode
}

export interface AuthInput {
  /** The address the app was opened at. */
  url: string
  isCallback: boolean
  /** The session in storage when the app opened, read before the first render. */
  storedSession?: Session | null
}

export interface AuthContext {
  /** The address the app was opened at: a provider callback or any page. */
  url: string
  isCallback: boolean
  session?: Session
  problem?: AuthProblem
  /** Refreshes of this session that failed for a passing reason and are being tried again. */
  failedRefreshes: number
  /** The session is the one this tab's own refresh returned (a short-lived one is not renewed again). */
  renewedHere: boolean
}

export type AuthEvent =
  | { type: 'auth.login'; options?: Omit<LoginOptions, 'register'> }
  | { type: 'auth.register' }
  | { type: 'auth.logout'; options?: LogoutOptions }
  /** The API refused the access token: renew the session now. */
  | { type: 'auth.renew' }
  /** Another tab signed in, refreshed or signed out: the session now in storage (null for none). */
  | { type: 'session.sync'; session: Session | null }
  | { type: 'problem.dismiss' }
