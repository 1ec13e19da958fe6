import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { AuthTestProvider, testAuth } from '@tests/helpers/auth'
import { renderWithProviders } from '@tests/helpers/render'
import { deleteTestWorkspacesAfterEach, workspaceWithFiles } from '@tests/helpers/workspace'
import { AppBreadcrumbs } from './layout/app-breadcrumbs'
import { AppRoutes } from './routes'

deleteTestWorkspacesAfterEach()

const sarif = JSON.stringify({
  version: '2.1.0',
  runs: [
    {
      tool: { driver: { name: 'Semgrep', rules: [{ id: 'rule-1' }] } },
      results: [
        {
          ruleId: 'rule-1',
          message: { text: 'Untrusted input reaches a sensitive call' },
          locations: [{ physicalLocation: { artifactLocation: { uri: 'src/a.ts' }, region: { startLine: 3 } } }],
        },
      ],
    },
  ],
})

const hostileNames = ['team%2Fapi', 'web#1', 'what?now', 'a%41b', 'x/y', '\u202Eexe.txt']

async function renderApp(path: string) {
  const workspace = await workspaceWithFiles(
    hostileNames.map((repository) => ({ name: 'semgrep.sarif', text: sarif, repository })),
  )
  return renderWithProviders(
    <AuthTestProvider auth={testAuth('authenticated')}>
      <AppBreadcrumbs />
      <AppRoutes />
    </AuthTestProvider>,
    { path, source: 'workspace', workspace },
  )
}

const breadcrumbPage = () =>
  page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(/./, { exact: false }).last()

describe('repository names in addresses', () => {
  it.each(hostileNames)('%s opens from its own link, shows as text, and the breadcrumb agrees', async (name) => {
    await renderApp('/repositories')
    const link = page.getByRole('link', { name: `Open ${name}`, exact: true })
    await expect.element(link).toHaveAttribute('href', `/repository/${encodeURIComponent(name)}`)
    await link.click()
    await expect.element(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible()
    await expect.element(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(name)
    await expect.element(breadcrumbPage()).toHaveTextContent(name)
  })

  it('decodes a name once: /repository/a%2541b is the repository "a%41b", never "aAb"', async () => {
    await renderApp(`/repository/${encodeURIComponent('a%41b')}`)
    await expect.element(page.getByRole('heading', { level: 1, name: 'a%41b', exact: true })).toBeVisible()
    await expect.element(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('a%41b')
  })

  it('keeps search text such as %41 as typed across a reload (decoded once)', async () => {
    await renderApp(`/repositories?q=${encodeURIComponent('a%41')}`)
    await expect.element(page.getByRole('searchbox', { name: /search/i })).toHaveValue('a%41')
    await expect.element(page.getByRole('link', { name: 'Open a%41b', exact: true })).toBeVisible()
  })
})
