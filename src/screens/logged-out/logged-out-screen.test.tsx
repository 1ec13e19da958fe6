import { describe, expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import { axeViolations } from '@tests/helpers/axe'
import { renderWithProviders } from '@tests/helpers/render'
import type { ReactNode } from 'react'
import { ThemeProvider } from '@/state/theme'
import { LoggedOutScreen } from './logged-out-screen'

/** As the app draws it: in the theme's colour scheme, with no Mantine provider around it. */
function renderScreen(screen: ReactNode, { colorScheme = 'light' }: { colorScheme?: 'light' | 'dark' } = {}) {
  return renderWithProviders(<ThemeProvider defaultTheme={colorScheme}>{screen}</ThemeProvider>, {
    withoutMantine: true,
  })
}

describe('logged-out screen', () => {
  it('has a header with the title and Sign in / Sign up buttons that start login and registration', async () => {
    const onSignIn = vi.fn()
    const onSignUp = vi.fn()
    await renderScreen(<LoggedOutScreen onSignIn={onSignIn} onSignUp={onSignUp} />)
    await expect.element(page.getByRole('banner')).toHaveTextContent('Vigil')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('button', { name: 'Sign up' }).click()
    expect(onSignIn).toHaveBeenCalledTimes(1)
    expect(onSignUp).toHaveBeenCalledTimes(1)
    await expect.element(page.getByRole('alert')).not.toBeInTheDocument()
  })

  it('shows a sign-in problem in readable words with a way to try again', async () => {
    const onSignIn = vi.fn()
    await renderScreen(
      <LoggedOutScreen
        onSignIn={onSignIn}
        onSignUp={() => {}}
        problem={{
          title: 'Your session has ended',
          message: 'For your security you were signed out. Please sign in again.',
        }}
      />,
    )
    const alert = page.getByRole('alert')
    await expect.element(alert).toHaveTextContent('Your session has ended')
    await expect.element(alert).toHaveTextContent('For your security you were signed out.')
    await alert.getByRole('button', { name: 'Try signing in again' }).click()
    expect(onSignIn).toHaveBeenCalledTimes(1)
  })

  it('closes the problem message on request', async () => {
    const onDismissProblem = vi.fn()
    await renderScreen(
      <LoggedOutScreen
        onSignIn={() => {}}
        onSignUp={() => {}}
        onDismissProblem={onDismissProblem}
        problem={{ title: 'Your session has ended', message: 'Please sign in again.' }}
      />,
    )
    await page.getByRole('alert').getByRole('button', { name: 'Dismiss' }).click()
    expect(onDismissProblem).toHaveBeenCalledTimes(1)
  })

  it('disables the buttons while the redirect to the provider is under way', async () => {
    await renderScreen(<LoggedOutScreen onSignIn={() => {}} onSignUp={() => {}} busy />)
    await expect.element(page.getByRole('button', { name: 'Sign in' })).toBeDisabled()
    await expect.element(page.getByRole('button', { name: 'Sign up' })).toBeDisabled()
  })

  it.each(['light', 'dark'] as const)('has no axe-core violations (%s)', async (colorScheme) => {
    await renderScreen(<LoggedOutScreen onSignIn={() => {}} onSignUp={() => {}} />, { colorScheme })
    await expect.element(page.getByRole('heading', { level: 1 })).toHaveTextContent('Application security')
    expect(page.getByRole('listitem').all()).toHaveLength(3)
    expect(await axeViolations()).toEqual([])
  })

  it.each(['light', 'dark'] as const)('has no axe-core violations with a problem, busy (%s)', async (colorScheme) => {
    const problem = { title: 'Your session has ended', message: 'Please sign in again.' }
    await renderScreen(
      <LoggedOutScreen onSignIn={() => {}} onSignUp={() => {}} onDismissProblem={() => {}} problem={problem} busy />,
      { colorScheme },
    )
    await expect.element(page.getByRole('alert')).toBeVisible()
    expect(await axeViolations()).toEqual([])
  })
})
