import { Component, type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import { fromPromise } from 'xstate'
import { useAuth } from '@/state/auth'
import { useDataSource } from '@/state/data-source'
import type { Session } from '@/auth/client'
import { AuthError, authMessages } from '@/auth/errors'
import { authMachine } from '@/machines/auth.machine'
import { AuthTestProvider, testAuth } from '@tests/helpers/auth'
import { render as renderBare } from 'vitest-browser-react'
import { renderWithProviders } from '@tests/helpers/render'
import { AuthGate } from './auth-gate'
import { useSidebar } from '@/state/sidebar'
import { useTheme } from '@/state/theme'

describe('application root', () => {
  it("shows 'Loading...' while authentication loads", async () => {
    const auth = testAuth('loading')
    await renderWithProviders(
      <AuthTestProvider auth={auth}>
        <AuthGate />
      </AuthTestProvider>,
      { withoutMantine: true },
    )
    await expect.element(page.getByRole('status')).toHaveTextContent('Loading...')
  })

  it('shows a failed sign-in on the logged-out screen until dismissed, and Sign in starts a new one', async () => {
    const startLogin = vi.fn(async () => {})
    const auth = {
      logic: authMachine.provide({
        actions: { cleanAddressBar: () => {}, reportError: () => {} },
        actors: {
          handleCallback: fromPromise<Session, { url: string }>(async () => {
            throw new AuthError('state', authMessages.invalidStateOrCode, { code: 'ERR_STATE_PARSE' })
          }),
          startLogin: fromPromise(startLogin),
        },
      }),
      input: { url: 'http://localhost/?code=x', isCallback: true },
    }
    await renderWithProviders(
      <AuthTestProvider auth={auth}>
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

  it('runs its logged-out task while the logged-out screen shows, and ends it when sign-in starts', async () => {
    const ended = vi.fn()
    const whileLoggedOut = vi.fn(() => ended)
    const running = () => whileLoggedOut.mock.calls.length - ended.mock.calls.length
    await renderWithProviders(
      <AuthTestProvider auth={testAuth('unauthenticated')}>
        <AuthGate whileLoggedOut={whileLoggedOut} />
      </AuthTestProvider>,
      { withoutMantine: true },
    )
    await expect.element(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled()
    expect(running()).toBe(1)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect.poll(running).toBe(0)
    expect(ended).toHaveBeenCalled()
  })

  it('does not run its logged-out task while the sign-in loads', async () => {
    const whileLoggedOut = vi.fn()
    await renderWithProviders(
      <AuthTestProvider auth={testAuth('loading')}>
        <AuthGate whileLoggedOut={whileLoggedOut} />
      </AuthTestProvider>,
      { withoutMantine: true },
    )
    await expect.element(page.getByRole('status')).toHaveTextContent('Loading...')
    expect(whileLoggedOut).not.toHaveBeenCalled()
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
    ['useAuth', useAuth, 'You used a hook from "AuthProvider" but it\'s not inside a <AuthProvider> component.'],
    ['useTheme', useTheme, 'You used a hook from "ThemeProvider" but it\'s not inside a <ThemeProvider> component.'],
    [
      'useSidebar',
      useSidebar,
      'You used a hook from "SidebarProvider" but it\'s not inside a <SidebarProvider> component.',
    ],
    ['useDataSource', useDataSource, 'useDataSource must be used inside an DataSourceProvider'],
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
