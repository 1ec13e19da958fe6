import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { renderWithProviders } from '@tests/helpers/render'
import { grypeScannedAgo } from '@tests/helpers/scanned-ago'
import { deleteTestWorkspacesAfterEach, workspaceWithFiles } from '@tests/helpers/workspace'
import { samplePolicyDocument } from '@/data/sample-policy'
import { personalKey } from '@/state/personal-settings'
import { POLICY_STORAGE_KEY } from '@/state/stored-policy'
import { workspaceName } from '@/workspace/store/workspace-names'
import { RepositoryDetailsScreen } from './repository-details-screen'

deleteTestWorkspacesAfterEach()

const workspace = () =>
  workspaceWithFiles([
    { name: 'billing/grype.json', text: grypeScannedAgo(30, 'CVE-2021-44228'), repository: 'billing' },
  ])

describe('due dates on a repository page', () => {
  it('shows a vulnerability’s first-seen date, age and when it was due', async () => {
    const identity = await workspace()
    await renderWithProviders(<RepositoryDetailsScreen repoName="billing" />, {
      path: '/repository/billing?tab=vulnerabilities',
      source: 'workspace',
      workspace: identity,
    })
    const card = page.getByRole('article', { name: /CVE-2021-44228/ })
    await expect.element(card).toHaveTextContent(/First seen \d{4}-\d\d-\d\d, 30 days old\. Overdue since/)
  })

  it('counts the days to fix the person’s policy document sets in its front matter', async () => {
    const identity = await workspace()
    const person = await workspaceName(identity.issuer, identity.subject)
    const document = samplePolicyDocument.replace(
      'enforcementDefault: Recommended',
      'enforcementDefault: Recommended\nsla:\n  critical: 60',
    )
    expect(document).toContain('critical: 60')
    localStorage.setItem(personalKey(POLICY_STORAGE_KEY, person), document)
    try {
      await renderWithProviders(<RepositoryDetailsScreen repoName="billing" />, {
        path: '/repository/billing?tab=vulnerabilities',
        source: 'workspace',
        workspace: identity,
      })
      const card = page.getByRole('article', { name: /CVE-2021-44228/ })
      await expect
        .element(card)
        .toHaveTextContent(/First seen \d{4}-\d\d-\d\d, 30 days old\. Due \d{4}-\d\d-\d\d \(in (29|30) days\)/)
    } finally {
      localStorage.removeItem(personalKey(POLICY_STORAGE_KEY, person))
    }
  })

  it('filters the vulnerabilities by due date: overdue, or due within 7 days', async () => {
    const identity = await workspaceWithFiles([
      { name: 'billing/grype.json', text: grypeScannedAgo(30, 'CVE-2021-44228'), repository: 'billing' },
      { name: 'billing/image/grype.json', text: grypeScannedAgo(2, 'CVE-2022-22965'), repository: 'billing' },
    ])
    await renderWithProviders(<RepositoryDetailsScreen repoName="billing" />, {
      path: '/repository/billing?tab=vulnerabilities',
      source: 'workspace',
      workspace: identity,
    })
    const old = page.getByRole('article', { name: /CVE-2021-44228/ })
    const recent = page.getByRole('article', { name: /CVE-2022-22965/ })
    await expect.element(old).toBeVisible()
    await expect.element(recent).toBeVisible()
    await page.getByRole('combobox', { name: 'Due' }).click()
    await page.getByRole('option', { name: 'Overdue' }).click()
    await expect.element(page.getByText('1 of 2 vulnerabilities')).toBeVisible()
    await expect.element(old).toBeVisible()
    await expect.element(recent).not.toBeInTheDocument()
    await page.getByRole('combobox', { name: 'Due' }).click()
    await page.getByRole('option', { name: 'Due within 7 days' }).click()
    await expect.element(recent).toBeVisible()
    await expect.element(old).not.toBeInTheDocument()
  })
})
