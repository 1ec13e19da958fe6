import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { renderWithProviders } from '@tests/helpers/render'
import { logOf } from '@tests/helpers/triage'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples } from '@tests/helpers/workspace'
import { recordDecisionEntries } from '@/workspace/store/decisions'
import { openWorkspace } from '@/workspace/store/open'
import { workspaceName } from '@/workspace/store/workspace-names'
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

  it('counts what needs triage in each repository, and a decision takes its finding off the count', async () => {
    const workspace = await workspaceWithExamples()
    const database = await openWorkspace(await workspaceName(workspace.issuer, workspace.subject))
    await recordDecisionEntries(
      database,
      logOf([
        {
          state: 'not-affected',
          justification: 'vulnerable_code_not_in_execute_path',
          reason: 'The SSH server is not used',
          scope: { kind: 'advisory', repository: 'payments-api', advisoryId: 'CVE-2024-45337' },
        },
      ]),
    )
    database.close()
    await renderWithProviders(<RepositoriesScreen />, { path: '/repositories', source: 'workspace', workspace })
    const header = page.getByRole('columnheader', { name: 'Needs triage' })
    await expect.element(header).toBeVisible()
    const column = [...header.element().parentElement!.children].indexOf(header.element())
    const needsTriage = (name: string) => page.getByRole('row', { name }).getByRole('cell').nth(column)
    // payments-api: 2 policy issues and 3 vulnerabilities, one of them decided not affected.
    await expect.element(needsTriage('payments-api')).toHaveTextContent(/^4$/)
    await expect
      .element(page.getByRole('row', { name: 'payments-api' }).getByLabelText('2 vulnerabilities'))
      .toBeVisible()
  })

  it('says an empty workspace is empty, with the way to import', async () => {
    const workspace = await workspaceWithExamples([])
    await renderWithProviders(<RepositoriesScreen />, { path: '/repositories', source: 'workspace', workspace })
    await expect.element(page.getByText('Your workspace is empty')).toBeVisible()
    await page.getByRole('button', { name: 'Import scan files' }).click()
    await expect.element(page.getByRole('dialog', { name: 'Import scan files' })).toBeVisible()
  })
})
