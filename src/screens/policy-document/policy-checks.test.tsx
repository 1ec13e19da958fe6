import { beforeEach, describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { personalKey } from '@/state/personal-settings'
import { POLICY_STORAGE_KEY } from '@/state/stored-policy'
import type { WorkspaceIdentity } from '@/state/workspace'
import { workspaceName } from '@/workspace/store/workspace-names'
import { importFile } from '@/workspace/import/import-file'
import { openWorkspace } from '@/workspace/store/open'
import { axeViolations } from '@tests/helpers/axe'
import { dayAgo, kevCatalogueText } from '@tests/helpers/catalogues'
import { captureDownloads } from '@tests/helpers/downloads'
import { renderWithProviders } from '@tests/helpers/render'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples, workspaceWithFiles } from '@tests/helpers/workspace'
import { PolicyDocumentScreen } from './policy-document-screen'

deleteTestWorkspacesAfterEach()
beforeEach(() => localStorage.clear())

const CHECKED = [
  '---',
  'title: Checked policy',
  '---',
  '## Checks [Mandatory]',
  '- Never render user HTML {cwe: 79} [Mandatory]',
  '- No critical vulnerabilities {severity: critical} [Mandatory]',
  '- Sensitive endpoints need authentication {api: sensitive-endpoints-need-auth} [Mandatory]',
  '- Review third-party scripts [Recommended]',
].join('\n')

const body = () => page.getByRole('region', { name: 'Policy' })
const failing = (rule: string) => body().getByRole('list', { name: `Failing findings of "${rule}":` })

/** The document the person whose workspace this is keeps in this browser. */
const storedFor = async (workspace: WorkspaceIdentity) =>
  localStorage.getItem(personalKey(POLICY_STORAGE_KEY, await workspaceName(workspace.issuer, workspace.subject)))

async function renderChecked(colorScheme: 'light' | 'dark' = 'light') {
  // An older Vigil's document, kept for everyone on the browser: the first person to read it takes it.
  localStorage.setItem(POLICY_STORAGE_KEY, CHECKED)
  const workspace = await workspaceWithExamples()
  const rendered = await renderWithProviders(<PolicyDocumentScreen />, {
    path: '/policy',
    source: 'workspace',
    workspace,
    colorScheme,
  })
  return { ...rendered, workspace }
}

