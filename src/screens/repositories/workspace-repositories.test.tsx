import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { renderWithProviders } from '@tests/helpers/render'
import { logOf } from '@tests/helpers/triage'
import { axeViolations } from '@tests/helpers/axe'
import { grypeScannedAgo } from '@tests/helpers/scanned-ago'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples, workspaceWithFiles } from '@tests/helpers/workspace'
import { recordDecisionEntries } from '@/workspace/store/decisions'
import { openWorkspace } from '@/workspace/store/open'
import { workspaceName } from '@/workspace/store/workspace-names'
import { RepositoriesScreen } from './repositories-screen'

deleteTestWorkspacesAfterEach()

/** A Swagger 2.0 description alone, which says nothing of its repository's visibility. */
const directorySwagger = JSON.stringify({
  swagger: '2.0',
  info: { title: 'Directory', version: '1.0' },
  paths: { '/people': { get: { responses: { 200: { description: 'People' } } } } },
})

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

  it('says what no source told: visibility unknown, and "Not scanned" where no scanner of the kind reported', async () => {
    const workspace = await workspaceWithFiles([
      { name: 'directory/swagger.json', text: directorySwagger, repository: 'directory' },
      { name: 'billing/grype.json', text: grypeScannedAgo(1, 'CVE-2021-44228'), repository: 'billing' },
    ])
    const { location } = await renderWithProviders(<RepositoriesScreen />, {
      path: '/repositories',
      source: 'workspace',
      workspace,
    })
    await expect.element(page.getByText('Showing 2 of 2 repositories')).toBeVisible()
    const directory = page.getByRole('row', { name: 'directory' })
    await expect.element(directory).toHaveTextContent('Visibility unknown')
    // Only the question mark of the three icons a row draws shows.
    const icons = [...directory.element().querySelectorAll('[data-visibility] svg')]
    expect(icons.map((icon) => getComputedStyle(icon).display !== 'none')).toEqual([false, false, true])
    for (const what of ['policy issues', 'vulnerabilities']) {
      const badge = directory.getByLabelText(`Not scanned for ${what}`)
      await expect.element(badge).toHaveTextContent('Not scanned')
      await expect.element(badge).toHaveAttribute('data-level', 'unscanned')
    }
    const billing = page.getByRole('row', { name: 'billing' })
    await expect.element(billing.getByLabelText('Not scanned for policy issues')).toBeVisible()
    await expect.element(billing.getByLabelText('1 vulnerability')).toHaveAttribute('data-level', 'warning')

    // Neither is private, nor public: no file said.
    location.navigate('/repositories?visibility=private')
    await expect.element(page.getByText('Showing 0 of 2 repositories')).toBeVisible()
    location.navigate('/repositories?visibility=public')
    await expect.element(page.getByText('Showing 0 of 2 repositories')).toBeVisible()
  })

  it.each(['light', 'dark'] as const)(
    'has no axe-core violations with repositories no scanner reported on (%s)',
    async (colorScheme) => {
      const workspace = await workspaceWithFiles([
        { name: 'directory/swagger.json', text: directorySwagger, repository: 'directory' },
      ])
      await renderWithProviders(<RepositoriesScreen />, {
        path: '/repositories',
        source: 'workspace',
        workspace,
        colorScheme,
      })
      await expect.element(page.getByLabelText('Not scanned for policy issues')).toBeVisible()
      expect(await axeViolations()).toEqual([])
    },
  )

  it('says an empty workspace is empty, with the way to import', async () => {
    const workspace = await workspaceWithExamples([])
    await renderWithProviders(<RepositoriesScreen />, { path: '/repositories', source: 'workspace', workspace })
    await expect.element(page.getByText('Your workspace is empty')).toBeVisible()
    await page.getByRole('button', { name: 'Import scan files' }).click()
    await expect.element(page.getByRole('dialog', { name: 'Import scan files' })).toBeVisible()
  })
})
