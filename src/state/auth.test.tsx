import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { fromPromise } from 'xstate'
import { browserSessionChannel } from '@/auth/browser-environment'
import { AuthError } from '@/auth/errors'
import type { AuthClient, Session } from '@/auth/client'
import { AuthTestProvider, testAuth, testSession } from '@tests/helpers/auth'
import { AuthProvider, useAuth, useTokenRenewal } from './auth'

function Renewer() {
  const renew = useTokenRenewal()
  const [answer, setAnswer] = useState('none yet')
  return (
    <button type="button" onClick={() => void renew().then((token) => setAnswer(token ?? 'no token'))}>
      {answer}
    </button>
  )
}

async function renewWith(refreshSession: () => Promise<Session>) {
  const auth = testAuth('authenticated')
  const logic = auth.logic.provide({ actors: { refreshSession: fromPromise(refreshSession) } })
  await render(
    <AuthTestProvider auth={{ ...auth, logic }}>
      <Renewer />
    </AuthTestProvider>,
  )
  await page.getByRole('button', { name: 'none yet' }).click()
}

describe('useTokenRenewal (the API refused the access token)', () => {
  it('renews the session now and gives the new access token', async () => {
    const renewed = { ...testSession({ sub: 'kp_renewed' }), accessToken: 'renewed-access-token' }
    await renewWith(async () => renewed)
    await expect.element(page.getByRole('button', { name: 'renewed-access-token' })).toBeVisible()
  })

  it('gives no token when the renewal fails', async () => {
    await renewWith(async () => {
      throw new AuthError('session-ended', 'refused')
    })
    await expect.element(page.getByRole('button', { name: 'no token' })).toBeVisible()
  })
})

function Status() {
  const { status, user } = useAuth()
  return <p data-testid="auth-status">{user ? `${status} as ${user.id}` : status}</p>
}

describe('AuthProvider and the other tabs', () => {
  it('signs in when another tab does, and out when another tab signs out', async () => {
    const name = `vigil-session-test-${crypto.randomUUID()}`
    const session = testSession({ sub: 'kp_other_tab' })
    const client = {
      readSession: () => null,
      sessionFromTokens: () => session,
      acceptsSyncedTokens: async () => true,
    } as Partial<AuthClient> as AuthClient
    await render(
      <AuthProvider
        client={client}
        sessionChannel={browserSessionChannel(name)}
        url={new URL('http://localhost/')}
        isCallback={false}
      >
        <Status />
      </AuthProvider>,
    )
    const status = page.getByTestId('auth-status')
    await expect.element(status).toHaveTextContent('unauthenticated')
    const otherTab = browserSessionChannel(name)
    otherTab.announce(session)
    await expect.element(status).toHaveTextContent('authenticated as kp_other_tab')
    otherTab.announce(null)
    await expect.element(status).toHaveTextContent('unauthenticated')
  })
})
