import { afterEach, describe, expect, it } from 'vitest'
import { render } from 'vitest-browser-react'
import { fromPromise } from 'xstate'
import type { Session } from '@/auth/client'
import { AuthError } from '@/auth/errors'
import { openWorkspace } from '@/workspace/store/open'
import { workspaceName } from '@/workspace/store/workspace-names'
import { AuthTestProvider, testAuth, testSession } from '@tests/helpers/auth'
import { personalKey } from './personal-settings'
import { useWorkspaceDeletionAtSignOut } from './workspace-sign-out'

// The test session's identity: subject kp_test, and no issuer in its unsigned id token.
const aliceWorkspace = () => workspaceName('', 'kp_test')

async function createAliceWorkspace(deleteAtSignOut: boolean) {
  const name = await aliceWorkspace()
  ;(await openWorkspace(name)).close()
  if (deleteAtSignOut) localStorage.setItem(personalKey('vigil-clear-workspace-on-sign-out', name), 'true')
  return name
}

const exists = async (name: string) => (await indexedDB.databases()).some((database) => database.name === name)

function Probe() {
  useWorkspaceDeletionAtSignOut()
  return null
}

afterEach(async () => {
  localStorage.clear()
  indexedDB.deleteDatabase(await aliceWorkspace())
})

/** The machine signed in (or, with `restoring`, renewing a stored session as the tab opens); storage holds `stored`. */
async function signedIn(logic = testAuth('authenticated'), stored: Session | null = null, restoring = false) {
  await render(
    <AuthTestProvider auth={logic} client={{ readSession: () => stored }}>
      <Probe />
    </AuthTestProvider>,
  )
  if (!restoring) await expect.poll(() => logic.mounted.actor?.getSnapshot().matches('authenticated')).toBe(true)
  return logic.mounted.actor!
}

/** The test auth whose refreshes all fail with `error`, retried never. */
function failingRefresh(error: AuthError, input = testAuth('authenticated').input) {
  const auth = testAuth('authenticated')
  const logic = auth.logic.provide({
    actors: {
      refreshSession: fromPromise<Session, { session: Session }>(async () => {
        throw error
      }),
    },
    guards: { canRetryRefresh: () => false },
  })
  return { ...auth, input, logic }
}

describe('the workspace at sign-out', () => {
  it('is deleted when the person chose so and signs out in another tab', async () => {
    const name = await createAliceWorkspace(true)
    const actor = await signedIn()
    actor.send({ type: 'session.sync', session: null })
    await expect.poll(() => exists(name)).toBe(false)
  })

  it('is deleted when the person chose so and the session ends after a failed refresh', async () => {
    const name = await createAliceWorkspace(true)
    const auth = testAuth('authenticated')
    const logic = auth.logic.provide({
      actors: {
        refreshSession: fromPromise<Session, { session: Session }>(async () => {
          throw new AuthError('session-ended', 'The provider refused the refresh token.')
        }),
      },
    })
    const actor = await signedIn({ ...auth, logic })
    actor.send({ type: 'auth.renew' })
    await expect.poll(() => actor.getSnapshot().matches('unauthenticated')).toBe(true)
    await expect.poll(() => exists(name)).toBe(false)
  })

  it('is deleted when another person signs in from another tab', async () => {
    const name = await createAliceWorkspace(true)
    const actor = await signedIn()
    actor.send({ type: 'session.sync', session: testSession({ sub: 'kp_bob' }) })
    await expect.poll(() => exists(name)).toBe(false)
  })

  it('is deleted when the person chose so and a tab that opens finds the stored session ended', async () => {
    const name = await createAliceWorkspace(true)
    // A session stored yesterday, with less than the refresh margin left: renewed as the tab opens.
    const input = { ...testAuth('authenticated').input, storedSession: testSession({}, 5) }
    const auth = failingRefresh(new AuthError('session-ended', 'The provider refused the refresh token.'), input)
    const actor = await signedIn(auth, null, true)
    await expect.poll(() => actor.getSnapshot().matches('unauthenticated')).toBe(true)
    await expect.poll(() => exists(name)).toBe(false)
  })

  it('is kept when a refresh fails for a passing reason and the session stays stored for the other tabs', async () => {
    const name = await createAliceWorkspace(true)
    const auth = failingRefresh(new AuthError('unreachable', 'The provider did not answer.'))
    const actor = await signedIn(auth, testSession())
    actor.send({ type: 'auth.renew' })
    await expect.poll(() => actor.getSnapshot().matches('unauthenticated')).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await exists(name)).toBe(true)
  })

  it('is kept when the person did not choose so', async () => {
    const name = await createAliceWorkspace(false)
    const actor = await signedIn()
    actor.send({ type: 'session.sync', session: null })
    await expect.poll(() => actor.getSnapshot().matches('unauthenticated')).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await exists(name)).toBe(true)
  })
})
