import { describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { axeViolations } from '@tests/helpers/axe'
import { renderWithProviders } from '@tests/helpers/render'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples, workspaceWithFiles } from '@tests/helpers/workspace'
import { personalKey } from '@/state/personal-settings'
import { workspaceName } from '@/workspace/store/workspace-names'
import { DataSourcesScreen } from './data-sources-screen'

deleteTestWorkspacesAfterEach()

/** A new identity with an empty workspace of its own. */
const newIdentity = () => workspaceWithExamples([])

const dialog = () => page.getByRole('dialog', { name: 'Import scan files' })
const status = () => page.getByTestId('workspace-status')

async function importExamples() {
  await page.getByRole('button', { name: 'Import scan files' }).click()
  await dialog().getByRole('button', { name: 'Try with example files' }).click()
  await expect.element(dialog().getByRole('status'), { timeout: 15_000 }).toHaveTextContent('11 of 11files imported')
}

describe('data sources', () => {
  it('imports the example files, reports each, and lists the workspace and its history', async () => {
    await renderWithProviders(<DataSourcesScreen />, { workspace: await newIdentity() })
    await expect.element(status()).toHaveTextContent('0 repositories from 0 imports')
    await importExamples()
    const semgrep = dialog().getByRole('row', { name: 'examples/atlas-web/semgrep.sarif' })
    await expect.element(semgrep).toHaveTextContent('SARIF 2.1.0 into atlas-web')
    await expect.element(semgrep).toHaveTextContent('Semgrep: 4 new, 0 changed, 0 unchanged')
    await expect.element(semgrep).toHaveTextContent('1 suppressed result left out')
    await expect
      .element(dialog().getByRole('row', { name: 'examples/health-records/sbom.cdx.json' }))
      .toHaveTextContent(
        '1 finding closed by VEX (not affected, false positive, resolved, or an unaffected version): kept and marked closed',
      )
    await expect
      .element(dialog().getByRole('row', { name: 'examples/catalogues/known_exploited_vulnerabilities.json' }))
      .toHaveTextContent(
        "CISA's Known Exploited Vulnerabilities catalogue, for the whole workspace: 2 vulnerabilities, version 2026.12.04.",
      )
    await expect
      .element(dialog().getByRole('row', { name: 'examples/catalogues/epss_scores-2026-12-06.csv' }))
      .toHaveTextContent("FIRST's EPSS scores, for the whole workspace: 7 CVE scores, scores of 2026-12-06")
    await dialog().getByRole('button', { name: 'Done' }).click()
    await expect.element(status()).toHaveTextContent('3 repositories from 9 imports')
    const catalogues = page.getByRole('region', { name: 'Exploit intelligence' })
    await expect
      .element(catalogues.getByRole('table', { name: 'Exploit intelligence' }).getByRole('row'))
      .toHaveLength(3)
    await expect.element(catalogues).toHaveTextContent('version 2026.12.04')
    const history = page.getByRole('table', { name: 'Import history' })
    await expect.element(history.getByRole('row')).toHaveLength(10)
    await expect.element(history).toHaveTextContent('payments-api')
  })

  it('imports the same files again as unchanged', async () => {
    await renderWithProviders(<DataSourcesScreen />, { workspace: await newIdentity() })
    await importExamples()
    await dialog().getByRole('button', { name: 'Import more files' }).click()
    await dialog().getByRole('button', { name: 'Try with example files' }).click()
    await expect
      .element(dialog().getByRole('row', { name: 'examples/atlas-web/semgrep.sarif' }), { timeout: 15_000 })
      .toHaveTextContent('Semgrep: 0 new, 0 changed, 4 unchanged')
    await expect
      .element(dialog().getByRole('row', { name: 'examples/catalogues/known_exploited_vulnerabilities.json' }))
      .toHaveTextContent(
        "The workspace holds CISA's Known Exploited Vulnerabilities catalogue, version 2026.12.04, already: nothing changed.",
      )
  })

  it('closed with Escape on its report, opens again ready for new files', async () => {
    await renderWithProviders(<DataSourcesScreen />, { workspace: await newIdentity() })
    await importExamples()
    await userEvent.keyboard('{Escape}')
    await expect.element(dialog()).not.toBeInTheDocument()
    await expect.element(status()).toHaveTextContent('3 repositories from 9 imports')
    await page.getByRole('button', { name: 'Import scan files' }).click()
    await expect.element(dialog().getByRole('button', { name: 'Choose files' })).toBeVisible()
    await expect.element(dialog().getByRole('status')).not.toBeInTheDocument()
  })

  it('asks for the repository of a file that names none, refuses a corrupt one, and changes nothing for it', async () => {
    await renderWithProviders(<DataSourcesScreen />, { workspace: await newIdentity() })
    await page.getByRole('button', { name: 'Import scan files' }).click()
    const osv = JSON.stringify({ results: [{ source: { path: 'go.sum' }, packages: [] }] })
    await userEvent.upload(page.getByTestId('import-files'), [
      new File([osv], 'osv-results.json'),
      new File(['{"version":"2.1.0","runs":[{"tool":'], 'broken.sarif'),
    ])
    const broken = dialog().getByRole('row', { name: 'broken.sarif' })
    await expect.element(broken).toHaveTextContent('Not imported: The file is not valid JSON (it may be cut short)')
    const repository = dialog().getByRole('textbox', { name: 'Repository' })
    await expect.element(repository).toHaveValue('osv-results')
    await repository.fill('billing')
    await dialog().getByRole('button', { name: 'Import', exact: true }).click()
    await expect
      .element(dialog().getByRole('row', { name: 'osv-results.json' }))
      .toHaveTextContent('OSV-Scanner JSON into billing')
    await dialog().getByRole('button', { name: 'Done' }).click()
    await expect.element(status()).toHaveTextContent('1 repository from 1 import')
  })

  it('deletes the workspace after asking', async () => {
    await renderWithProviders(<DataSourcesScreen />, { workspace: await newIdentity() })
    await importExamples()
    await dialog().getByRole('button', { name: 'Done' }).click()
    await page.getByRole('button', { name: 'Delete workspace' }).click()
    await page.getByRole('dialog', { name: 'Delete your workspace?' }).getByRole('button', { name: 'Delete' }).click()
    await expect.element(status()).toHaveTextContent('0 repositories from 0 imports')
  })

  it('says so when the browser gives no storage, and the samples stay available', async () => {
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    })
    await renderWithProviders(<DataSourcesScreen />, {
      workspace: { issuer: 'https://id.test', subject: crypto.randomUUID() },
    })
    const alert = page.getByRole('alert')
    await expect.element(alert).toHaveTextContent('Your workspace cannot be used')
    await expect.element(alert).toHaveTextContent('Sample and generated data still work.')
    await expect.element(page.getByRole('button', { name: 'Import scan files' })).not.toBeInTheDocument()
    vi.restoreAllMocks()
  })

  it('syncs a team feed on demand, and says plainly when it cannot be reached, keeping the workspace', async () => {
    const identity = await newIdentity()
    await renderWithProviders(<DataSourcesScreen />, { workspace: identity })
    const feed = page.getByRole('region', { name: 'Team feed' })
    await expect.element(feed.getByRole('button', { name: 'Sync now' })).toBeDisabled()
    // Nothing listens on port 9 of this machine: the worker's request fails as a refused connection does.
    await feed.getByRole('textbox', { name: 'Feed manifest URL' }).fill('http://127.0.0.1:9/vigil/manifest.json')
    await feed.getByRole('button', { name: 'Sync now' }).click()
    const alert = feed.getByRole('alert')
    await expect.element(alert, { timeout: 15_000 }).toHaveTextContent('The feed could not be synced')
    await expect
      .element(alert)
      .toHaveTextContent('Vigil could not reach the feed manifest at http://127.0.0.1:9/vigil/manifest.json')
    await expect.element(status()).toHaveTextContent('0 repositories from 0 imports')
    // The address is kept for this person in this browser.
    const workspace = await workspaceName(identity.issuer, identity.subject)
    expect(localStorage.getItem(personalKey('vigil-feed-url', workspace))).toBe(
      'http://127.0.0.1:9/vigil/manifest.json',
    )
    localStorage.removeItem(personalKey('vigil-feed-url', workspace))
    expect(await axeViolations()).toEqual([])
  })

  it('keeps the feed and the token choice of each person apart on a shared browser', async () => {
    const alice = await newIdentity()
    const first = await renderWithProviders(<DataSourcesScreen />, { workspace: alice })
    const feed = page.getByRole('region', { name: 'Team feed' })
    const address = feed.getByRole('textbox', { name: 'Feed manifest URL' })
    await expect.element(feed.getByRole('button', { name: 'Sync now' })).toBeDisabled()
    await address.fill('http://127.0.0.1:9/alice/manifest.json')
    await feed.getByRole('checkbox', { name: 'Send my sign-in token to the feed' }).click()
    await feed.getByRole('button', { name: 'Sync now' }).click()
    await expect.element(feed.getByRole('alert'), { timeout: 15_000 }).toBeVisible()
    await first.screen.unmount()

    // Bob signs in on the same browser: nothing of Alice's feed is his.
    await renderWithProviders(<DataSourcesScreen />, { workspace: await newIdentity() })
    await expect.element(feed.getByRole('button', { name: 'Sync now' })).toBeDisabled()
    await expect.element(address).toHaveValue('')
    await expect.element(feed.getByRole('checkbox', { name: 'Send my sign-in token to the feed' })).not.toBeChecked()
    localStorage.clear()
  })

  it('moves the feed an older Vigil kept for the whole browser to the first person who reads it, and drops the token choice', async () => {
    localStorage.setItem('vigil-feed-url', 'http://127.0.0.1:9/team/manifest.json')
    localStorage.setItem('vigil-feed-send-token', 'true')
    await renderWithProviders(<DataSourcesScreen />, { workspace: await newIdentity() })
    const feed = page.getByRole('region', { name: 'Team feed' })
    await expect
      .element(feed.getByRole('textbox', { name: 'Feed manifest URL' }))
      .toHaveValue('http://127.0.0.1:9/team/manifest.json')
    await expect.element(feed.getByRole('checkbox', { name: 'Send my sign-in token to the feed' })).not.toBeChecked()
    expect(localStorage.getItem('vigil-feed-url')).toBeNull()
    expect(localStorage.getItem('vigil-feed-send-token')).toBeNull()
    localStorage.clear()
  })

  it('sends no token to a feed an older Vigil kept for the whole browser, though the build sends it to its own feed', async () => {
    localStorage.setItem('vigil-feed-url', 'http://127.0.0.1:9/someone-else/manifest.json')
    await renderWithProviders(<DataSourcesScreen />, {
      workspace: await newIdentity(),
      feedDefaults: { url: 'http://127.0.0.1:9/team/manifest.json', sendToken: true },
    })
    const feed = page.getByRole('region', { name: 'Team feed' })
    await expect
      .element(feed.getByRole('textbox', { name: 'Feed manifest URL' }))
      .toHaveValue('http://127.0.0.1:9/someone-else/manifest.json')
    await expect.element(feed.getByRole('checkbox', { name: 'Send my sign-in token to the feed' })).not.toBeChecked()
    localStorage.clear()
  })

  it('shows file and repository names in the import history isolated, so a right-to-left override reorders nothing', async () => {
    const spoofed = 'billing/\u202Enosj.exe.json'
    const workspace = await workspaceWithFiles([
      {
        name: spoofed,
        text: JSON.stringify({ auditReportVersion: 2, vulnerabilities: {} }),
        repository: 'bill\u202Eing',
      },
    ])
    await renderWithProviders(<DataSourcesScreen />, { workspace })
    const history = page.getByRole('table', { name: 'Import history' })
    await expect.element(history).toBeVisible()
    const isolated = [...history.element().querySelectorAll('tbody td bdi')].map((element) => element.textContent)
    expect(isolated).toEqual([spoofed, 'bill\u202Eing'])
  })

  it.each(['light', 'dark'] as const)('has no axe-core violations (%s)', async (colorScheme) => {
    await renderWithProviders(<DataSourcesScreen />, { workspace: await newIdentity(), colorScheme })
    await importExamples()
    expect(await axeViolations()).toEqual([])
    await dialog().getByRole('button', { name: 'Done' }).click()
    await expect.element(page.getByRole('table', { name: 'Import history' })).toBeVisible()
    expect(await axeViolations()).toEqual([])
  })
})
