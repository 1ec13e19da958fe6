import { afterEach, describe, expect, it } from 'vitest'
import { render } from 'vitest-browser-react'
import { fromPromise } from 'xstate'
import type { Session } from '@/auth/client'
import { AuthError } from '@/auth/errors'
import { openWorkspace, workspaceName } from '@/workspace/store/schema'
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

async function signedIn(logic = testAuth('authenticated')) {
  await render(
    <AuthTestProvider auth={logic}>
      <Probe />
    </AuthTestProvider>,
  )
  await expect.poll(() => logic.mounted.actor?.getSnapshot().matches('authenticated')).toBe(true)
  return logic.mounted.actor!
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

  it('is kept when the person did not choose so', async () => {
    const name = await createAliceWorkspace(false)
    const actor = await signedIn()
    actor.send({ type: 'session.sync', session: null })
    await expect.poll(() => actor.getSnapshot().matches('unauthenticated')).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await exists(name)).toBe(true)
  })
})