describe('the KEV check on the policy document', () => {
  const KEV_LINE = 'Fix known exploited vulnerabilities by their KEV due date'

  it('fails the repository with an open finding past KEV’s due date, linking to it', async () => {
    localStorage.setItem(POLICY_STORAGE_KEY, `---\ntitle: T\n---\n- ${KEV_LINE} {kev: overdue} [Mandatory]`)
    const workspace = await workspaceWithExamples()
    const database = await openWorkspace(await workspaceName(workspace.issuer, workspace.subject))
    const text = kevCatalogueText([{ cve: 'CVE-2024-45337', dueDate: dayAgo(2) }])
    expect((await importFile(database, { name: 'kev.json', blob: new Blob([text]) }, () => {})).status).toBe(
      'catalogue',
    )
    database.close()
    await renderWithProviders(<PolicyDocumentScreen />, { path: '/policy', source: 'workspace', workspace })
    await expect.element(body().getByText('2 of 3 repositories pass')).toBeVisible()
    await expect
      .element(failing(KEV_LINE).getByRole('link', { name: 'payments-api' }))
      .toHaveAttribute('href', '/repository/payments-api?tab=vulnerabilities&advisories=CVE-2024-45337')
  })

  it('says the KEV catalogue is not imported, rather than passing anything', async () => {
    localStorage.setItem(POLICY_STORAGE_KEY, `---\ntitle: T\n---\n- ${KEV_LINE} {kev: overdue} [Mandatory]`)
    const workspace = await workspaceWithExamples()
    await renderWithProviders(<PolicyDocumentScreen />, { path: '/policy', source: 'workspace', workspace })
    await expect
      .element(body().getByText(/^No repository is checked: CISA's KEV catalogue is not imported\./))
      .toBeVisible()
    expect(
      body()
        .getByRole('list', { name: `Failing findings of "${KEV_LINE}":` })
        .elements(),
    ).toHaveLength(0)
  })
})

describe('policy document checks over the workspace', () => {
  it("shows each checked line's pass rate and links to the failing findings of each failing repository", async () => {
    const { location } = await renderChecked()
    await expect.element(body().getByText('0 of 2 repositories pass')).toBeVisible()
    await expect.element(body().getByText('2 of 3 repositories pass')).toBeVisible()
    await expect
      .element(failing('Never render user HTML'))
      .toHaveTextContent('atlas-web (2 open findings: react-dangerouslysetinnerhtml)')
    await expect
      .element(failing('No critical vulnerabilities').getByRole('link', { name: 'payments-api' }))
      .toHaveAttribute('href', '/repository/payments-api?tab=vulnerabilities&advisories=CVE-2024-45337')
    const xss = failing('Never render user HTML').getByRole('link', { name: 'atlas-web' })
    const href = '/repository/atlas-web?tab=policy-issues&rules=react-dangerouslysetinnerhtml'
    await expect.element(xss).toHaveAttribute('href', href)
    await xss.click()
    await expect.poll(() => location.history?.at(-1)).toBe(href)
    await expect
      .element(failing('Sensitive endpoints need authentication'))
      .toHaveTextContent('payments-api (1 endpoint without authentication)')
  })

  it('adds a check to a line, which the pass rate, the stored document and the download follow', async () => {
    const { workspace } = await renderChecked()
    await body().getByRole('button', { name: 'Add check to "Review third-party scripts"' }).click()
    const input = body().getByRole('textbox', { name: 'Check of "Review third-party scripts"' })
    await userEvent.fill(input, 'rules: js/xss')
    await userEvent.keyboard('{Enter}')
    await expect.element(input).toHaveAttribute('aria-invalid', 'true')
    await expect.element(input).toHaveAccessibleDescription(/Write the check as one group in braces/)
    await userEvent.fill(input, '{rules: react-dangerouslysetinnerhtml}')
    await userEvent.keyboard('{Enter}')
    await expect.element(body().getByText('0 of 1 repository pass')).toBeVisible()
    expect(await storedFor(workspace)).toContain(
      '- Review third-party scripts {rules: react-dangerouslysetinnerhtml} [Recommended]',
    )
    const capture = captureDownloads()
    await page.getByRole('button', { name: 'Download' }).click()
    expect(await capture.downloads[0].blob.text()).toContain('{rules: react-dangerouslysetinnerhtml} [Recommended]')
    capture.restore()
  })

  it('removes a check when it is saved empty, and says what a check cannot use', async () => {
    localStorage.setItem(POLICY_STORAGE_KEY, '---\ntitle: T\n---\n- Old rule {cwe: x; colour: red} [Mandatory]')
    const workspace = await workspaceWithFiles([])
    await renderWithProviders(<PolicyDocumentScreen />, { path: '/policy', workspace })
    await expect
      .element(body().getByRole('list', { name: 'What the check of "Old rule" cannot use' }))
      .toHaveTextContent('"x" is not a CWE id: write its number, such as {cwe: 79}.')
    await expect
      .element(body().getByText(/Pass rates come from imported scans/))
      .toHaveTextContent(
        'Pass rates come from imported scans: choose your workspace as the data source to check this line.',
      )
    await body().getByRole('button', { name: 'Edit the check of "Old rule"' }).click()
    await userEvent.clear(body().getByRole('textbox', { name: 'Check of "Old rule"' }))
    await userEvent.keyboard('{Enter}')
    expect(await storedFor(workspace)).toBe('---\ntitle: T\n---\n- Old rule [Mandatory]')
    await expect.element(body().getByRole('button', { name: 'Add check to "Old rule"' })).toBeVisible()
  })

  it.each(['light', 'dark'] as const)('has no axe-core violations with pass rates (%s)', async (scheme) => {
    await renderChecked(scheme)
    await expect.element(body().getByText('2 of 3 repositories pass')).toBeVisible()
    expect(await axeViolations()).toEqual([])
  })
})
