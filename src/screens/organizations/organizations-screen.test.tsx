import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { axeViolations } from '@tests/helpers/axe'
import { AuthTestProvider, testAuth } from '@tests/helpers/auth'
import { renderWithProviders } from '@tests/helpers/render'
import { OrganizationsScreen, type OrganizationsSection } from './organizations-screen'

function renderScreen(section: OrganizationsSection = 'overview', colorScheme: 'light' | 'dark' = 'light') {
  const auth = testAuth('authenticated', { given_name: 'Grace', family_name: 'Hopper', email: 'grace@vigil.dev' })
  return renderWithProviders(
    <AuthTestProvider auth={auth}>
      <OrganizationsScreen section={section} />
    </AuthTestProvider>,
    { path: '/organizations', colorScheme },
  )
}

describe('organizations', () => {
  it('shows what the tokens say about the signed-in user: source, roles and permissions', async () => {
    await renderScreen()
    await expect.element(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible()
    const access = page.getByRole('table', { name: 'Your access' })
    await expect
      .element(access.getByRole('row', { name: /Signed in as/ }))
      .toHaveTextContent('Grace Hopper (grace@vigil.dev)')
    await expect.element(access.getByRole('row', { name: /Organisations/ })).toHaveTextContent('org_test')
    await expect.element(access.getByRole('row', { name: /Roles/ })).toHaveTextContent('auditor')
    await expect.element(access.getByRole('row', { name: /Permissions/ })).toHaveTextContent('read:repositories')
    await expect.element(access.getByRole('row', { name: /Feature flags/ })).toHaveTextContent('No feature flags.')
    await expect
      .element(page.getByRole('link', { name: 'Settings' }))
      .toHaveAttribute('href', '/organizations/settings')
  })

  it('says plainly why there is no member directory instead of inventing members', async () => {
    await renderScreen('members')
    await expect.element(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible()
    await expect.element(page.getByText(/Vigil does not list your source’s members/)).toBeVisible()
    await expect.element(page.getByText(/needs a client secret/)).toBeVisible()
    await expect.element(page.getByRole('heading', { name: 'Teams' })).not.toBeInTheDocument()
  })

  it('lists the team switcher’s teams with their plans', async () => {
    await renderScreen('teams')
    for (const [team, plan] of [
      ['Vigil Security', 'Enterprise'],
      ['Northwind Labs', 'Startup'],
      ['Weekend Projects', 'Free'],
    ]) {
      await expect.element(page.getByText(team)).toBeVisible()
      await expect.element(page.getByText(plan, { exact: true })).toBeVisible()
    }
    await expect.element(page.getByRole('table', { name: 'Your access' })).not.toBeInTheDocument()
  })

  it.each(['light', 'dark'] as const)('has no WCAG 2.2 AA violations in the %s theme', async (colorScheme) => {
    await renderScreen('overview', colorScheme)
    await expect.element(page.getByRole('table', { name: 'Your access' })).toBeVisible()
    expect(await axeViolations()).toEqual([])
  })
})
