import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { AuthTestProvider, testAuth } from '@tests/helpers/auth'
import { renderWithProviders } from '@tests/helpers/render'
import { AppRoutes } from './routes'

async function renderRoutes(path: string) {
  const auth = testAuth('authenticated')
  return renderWithProviders(
    <AuthTestProvider auth={auth}>
      <AppRoutes />
    </AuthTestProvider>,
    { path },
  )
}

describe('route table', () => {
  it.each([
    ['/', 'Dashboard'],
    ['/repositories', 'All Repositories'],
    ['/policies', 'Policies'],
    ['/policy', 'React Security Best Practices'],
    ['/vulnerabilities', 'Vulnerabilities'],
    ['/vulnerabilities/critical', 'Critical vulnerabilities'],
    ['/vulnerabilities/low', 'Low vulnerabilities'],
    ['/apis', 'APIs'],
    ['/apis/rest', 'REST endpoints'],
    ['/apis/graphql', 'GraphQL endpoints'],
    ['/apis/webhooks', 'Webhooks and callbacks'],
    ['/apis/documentation', 'API documentation'],
    ['/organizations', 'Organizations'],
    ['/organizations/members', 'Members'],
    ['/organizations/teams', 'Teams'],
  ])('%s shows its screen', async (path, heading) => {
    await renderRoutes(path)
    await expect.element(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  })

  it('opens the data-sources page at /organizations/settings', async () => {
    await renderRoutes('/organizations/settings')
    await expect.element(page.getByRole('heading', { level: 1, name: 'Data sources' })).toBeVisible()
  })

  it('opens repository details for /repository/{repoName} and /repositories/{name}', async () => {
    const { screen } = await renderRoutes('/repository/nexus-api')
    await expect.element(page.getByRole('heading', { level: 1, name: 'nexus-api' })).toBeVisible()
    await screen.unmount()
    await renderRoutes('/repositories/stellar-frontend')
    await expect.element(page.getByRole('heading', { level: 1, name: 'stellar-frontend' })).toBeVisible()
  })

  it.each([
    ['/policies/frontend-vite', 'Policies: Frontend (Vite)'],
    ['/policies/mobile-react-native', 'Policies: Mobile (React Native)'],
  ])('%s names its section and says it is not available yet', async (path, name) => {
    await renderRoutes(path)
    await expect.element(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect.element(page.getByText(`${name} is not available yet.`, { exact: false })).toBeVisible()
    await expect.element(page.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/')
  })

  it('shows a not-found page for an unknown route, with a way home', async () => {
    await renderRoutes('/no/such/page')
    await expect.element(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    await expect.element(page.getByText('/no/such/page')).toBeVisible()
    await expect.element(page.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/')
  })
})
