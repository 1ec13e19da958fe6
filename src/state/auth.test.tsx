import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { fromPromise } from 'xstate'
import { AuthError } from '@/auth/errors'
import type { Session } from '@/auth/client'
import { AuthTestProvider, testAuth, testSession } from '@tests/helpers/auth'
import { useTokenRenewal } from './auth'

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
