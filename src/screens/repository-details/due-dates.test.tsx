import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { renderWithProviders } from '@tests/helpers/render'
import { grypeScannedAgo } from '@tests/helpers/scanned-ago'
import { deleteTestWorkspacesAfterEach, workspaceWithFiles } from '@tests/helpers/workspace'
import { samplePolicyDocument } from '@/data/sample-policy'
import { personalKey } from '@/state/personal-settings'
import { POLICY_STORAGE_KEY } from '@/state/stored-policy'
import { workspaceName } from '@/workspace/store/schema'
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
})
