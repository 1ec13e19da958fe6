import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { AuthTestProvider, testAuth } from '@tests/helpers/auth'
import { startMockWorkerForTests, worker } from '@tests/helpers/msw-browser'
import { renderWithProviders } from '@tests/helpers/render'
import { logOf } from '@tests/helpers/triage'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples } from '@tests/helpers/workspace'
import { recordDecisionEntries } from '@/workspace/store/decisions'
import { openWorkspace } from '@/workspace/store/open'
import { workspaceName } from '@/workspace/store/workspace-names'
import { DashboardScreen } from './dashboard-screen'

startMockWorkerForTests()
deleteTestWorkspacesAfterEach()

describe('dashboard on workspace data', () => {
  it('counts the imported findings by severity (Unknown shown when there are some) and ranks by risk', async () => {
    worker.use(
      http.get('*/api/ping/', () => HttpResponse.json({ current_time: '2026-11-21T10:30:00Z', user_id: 'kp_1' })),
    )
    const workspace = await workspaceWithExamples()
    await renderWithProviders(
      <AuthTestProvider auth={testAuth('authenticated')}>
        <DashboardScreen />
      </AuthTestProvider>,
      { source: 'workspace', workspace },
    )
    const vulnerabilities = page.getByRole('region', { name: 'Open vulnerabilities' })
    // npm audit 2 + OSV 2 + CycloneDX 1 (1 closed by VEX) + Trivy and Grype 3 (one advisory reported by both).
    await expect.element(vulnerabilities).toHaveTextContent(/^Open vulnerabilities8Critical1High4Medium2Low0Unknown1$/)
    const violations = page.getByRole('region', { name: 'Policy violations' })
    // health-records holds dependency scans and an API description: no code scanner reported on it.
    await expect
      .element(violations)
      .toHaveTextContent(
        /^Policy violations6Mandatory3Recommended1Optional21 repository not scanned for policy issues yet$/,
      )
    const risk = page.getByRole('region', { name: 'Repositories by risk' })
    await expect.element(risk.getByRole('row').nth(1)).toHaveTextContent(/^1payments-api/)
    const health = risk.getByRole('row').filter({ hasText: 'health-records' })
    await expect.element(health.getByLabelText('Not scanned for policy issues')).toHaveTextContent('Not scanned')
    await expect.element(health.getByLabelText('3 vulnerabilities')).toBeVisible()
    // Sensitive endpoints from the imported API descriptions: 4 in each example repository.
    for (const name of ['payments-api', 'atlas-web', 'health-records']) {
      await expect.element(risk.getByRole('row').filter({ hasText: name })).toHaveTextContent(/4$/)
    }
    await expect
      .element(page.getByRole('region', { name: 'Database ping via the identity provider' }))
      .toHaveTextContent('User ID: kp_1')
    // Nothing decided yet: every open finding needs triage.
    await expect.element(page.getByRole('region', { name: 'Needs triage' })).toHaveTextContent(/^Needs triage14/)
  })

  it('counts what needs triage once decisions are weighed, with the way to those vulnerabilities', async () => {
    worker.use(http.get('*/api/ping/', () => HttpResponse.json({ current_time: null, user_id: null })))
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
    await renderWithProviders(
      <AuthTestProvider auth={testAuth('authenticated')}>
        <DashboardScreen />
      </AuthTestProvider>,
      { source: 'workspace', workspace },
    )
    const tile = page.getByRole('region', { name: 'Needs triage' })
    await expect.element(tile).toHaveTextContent(/^Needs triage13/)
    await expect
      .element(tile.getByRole('link', { name: 'Show the vulnerabilities that need triage' }))
      .toHaveAttribute('href', '/vulnerabilities?state=needs-triage')
  })
})
