import { UnsecuredJWT } from 'jose'
import type { ReactNode } from 'react'
import { createActor, fromPromise, waitFor } from 'xstate'
import { AuthActorContext, type AuthActor } from '@/api/auth'
import type { Session } from '@/auth/client'
import { authMachine } from '@/machines/auth.machine'

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

/** A running auth machine in the given state, with every browser effect replaced. */
export async function testAuthActor(state: 'loading' | 'authenticated' | 'unauthenticated', user?: TestUser) {
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
  const actor: AuthActor = createActor(logic, {
    input: {
      url: 'http://localhost/',
      isCallback: state === 'loading',
      storedSession: state === 'authenticated' ? testSession(user) : null,
    },
  }).start()
  if (state !== 'loading') await waitFor(actor, (snapshot) => snapshot.matches(state))
  return { actor, logout }
}

export function AuthTestProvider({ actor, children }: { actor: AuthActor; children: ReactNode }) {
  return <AuthActorContext.Provider value={actor}>{children}</AuthActorContext.Provider>
}
