import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { axeViolations } from '@tests/helpers/axe'
import { captureDownloads } from '@tests/helpers/downloads'
import { renderWithProviders } from '@tests/helpers/render'
import { grypeScannedAgo } from '@tests/helpers/scanned-ago'
import { deleteTestWorkspacesAfterEach, workspaceWithFiles } from '@tests/helpers/workspace'
import { VulnerabilitiesScreen } from './vulnerabilities-screen'

deleteTestWorkspacesAfterEach()

/** billing's finding was first seen 30 days ago (overdue); ledger's 2 days ago (due within 7 days). */
const workspace = () =>
  workspaceWithFiles([
    { name: 'billing/grype.json', text: grypeScannedAgo(30, 'CVE-2021-44228'), repository: 'billing' },
    { name: 'ledger/grype.json', text: grypeScannedAgo(2, 'CVE-2021-45046'), repository: 'ledger' },
  ])

const status = () => page.getByRole('status')

describe('due dates on /vulnerabilities', () => {
  it('shows each finding’s due date and age, and filters by overdue and due within 7 days', async () => {
    const identity = await workspace()
    const { location } = await renderWithProviders(<VulnerabilitiesScreen />, {
      path: '/vulnerabilities?view=flat&due=overdue',
      source: 'workspace',
      workspace: identity,
    })
    await expect.element(status()).toHaveTextContent('Showing 1 of 2 findings')
    const billing = page.getByRole('row', { name: 'billing: CVE-2021-44228' })
    await expect.element(billing).toHaveTextContent(/Overdue since \d{4}-\d\d-\d\d \(23 days\)/)
    await expect.element(billing).toHaveTextContent('30 days old')
    expect(await axeViolations()).toEqual([])

    await page.getByRole('combobox', { name: 'Due' }).click()
    await page.getByRole('option', { name: 'Due within 7 days' }).click()
    await expect.element(status()).toHaveTextContent('Showing 1 of 2 findings')
    await expect
      .element(page.getByRole('row', { name: 'ledger: CVE-2021-45046' }))
      .toHaveTextContent(/Due .* \(in 4 days\)/)
    await expect.poll(() => location.history.at(-1)).toBe('/vulnerabilities?view=flat&due=due-soon')
  })

  it('sorts the soonest due first, and the CSV carries first seen, due and age', async () => {
    const identity = await workspace()
    await renderWithProviders(<VulnerabilitiesScreen />, {
      path: '/vulnerabilities?view=flat&sort=due',
      source: 'workspace',
      workspace: identity,
    })
    await expect.element(status()).toHaveTextContent('Showing 2 of 2 findings')
    const rows = page.getByRole('row').all().slice(1)
    expect(rows.map((row) => row.element().getAttribute('aria-label'))).toEqual([
      'billing: CVE-2021-44228',
      'ledger: CVE-2021-45046',
    ])
    const capture = captureDownloads()
    try {
      await page.getByRole('button', { name: 'Export CSV' }).click()
      await expect.poll(() => capture.downloads.length).toBe(1)
      const [header, first] = (await capture.downloads[0].blob.text()).trimEnd().split('\r\n')
      expect(header.endsWith('First seen,Due,Age (days),Overdue')).toBe(true)
      expect(first).toMatch(/^billing,.*,30,yes$/)
    } finally {
      capture.restore()
    }
  })
})
