import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { findRepository } from '@/data/repositories'
import { axeViolations } from '@tests/helpers/axe'
import { renderWithProviders } from '@tests/helpers/render'
import { ApiSurfacePanel } from './api-surface-panel'
import { RepositoryDetails, RepositoryDetailsScreen } from './repository-details-screen'

function renderRepository(name: string, query = '', colorScheme: 'light' | 'dark' = 'light') {
  return renderWithProviders(<RepositoryDetailsScreen repoName={name} />, {
    path: `/repository/${name}${query}`,
    colorScheme,
  })
}

const summary = () => page.getByTestId('tab-summary')
const tab = (name: string | RegExp) => page.getByRole('tab', { name })

describe('repository details', () => {
  it('says when no repository has the name', async () => {
    await renderRepository('ghost-repo')
    await expect.element(page.getByRole('heading', { level: 1, name: 'Repository not found' })).toBeVisible()
    await expect.element(page.getByText('The repository "ghost-repo" could not be found.')).toBeVisible()
    await expect.element(page.getByRole('link', { name: 'All Repositories' })).toHaveAttribute('href', '/repositories')
  })

  it('shows name, description, updated time, visibility and languages', async () => {
    await renderRepository('quantum-backend')
    await expect.element(page.getByRole('heading', { level: 1, name: 'quantum-backend' })).toBeVisible()
    await expect.element(page.getByText('Core services for billing, patient records')).toBeVisible()
    await expect.element(page.getByText('Updated 12 hours ago')).toBeVisible()
    await expect.element(page.getByText('Private', { exact: true })).toBeVisible()
    await expect.element(page.getByLabelText('Languages')).toHaveTextContent('PythonSQLShellDockerfile')
  })

  it('has five tabs in order, the violation count in the first, which is active by default', async () => {
    await renderRepository('atlas-storefront')
    await expect.element(tab(/Policy Issues/)).toBeVisible()
    const names = page
      .getByRole('tab')
      .elements()
      .map((element) => element.textContent)
    expect(names).toEqual(['Policy Issues (4)', 'Vulnerabilities', 'API Surface', 'Security Context', 'Source Graph'])
    await expect.element(tab('Policy Issues (4)')).toHaveAttribute('aria-selected', 'true')
    await expect
      .element(summary())
      .toHaveTextContent(findRepository('atlas-storefront')?.tabSummary?.policyIssues as string)
  })

  it('lists the four violations with enforcement badge, rule id, remediation and files', async () => {
    await renderRepository('atlas-storefront')
    const violations = page.getByRole('article')
    await expect.element(violations.nth(3)).toBeVisible()
    expect(violations.elements()).toHaveLength(4)
    const first = violations.nth(0)
    await expect
      .element(first.getByRole('heading', { name: 'State-changing routes lack CSRF protection' }))
      .toBeVisible()
    await expect.element(first).toHaveTextContent('Rule: AUTH-001')
    await expect.element(first).toHaveTextContent('Remediation: Medium (2 weeks)')
    await expect.element(first).toHaveTextContent('src/server/routes/checkout.ts')
    const statuses = violations
      .elements()
      .map((article) => article.querySelector('[data-status]')?.getAttribute('data-status'))
    expect(statuses).toEqual(['Mandatory', 'Mandatory', 'Recommended', 'Optional'])
    const colour = (status: string) =>
      getComputedStyle(document.querySelector(`[data-status="${status}"]`) as Element).backgroundColor
    expect(colour('Mandatory')).toBe('rgb(224, 49, 49)')
    expect(colour('Recommended')).toBe('rgb(252, 196, 25)')
    expect(colour('Optional')).toBe('rgb(73, 80, 87)')
  })

  it('changes the summary with the tab and writes the tab to the address', async () => {
    const { location } = await renderRepository('nexus-api')
    const nexus = findRepository('nexus-api')
    await tab('API Surface').click()
    await expect.element(summary()).toHaveTextContent(nexus?.tabSummary?.apiSurface as string)
    expect(location.history.at(-1)).toBe('/repository/nexus-api?tab=api-surface')
    await tab('Security Context').click()
    await expect.element(summary()).toHaveTextContent(nexus?.tabSummary?.securityContext as string)
    await expect.element(page.getByText('Security Context analysis coming soon')).toBeVisible()
    await tab('Source Graph').click()
    await expect.element(page.getByText('Source Graph visualization coming soon')).toBeVisible()
  })

  it('opens the tab of ?tab= and follows the address', async () => {
    const { location } = await renderRepository('nexus-api', '?tab=vulnerabilities')
    await expect.element(tab('Vulnerabilities')).toHaveAttribute('aria-selected', 'true')
    location.navigate('/repository/nexus-api?tab=api-surface')
    await expect.element(tab('API Surface')).toHaveAttribute('aria-selected', 'true')
  })

  it('shows the first N of the five vulnerabilities, with file:line, CVE and package', async () => {
    await renderRepository('stellar-frontend', '?tab=vulnerabilities')
    await expect.element(page.getByRole('article')).toHaveTextContent('src/utils/merge-config.ts:42')
    await expect.element(page.getByRole('article')).toHaveTextContent('CVE-2019-10744')
    await expect.element(page.getByRole('article')).toHaveTextContent('Package: lodash@4.17.11')
    expect(page.getByRole('article').elements()).toHaveLength(1)
  })

  it('shows all five vulnerabilities for a repository that has five', async () => {
    await renderRepository('nexus-api', '?tab=vulnerabilities')
    await expect.element(page.getByRole('article').nth(4)).toHaveTextContent('CVE-2024-43796')
  })

  it('shows the API surface with method, auth and Yes/No for PII, PCI and PHI, explained by tooltips', async () => {
    await renderRepository('nexus-api', '?tab=api-surface')
    const rows = page.getByRole('row')
    await expect.element(rows.nth(12)).toBeVisible()
    expect(rows.elements()).toHaveLength(13)
    await expect.element(rows.nth(0)).toHaveTextContent('EndpointAuthPII?PCI?PHI?')
    await expect.element(rows.nth(9)).toHaveTextContent('POST/v1/claimsSubmit an insurance claimJWTYesYesYes')
    await expect.element(rows.nth(11)).toHaveTextContent('GET/v1/statusPublic statusNoneNoNoNo')
    await page.getByRole('columnheader', { name: /PHI\?/ }).getByText('PHI?').hover()
    await expect.element(page.getByRole('tooltip')).toHaveTextContent('Protected Health Information')
    await expect.element(page.getByRole('columnheader', { name: /PII\?/ })).toHaveTextContent('PII?')
    await expect.element(page.getByLabelText('PCI? Payment Card Industry Data')).toBeVisible()
  })

  it('says when a repository has no violations or vulnerabilities', async () => {
    await renderRepository('aurora-dashboard')
    await expect.element(tab('Policy Issues (0)')).toBeVisible()
    await expect.element(page.getByText('No policy violations found')).toBeVisible()
    await tab('Vulnerabilities').click()
    await expect.element(page.getByText('No vulnerabilities found')).toBeVisible()
  })

  it('says when a repository has no endpoints', async () => {
    await renderWithProviders(<ApiSurfacePanel endpoints={[]} />)
    await expect.element(page.getByText('No API endpoints found')).toBeVisible()
  })

  it('falls back for an unknown tab, with no tab selected', async () => {
    await renderRepository('nexus-api', '?tab=settings')
    await expect.element(summary()).toHaveTextContent('View details for the nexus-api repository.')
    expect(page.getByRole('tab', { selected: true }).elements()).toHaveLength(0)
  })

  it('says the analysis is being processed when a repository has no summaries', async () => {
    const fresh = {
      ...(findRepository('nexus-api') as NonNullable<ReturnType<typeof findRepository>>),
      tabSummary: undefined,
    }
    await renderWithProviders(<RepositoryDetails repository={fresh} />, { path: '/repository/nexus-api' })
    await expect
      .element(summary())
      .toHaveTextContent('Analysis for the nexus-api repository is currently being processed.')
  })

  it.each(['light', 'dark'] as const)('has no axe-core violations on each tab (%s)', async (scheme) => {
    for (const query of ['', '?tab=vulnerabilities', '?tab=api-surface']) {
      const { screen } = await renderRepository('nexus-api', query, scheme)
      await expect.element(page.getByRole('tabpanel')).toBeVisible()
      expect(await axeViolations()).toEqual([])
      await screen.unmount()
    }
  })
})
