import { createActorContext, shallowEqual } from '@xstate/react'
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { fromPromise, type SnapshotFrom } from 'xstate'
import type { SessionChannel } from '@/auth/browser-environment'
import { withoutCallbackParams } from '@/auth/callback-url'
import { tokenClaims, userProfile, type TokenClaims, type UserProfile } from '@/auth/claims'
import type { AuthClient, LoginOptions, LogoutOptions, Session } from '@/auth/client'
import { bearerSender, type TokenSender } from '@/api/request'
import { inspection } from '@/lib/inspection'
import { authMachine, sessionsFromOtherTabs, type AuthMachine, type AuthProblem } from '@/machines/auth.machine'
import { namedActorContext } from './named-actor-context'

/** The running auth machine; mounted once by the app shell (tests mount it with their own logic). */
export const AuthActor = namedActorContext(createActorContext(authMachine), 'AuthProvider')

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated' | 'redirecting'

function statusOf(snapshot: SnapshotFrom<AuthMachine>): AuthStatus {
  if (snapshot.matches('authenticated')) return 'authenticated'
  if (snapshot.matches('redirecting') || snapshot.matches('loggingOut')) return 'redirecting'
  if (snapshot.matches('unauthenticated')) return 'unauthenticated'
  return 'loading'
}

export interface AuthProviderProps {
  client: AuthClient
  sessionChannel: SessionChannel
  /** The address the app was opened at. */
  url: URL
  isCallback: boolean
  /** The error callback. */
  onError?: (problem: AuthProblem) => void
  children: ReactNode
}

/** The auth client of the running app; tests that mount the machine alone have none. */
export const AuthClientContext = createContext<AuthClient | undefined>(undefined)

/** Runs the auth machine with the browser's effects and shares it with the app. */
export function AuthProvider({ client, sessionChannel, url, isCallback, onError, children }: AuthProviderProps) {
  const [logic] = useState(() =>
    authMachine.provide({
      actions: {
        cleanAddressBar: () => window.history.replaceState(window.history.state, '', withoutCallbackParams(url)),
        announceSession: ({ context }) => sessionChannel.announce(context.session ?? null),
        reportError: (_, problem) => {
          console.error(`Sign-in error${problem.code ? ` ${problem.code}` : ''}: ${problem.message}`)
          onError?.(problem)
        },
        reportRefreshRetry: (_, { problem, delayMs }) =>
          console.warn(`Vigil could not renew the session and tries again in ${delayMs / 1000} s: ${problem.message}`),
      },
      actors: {
        handleCallback: fromPromise(({ input }) => client.handleCallback(new URL(input.url))),
        refreshSession: fromPromise(({ input }) => client.refresh(input.session)),
        startLogin: fromPromise(({ input }) => client.startLogin(input)),
        logout: fromPromise(({ input }) => client.logout(input)),
        followOtherTabs: sessionsFromOtherTabs(sessionChannel, client, (message) => console.warn(message)),
      },
    }),
  )
  const [options] = useState(() => ({
    input: { url: url.href, isCallback, storedSession: isCallback ? null : client.readSession() },
    ...inspection(),
  }))
  return (
    <AuthClientContext.Provider value={client}>
      <AuthActor.Provider logic={logic} options={options}>
        {children}
      </AuthActor.Provider>
    </AuthClientContext.Provider>
  )
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
  const actor = AuthActor.useActorRef()
  const { status, session, problem } = AuthActor.useSelector(
    (snapshot) => ({
      status: statusOf(snapshot),
      session: snapshot.context.session,
      problem: snapshot.context.problem,
    }),
    shallowEqual,
  )
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
    login: (options) => actor.send({ type: 'auth.login', options }),
    register: () => actor.send({ type: 'auth.register' }),
    logout: (options) => actor.send({ type: 'auth.logout', options }),
    dismissProblem: () => actor.send({ type: 'problem.dismiss' }),
  }
}

/** Reads the access token when a request is made: only while it is valid, else undefined. */
export function useTokenGetter(): () => string | undefined {
  const actor = AuthActor.useActorRef()
  // Stable: what is given it (the feed's settings) stays one value across sign-in's own changes.
  return useCallback(() => {
    const session = actor.getSnapshot().context.session
    // The expiry received with the token: opaque tokens have no other, and it ignores clock skew.
    return session && session.expiresAt > Date.now() ? session.accessToken : undefined
  }, [actor])
}

const unbound = async () => false

const noStoredSession = () => null

/**
 * Reads the session this browser's storage holds now, whichever tab stored it; none without an
 * auth client. A tab whose refresh failed for a passing reason is signed out while it stays stored.
 */
export function useStoredSession(): () => Session | null {
  const client = useContext(AuthClientContext)
  return useMemo(() => (client ? () => client.readSession({ cleanUp: false }) : noStoredSession), [client])
}

/** Whether the provider binds the tokens to this browser (DPoP); false without an auth client. */
export function useTokenBinding(): () => Promise<boolean> {
  const client = useContext(AuthClientContext)
  return client ? client.bindsTokens : unbound
}

/**
 * Renews the session now (the API refused its access token) and gives the new access token, or
 * undefined when the renewal failed and the user is signed out.
 */
export function useTokenRenewal(): () => Promise<string | undefined> {
  const actor = AuthActor.useActorRef()
  return () =>
    new Promise((resolve) => {
      if (!actor.getSnapshot().matches('authenticated')) return resolve(undefined)
      // The answer is the first state after the refresh: idle with no failure, or anything else.
      const subscription = actor.subscribe((snapshot) => {
        if (snapshot.matches({ authenticated: 'refreshing' })) return
        subscription.unsubscribe()
        const renewed = snapshot.matches({ authenticated: 'idle' }) && snapshot.context.failedRefreshes === 0
        resolve(renewed ? snapshot.context.session?.accessToken : undefined)
      })
      actor.send({ type: 'auth.renew' })
    })
}

/**
 * Sends API requests with the access token through the auth client, which proves possession of
 * the DPoP key when the tokens are bound to it; a plain bearer sender without a client.
 */
export function useTokenSender(fetcher: typeof fetch): TokenSender {
  const client = useContext(AuthClientContext)
  return useMemo(
    () =>
      client
        ? (url, token) =>
            client.resourceRequest(
              token,
              new URL(url, window.location.origin),
              new Headers({ 'Content-Type': 'application/json' }),
              fetcher,
            )
        : bearerSender(fetcher),
    [client, fetcher],
  )
}
