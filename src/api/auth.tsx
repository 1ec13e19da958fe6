import { useSelector } from '@xstate/react'
import { createContext, useContext, useMemo } from 'react'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import { isTokenValid, tokenClaims, userProfile, type TokenClaims, type UserProfile } from '@/auth/claims'
import type { LoginOptions, LogoutOptions } from '@/auth/client'
import type { AuthMachine, AuthProblem } from '@/machines/auth.machine'

export type AuthActor = ActorRefFrom<AuthMachine>

/** The running auth machine; mounted once by the app shell. */
export const AuthActorContext = createContext<AuthActor | null>(null)

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated' | 'redirecting'

function statusOf(snapshot: SnapshotFrom<AuthMachine>): AuthStatus {
  if (snapshot.matches('authenticated')) return 'authenticated'
  if (snapshot.matches('redirecting') || snapshot.matches('loggingOut')) return 'redirecting'
  if (snapshot.matches('unauthenticated')) return 'unauthenticated'
  return 'loading'
}

export function useAuthActor(): AuthActor {
  const actor = useContext(AuthActorContext)
  if (!actor) throw new Error('useAuth must be used inside the AuthProvider of the app shell')
  return actor
}

export interface Auth {
  status: AuthStatus
  user?: UserProfile
  claims?: TokenClaims
  problem?: AuthProblem
  login: (options?: Omit<LoginOptions, 'register'>) => void
  register: () => void
  logout: (options?: LogoutOptions) => void
  dismissProblem: () => void
}

/** The signed-in user and the sign-in actions. */
export function useAuth(): Auth {
  const actor = useAuthActor()
  const status = useSelector(actor, statusOf)
  const session = useSelector(actor, (snapshot) => snapshot.context.session)
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem)
  // Decoded once per session, not on every render of every reader.
  const identity = useMemo(
    () =>
      session ? { user: userProfile(session.idToken), claims: tokenClaims(session.accessToken, session.idToken) } : {},
    [session],
  )
  return {
    status,
    ...identity,
    problem,
    login: (options) => actor.send({ type: 'login', options }),
    register: () => actor.send({ type: 'register' }),
    logout: (options) => actor.send({ type: 'logout', options }),
    dismissProblem: () => actor.send({ type: 'problem.dismiss' }),
  }
}

/** Reads the access token when a request is made: only while it is valid, else undefined. */
export function useTokenGetter(): () => string | undefined {
  const actor = useAuthActor()
  return () => {
    const token = actor.getSnapshot().context.session?.accessToken
    return isTokenValid(token, Date.now()) ? token : undefined
  }
}
