import { beforeEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { POLICY_STORAGE_KEY } from '@/state/stored-policy'
import { axeViolations } from '@tests/helpers/axe'
import { renderWithProviders } from '@tests/helpers/render'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples } from '@tests/helpers/workspace'
import { RepositoryDetailsScreen } from './repository-details-screen'

deleteTestWorkspacesAfterEach()
beforeEach(() => localStorage.clear())

const RULE = 'Sensitive endpoints need authentication'

async function renderRepository(name: string, colorScheme: 'light' | 'dark' = 'light') {
  localStorage.setItem(
    POLICY_STORAGE_KEY,
    `---\ntitle: T\n---\n- ${RULE} {api: sensitive-endpoints-need-auth} [Mandatory]`,
  )
  const workspace = await workspaceWithExamples()
  return renderWithProviders(<RepositoryDetailsScreen repoName={name} />, {
    path: `/repository/${name}`,
    source: 'workspace',
    workspace,
    colorScheme,
  })
}

describe('policy issues raised by the policy’s API check', () => {
  it('lists each sensitive endpoint without authentication as a policy issue naming the rule line', async () => {
    await renderRepository('payments-api')
    const issue = page.getByRole('article', { name: RULE })
    await expect
      .element(issue)
      .toHaveTextContent(
        'POST /v1/receipts/{chargeId}/resend handles PII data with no authentication, which the policy rule "Sensitive endpoints need authentication" forbids',
      )
    await expect.element(issue).toHaveTextContent('Mandatory')
    await expect
      .element(issue.getByRole('link', { name: `"${RULE}" of the policy` }))
      .toHaveAttribute('href', '/policy')
    await expect.element(page.getByRole('heading', { name: 'From the scanners' })).toBeVisible()
    await expect.element(page.getByRole('article', { name: "Image user should not be 'root'" })).toBeVisible()
  })

  it('raises none on sample data, whose policy issues are its own', async () => {
    localStorage.setItem(
      POLICY_STORAGE_KEY,
      `---\ntitle: T\n---\n- ${RULE} {api: sensitive-endpoints-need-auth} [Mandatory]`,
    )
    await renderWithProviders(<RepositoryDetailsScreen repoName="nexus-api" />, { path: '/repository/nexus-api' })
    await expect.element(page.getByText('No policy violations found')).toBeVisible()
    expect(page.getByRole('article', { name: RULE }).elements()).toHaveLength(0)
  })

  it("shows only the failing findings a policy line's link names, and all of them one link away", async () => {
    localStorage.setItem(POLICY_STORAGE_KEY, '---\ntitle: T\n---\n- No XSS {cwe: 79} [Mandatory]')
    const workspace = await workspaceWithExamples()
    await renderWithProviders(<RepositoryDetailsScreen repoName="atlas-web" />, {
      path: '/repository/atlas-web?tab=policy-issues&rules=react-dangerouslysetinnerhtml',
      source: 'workspace',
      workspace,
    })
    const notice = page.getByRole('status').filter({ hasText: 'Showing' })
    await expect
      .element(notice)
      .toHaveTextContent("Showing 1 of 3 rules that fail the policy's check: react-dangerouslysetinnerhtml.")
    await expect
      .element(page.getByRole('article', { name: 'HTML set from user input without sanitising' }))
      .toBeVisible()
    expect(page.getByRole('article').elements()).toHaveLength(1)
    await expect
      .element(notice.getByRole('link', { name: 'Show all policy issues' }))
      .toHaveAttribute('href', '/repository/atlas-web?tab=policy-issues')
  })

  it('shows only the vulnerabilities of the advisories a link names', async () => {
    const workspace = await workspaceWithExamples()
    await renderWithProviders(<RepositoryDetailsScreen repoName="payments-api" />, {
      path: '/repository/payments-api?tab=vulnerabilities&advisories=CVE-2024-45337',
      source: 'workspace',
      workspace,
    })
    const notice = page.getByRole('status').filter({ hasText: 'Showing' })
    await expect
      .element(notice)
      .toHaveTextContent(/^Showing 1 of \d+ vulnerabilities that fail the policy's check: CVE-2024-45337\./)
    await expect.element(page.getByRole('article')).toHaveTextContent('CVE-2024-45337')
    await expect
      .element(notice.getByRole('link', { name: 'Show all vulnerabilities' }))
      .toHaveAttribute('href', '/repository/payments-api?tab=vulnerabilities')
  })

  it.each(['light', 'dark'] as const)('has no axe-core violations (%s)', async (scheme) => {
    await renderRepository('payments-api', scheme)
    await expect.element(page.getByRole('article', { name: RULE })).toBeVisible()
    expect(await axeViolations()).toEqual([])
  })

  it.each(['light', 'dark'] as const)(
    'has no axe-core violations with a failing-findings filter (%s)',
    async (scheme) => {
      const workspace = await workspaceWithExamples()
      await renderWithProviders(<RepositoryDetailsScreen repoName="atlas-web" />, {
        path: '/repository/atlas-web?tab=policy-issues&rules=react-dangerouslysetinnerhtml',
        source: 'workspace',
        workspace,
        colorScheme: scheme,
      })
      await expect.element(page.getByRole('status').filter({ hasText: 'Showing' })).toBeVisible()
      expect(await axeViolations()).toEqual([])
    },
  )
})
