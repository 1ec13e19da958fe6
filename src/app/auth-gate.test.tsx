import { Component, type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import { createActor, fromPromise } from 'xstate'
import { useAuth } from '@/api/auth'
import { useOrganisation } from '@/api/organisation'
import type { Session } from '@/auth/client'
import { AuthError, authMessages } from '@/auth/errors'
import { authMachine } from '@/machines/auth.machine'
import { AuthTestProvider, testAuthActor } from '@tests/helpers/auth'
import { render as renderBare } from 'vitest-browser-react'
import { renderWithProviders } from '@tests/helpers/render'
import { AuthGate } from './auth-gate'
import { useSidebar } from './layout/sidebar-provider'
import { useTheme } from './theme-provider'

describe('application root', () => {
  it("shows 'Loading...' while authentication loads", async () => {
    const { actor } = await testAuthActor('loading')
    await renderWithProviders(
      <AuthTestProvider actor={actor}>
        <AuthGate />
      </AuthTestProvider>,
      { withoutMantine: true },
    )
    await expect.element(page.getByRole('status')).toHaveTextContent('Loading...')
  })

  it('shows a failed sign-in on the logged-out screen until dismissed, and Sign in starts a new one', async () => {
    const startLogin = vi.fn(async () => {})
    const actor = createActor(
      authMachine.provide({
        actions: { cleanAddressBar: () => {}, reportError: () => {} },
        actors: {
          handleCallback: fromPromise<Session, { url: string }>(async () => {
            throw new AuthError('state', authMessages.invalidStateOrCode, { code: 'ERR_STATE_PARSE' })
          }),
          startLogin: fromPromise(startLogin),
        },
      }),
      { input: { url: 'http://localhost/?code=x', isCallback: true } },
    ).start()
    await renderWithProviders(
      <AuthTestProvider actor={actor}>
        <AuthGate />
      </AuthTestProvider>,
      { withoutMantine: true },
    )
    const alert = page.getByRole('alert')
    await expect.element(alert).toHaveTextContent('That sign-in link is not valid here')
    await alert.getByRole('button', { name: 'Dismiss' }).click()
    await expect.element(alert).not.toBeInTheDocument()
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    expect(startLogin).toHaveBeenCalledTimes(1)
    await expect.element(page.getByRole('button', { name: 'Sign up' })).toBeDisabled()
  })
})

class CatchError extends Component<{ children: ReactNode }, { message?: string }> {
  state: { message?: string } = {}
  static getDerivedStateFromError(error: Error) {
    return { message: error.message }
  }
  render() {
    return this.state.message ? <p role="alert">{this.state.message}</p> : this.props.children
  }
}

describe('hooks outside their providers', () => {
  it.each([
    ['useAuth', useAuth, 'useAuth must be used inside the AuthProvider of the app shell'],
    ['useTheme', useTheme, 'useTheme must be used inside a ThemeProvider'],
    ['useSidebar', useSidebar, 'useSidebar must be used inside a SidebarProvider'],
    ['useOrganisation', useOrganisation, 'useOrganisation must be used inside an OrganisationProvider'],
  ] as const)('%s raises an error that names its provider', async (_, hook, message) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    function Reader() {
      hook()
      return null
    }
    await renderBare(
      <CatchError>
        <Reader />
      </CatchError>,
    )
    await expect.element(page.getByRole('alert')).toHaveTextContent(message)
    error.mockRestore()
  })
})
