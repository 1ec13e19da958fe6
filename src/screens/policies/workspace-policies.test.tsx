import { beforeEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { POLICY_STORAGE_KEY } from '@/state/stored-policy'
import { axeViolations } from '@tests/helpers/axe'
import { dayAgo, kevCatalogueText } from '@tests/helpers/catalogues'
import { renderWithProviders } from '@tests/helpers/render'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples } from '@tests/helpers/workspace'
import { importFile } from '@/workspace/import/import-file'
import { openWorkspace } from '@/workspace/store/open'
import { workspaceName } from '@/workspace/store/workspace-names'
import { PoliciesScreen } from './policies-screen'
import { NO_APP_TYPES } from './policy-figures'

deleteTestWorkspacesAfterEach()
beforeEach(() => localStorage.clear())

const section = (name: string) => page.getByRole('region', { name })

async function renderWorkspace(colorScheme: 'light' | 'dark' = 'light') {
  localStorage.setItem(
    POLICY_STORAGE_KEY,
    '---\ntitle: T\n---\n- No critical vulnerabilities {severity: critical} [Mandatory]\n- No XSS {cwe: 79} [Mandatory]',
  )
  const workspace = await workspaceWithExamples()
  return renderWithProviders(<PoliciesScreen />, { path: '/policies', source: 'workspace', workspace, colorScheme })
}

/**
 * The example scans with a KEV line, and, when asked, a KEV catalogue: CVE-2024-45337 (Grype's and
 * Trivy's, in payments-api) due two days ago, CVE-2024-27351 (health-records) due in a month.
 */
async function renderKev(withCatalogue: boolean) {
  localStorage.setItem(
    POLICY_STORAGE_KEY,
    '---\ntitle: T\n---\n- Fix KEV findings by their due date {kev: overdue} [Mandatory]',
  )
  const workspace = await workspaceWithExamples()
  if (withCatalogue) {
    const database = await openWorkspace(await workspaceName(workspace.issuer, workspace.subject))
    const text = kevCatalogueText([
      { cve: 'CVE-2024-45337', dueDate: dayAgo(2) },
      { cve: 'CVE-2024-27351', dueDate: dayAgo(-30) },
    ])
    const outcome = await importFile(database, { name: 'kev.json', blob: new Blob([text]) }, () => {})
    expect(outcome.status).toBe('catalogue')
    database.close()
  }
  return renderWithProviders(<PoliciesScreen />, { path: '/policies', source: 'workspace', workspace })
}

describe('the KEV line on /policies', () => {
  it('gives its pass rate over the repositories a vulnerability scanner read, with the KEV catalogue held', async () => {
    await renderKev(true)
    const summary = section('From your workspace')
    // Each of the three was scanned by a tool that reports vulnerabilities; payments-api's is past KEV's due date.
    await expect.element(summary).toHaveTextContent('1 checked rule line: 2 of 3 checks of a repository pass (67%).')
    await expect.element(summary).not.toHaveTextContent('KEV')
  })

  it('passes no repository without the KEV catalogue, and says it is not imported', async () => {
    await renderKev(false)
    const summary = section('From your workspace')
    await expect.element(summary).toHaveTextContent('1 checked rule line: 0 of 0 checks of a repository pass (0%).')
    await expect
      .element(summary)
      .toHaveTextContent(
        "A rule line with a KEV check is not checked: CISA's KEV catalogue is not imported (Data > Import scan files..., or the team's feed).",
      )
  })
})

describe('policy homepage on workspace data', () => {
  it('computes the summary and the master policy coverage from the workspace', async () => {
    await renderWorkspace()
    const summary = section('From your workspace')
    await expect.element(summary).toHaveTextContent('3 of 3 repositories scanned at least once (100%).')
    await expect.element(summary).toHaveTextContent('2 checked rule lines: 2 of 5 checks of a repository pass (40%).')
    await expect
      .element(section('Master Policy').getByRole('row').nth(1))
      .toHaveTextContent('Applied100% (3 / 3)View policy')
  })

  it('lists each language with its repositories, coverage, last update and health score with its parts', async () => {
    await renderWorkspace()
    const languages = section('Language-Specific Policies')
    const rows = languages.getByRole('row')
    await expect.element(rows.nth(1)).toBeVisible()
    // Each repository's newest run is its API description's import, a moment ago: recency 1.
    await expect.element(rows.nth(2)).toHaveTextContent(/^Go1100%.*6\.0coverage 100%, recency 1\.00, pass rate 0%$/)
    await expect
      .element(rows.nth(5))
      .toHaveTextContent(/^TypeScript1100%.*8\.0coverage 100%, recency 1\.00, pass rate 50%$/)
    expect(rows.elements()).toHaveLength(6)
    const typescript = languages.getByRole('link', { name: 'TypeScript' })
    await expect.element(typescript).toHaveAttribute('href', '/repositories?language=TypeScript')
    await expect.element(section('App-Type Scoped Policies')).toHaveTextContent(NO_APP_TYPES)
  })

  it.each(['light', 'dark'] as const)('has no axe-core violations (%s)', async (scheme) => {
    await renderWorkspace(scheme)
    await expect.element(section('From your workspace')).toBeVisible()
    expect(await axeViolations()).toEqual([])
  })
})
