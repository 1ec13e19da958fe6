import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { ThemeProvider } from '@/state/theme'
import { MantineFollowingTheme } from '@/state/theme-mantine'
import { AuthTestProvider, testAuth } from '@tests/helpers/auth'
import { renderWithProviders } from '@tests/helpers/render'
import { NavUser } from './nav-user'

async function renderNavUser(state: 'loading' | 'unauthenticated') {
  const auth = testAuth(state)
  return renderWithProviders(
    <AuthTestProvider auth={auth}>
      <ThemeProvider defaultTheme="light">
        <MantineFollowingTheme>
          <div data-testid="footer">
            <NavUser />
          </div>
        </MantineFollowingTheme>
      </ThemeProvider>
    </AuthTestProvider>,
    { withoutMantine: true },
  )
}

describe('user menu states', () => {
  it("shows 'Loading...' while authentication loads", async () => {
    await renderNavUser('loading')
    await expect.element(page.getByTestId('footer')).toHaveTextContent('Loading...')
  })

  it('shows nothing when the user is not authenticated', async () => {
    await renderNavUser('unauthenticated')
    await expect.element(page.getByTestId('footer')).toBeEmptyDOMElement()
  })
})
