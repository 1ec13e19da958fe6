import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { renderWithProviders } from '@tests/helpers/render'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples } from '@tests/helpers/workspace'
import { RepositoriesScreen } from './repositories-screen'

deleteTestWorkspacesAfterEach()

describe('repositories on workspace data', () => {
  it('lists the imported repositories with languages from their files, counts and the scan time', async () => {
    const workspace = await workspaceWithExamples()
    await renderWithProviders(<RepositoriesScreen />, { path: '/repositories', source: 'workspace', workspace })
    await expect.element(page.getByText('Showing 3 of 3 repositories')).toBeVisible()
    const payments = page.getByRole('row', { name: 'payments-api' })
    await expect.element(payments).toHaveTextContent('Go')
    await expect.element(payments.getByLabelText('2 policy issues')).toBeVisible()
    // Trivy and Grype both report CVE-2024-45337 in golang.org/x/crypto@v0.21.0: counted once.
    await expect.element(payments.getByLabelText('3 vulnerabilities')).toHaveAttribute('data-level', 'danger')
    const health = page.getByRole('row', { name: 'health-records' })
    await expect.element(health).toHaveTextContent('Python')
    await expect.element(health.getByLabelText('3 vulnerabilities')).toBeVisible()
  })

  it('says an empty workspace is empty, with the way to import', async () => {
    const workspace = await workspaceWithExamples([])
    await renderWithProviders(<RepositoriesScreen />, { path: '/repositories', source: 'workspace', workspace })
    await expect.element(page.getByText('Your workspace is empty')).toBeVisible()
    await page.getByRole('button', { name: 'Import scan files' }).click()
    await expect.element(page.getByRole('dialog', { name: 'Import scan files' })).toBeVisible()
  })
})
