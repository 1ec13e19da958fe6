import { UnsecuredJWT } from 'jose'
import { useEffect, type ReactNode } from 'react'
import { fromPromise, type Actor } from 'xstate'
import { AuthActor, AuthClientContext } from '@/state/auth'
import type { AuthClient, Session } from '@/auth/client'
import { authMachine, type AuthInput } from '@/machines/auth.machine'

export interface TestUser {
  sub?: string
  given_name?: string
  family_name?: string
  email?: string
  picture?: string
}

/** A session whose tokens carry the given claims (unsigned: nothing here verifies them). */
export function testSession(user: TestUser = {}, lifetimeSeconds = 3600): Session {
  const exp = Math.floor(Date.now() / 1000) + lifetimeSeconds
  const token = (claims: Record<string, unknown>) => new UnsecuredJWT({ exp, ...claims }).encode() + 'c2lnbmF0dXJl'
  return {
    accessToken: token({
      sub: user.sub ?? 'kp_test',
      org_code: 'org_test',
      roles: [{ id: 'r1', key: 'auditor', name: 'Auditor' }],
      permissions: ['read:repositories'],
    }),
    idToken: token({ sub: 'kp_test', ...user }),
    refreshToken: 'refresh-token',
    expiresAt: exp * 1000,
    lifetimeMs: lifetimeSeconds * 1000,
  }
}

/** The auth machine in the given state, with every browser effect replaced, to mount in a provider. */
export function testAuth(state: 'loading' | 'authenticated' | 'unauthenticated', user?: TestUser) {
  const logout = { calls: 0 }
  const logic = authMachine.provide({
    actors: {
      // 'loading' is a sign-in callback whose code exchange never finishes.
      handleCallback: fromPromise(() => new Promise<Session>(() => {})),
      logout: fromPromise(async () => {
        logout.calls += 1
      }),
      startLogin: fromPromise(async () => {}),
    },
  })
  const input: AuthInput = {
    url: 'http://localhost/',
    isCallback: state === 'loading',
    storedSession: state === 'authenticated' ? testSession(user) : null,
  }
  const mounted: { actor?: Actor<typeof logic> } = {}
  return { logic, input, logout, mounted, onActor: (actor: Actor<typeof logic>) => (mounted.actor = actor) }
}

export type TestAuth = Pick<ReturnType<typeof testAuth>, 'logic' | 'input'> & Partial<ReturnType<typeof testAuth>>

function CaptureActor({ auth }: { auth: TestAuth }) {
  const actor = AuthActor.useActorRef()
  const { onActor } = auth
  useEffect(() => {
    onActor?.(actor)
  }, [actor, onActor])
  return null
}

/**
 * The app's AuthProvider context running the given test logic; `auth.mounted.actor` is the actor.
 * `client` stands for the parts of the auth client a test needs (none by default, as in tests
 * that mount the machine alone).
 */
export function AuthTestProvider({
  auth,
  client,
  children,
}: {
  auth: TestAuth
  client?: Partial<AuthClient>
  children: ReactNode
}) {
  return (
    <AuthClientContext.Provider value={client as AuthClient | undefined}>
      <AuthActor.Provider logic={auth.logic} options={{ input: auth.input }}>
        <CaptureActor auth={auth} />
        {children}
      </AuthActor.Provider>
    </AuthClientContext.Provider>
  )
}
