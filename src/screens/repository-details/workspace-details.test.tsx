import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { axeViolations } from '@tests/helpers/axe'
import { renderWithProviders } from '@tests/helpers/render'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples } from '@tests/helpers/workspace'
import { RepositoryDetailsScreen } from './repository-details-screen'

deleteTestWorkspacesAfterEach()

async function renderImported(name: string, query = '', colorScheme: 'light' | 'dark' = 'light') {
  const workspace = await workspaceWithExamples()
  return renderWithProviders(<RepositoryDetailsScreen repoName={name} />, {
    path: `/repository/${name}${query}`,
    organisation: 'workspace',
    workspace,
    colorScheme,
  })
}

const tab = (name: string | RegExp) => page.getByRole('tab', { name })

describe('repository details on workspace data', () => {
  it('groups policy issues by rule with every file:line, the help link and CWE', async () => {
    await renderImported('atlas-web')
    await expect.element(page.getByRole('heading', { level: 1, name: 'atlas-web' })).toBeVisible()
    await expect.element(tab('Policy Issues (4)')).toBeVisible()
    await expect
      .element(page.getByTestId('tab-summary'))
      .toHaveTextContent('4 policy issues, 2 of them mandatory, from Semgrep, npm audit.')
    const xss = page.getByRole('article', { name: 'HTML set from user input without sanitising' })
    await expect.element(xss).toHaveTextContent('Mandatory')
    await expect.element(xss).toHaveTextContent('src/components/ProductReview.tsx:42')
    await expect.element(xss).toHaveTextContent('src/components/PromoBanner.tsx:18')
    await expect.element(xss).toHaveTextContent('review.body is rendered as HTML in ProductReview')
    await expect.element(xss).toHaveTextContent('CWE-79')
    await expect.element(xss).toHaveTextContent('Found by Semgrep')
    await expect
      .element(xss.getByRole('link', { name: 'How to fix react-dangerouslysetinnerhtml' }))
      .toHaveAttribute('href', 'https://owasp.org/www-community/attacks/xss/')
    await expect
      .element(page.getByRole('article', { name: 'Personal data written to the console' }))
      .toHaveTextContent('Optional')
  })

  it('lists vulnerabilities most severe first, with package@version, fix, aliases, CVSS, EPSS and Unknown severity', async () => {
    await renderImported('payments-api', '?tab=vulnerabilities')
    await expect
      .element(page.getByTestId('tab-summary'))
      .toHaveTextContent('3 vulnerabilities: 1 critical, 1 high, 0 medium, 0 low, 1 of unknown severity.')
    const articles = page.getByRole('article')
    await expect.element(articles.first()).toHaveTextContent('Critical')
    const crypto = page.getByRole('article').filter({ hasText: 'Grype' }).first()
    await expect.element(crypto).toHaveTextContent('CVE-2024-45337')
    await expect.element(crypto).toHaveTextContent('golang.org/x/crypto@v0.21.0')
    await expect.element(crypto).toHaveTextContent('Fixed in: 0.31.0')
    await expect.element(crypto).toHaveTextContent('Also known as GHSA-v778-237x-gjrc')
    await expect.element(crypto).toHaveTextContent('CVSS 3.1 score 9.1')
    await expect.element(crypto).toHaveTextContent('EPSS 41.0%')
    await expect.element(page.getByRole('article').filter({ hasText: 'CVE-2025-22871' })).toHaveTextContent('Unknown')
  })

  it.each(['light', 'dark'] as const)('has no axe-core violations (%s)', async (scheme) => {
    await renderImported('payments-api', '?tab=vulnerabilities', scheme)
    await expect.element(page.getByRole('article').first()).toBeVisible()
    expect(await axeViolations()).toEqual([])
  })
})
