import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { appOrigin, FeedHost, syncNow } from './feed-host'
import { goInApp, signInAsDemo } from './helpers'

test.use({ baseURL: appOrigin })

const triageCounts = (page: Page) => page.getByRole('status').filter({ hasText: 'need triage' })
const cryptoCard = (page: Page) => page.getByRole('article').filter({ hasText: 'CVE-2024-45337' })

test('a decision made in one browser is published with the feed and applied in another profile', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const host = new FeedHost()
  await host.start()
  const teammate = await browser.newContext({ baseURL: appOrigin })
  try {
    // CI publishes the payments scan and the team's decisions file, empty so far.
    host.publish({ 'payments/trivy.json': 'public/examples/payments-api/trivy.json' })
    const decisionsFile = join(host.folder, 'vigil-decisions.json')
    writeFileSync(
      decisionsFile,
      JSON.stringify({ vigilDecisions: 1, generatedAt: new Date().toISOString(), decisions: [] }),
    )
    host.buildManifest('--decisions', decisionsFile)

    // Ada decides in her browser: the decision is hers, and not in the feed yet.
    await signInAsDemo(page, 'Ada Lovelace')
    await goInApp(page, '/organizations/settings')
    await expect(page.getByTestId('feed-status')).toContainText('1 fetched', { timeout: 30_000 })
    await goInApp(page, '/repository/payments?tab=vulnerabilities')
    await expect(triageCounts(page)).toHaveText(/\d+ need triage, 0 decided/)
    await page.getByRole('button', { name: 'Decide on CVE-2024-45337 in golang.org/x/crypto' }).click()
    const dialog = page.getByRole('dialog', { name: /^Decide on/ })
    await dialog.getByRole('radio', { name: /False positive/ }).check()
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('The SSH package is vendored but never built')
    await dialog.getByRole('button', { name: 'Review' }).click()
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await expect(dialog.getByRole('status')).toHaveText('Saved 1 decision for 1 finding.')
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(triageCounts(page)).toHaveText(/1 decided/)
    await expect(cryptoCard(page)).toContainText('not published')

    // She exports the decisions file; CI publishes it with the feed.
    await goInApp(page, '/organizations/settings')
    await expect(page.getByTestId('decisions-unpublished')).toContainText('1 decision not published')
    const download = page.waitForEvent('download')
    await page
      .getByRole('region', { name: 'Decisions' })
      .getByRole('button', { name: 'Download decisions file' })
      .click()
    await (await download).saveAs(decisionsFile)
    host.buildManifest('--decisions', decisionsFile)

    // Grace, in another browser profile, syncs the feed: the decision applies there, signed by Ada.
    const other = await teammate.newPage()
    await signInAsDemo(other, 'Grace Hopper')
    await goInApp(other, '/organizations/settings')
    await expect(other.getByTestId('feed-status')).toContainText('1 fetched', { timeout: 30_000 })
    await expect(other.getByTestId('decisions-status')).toHaveText('1 decision logged by 1 person.')
    await expect(other.getByTestId('decisions-unpublished')).toHaveCount(0)
    await goInApp(other, '/repository/payments?tab=vulnerabilities')
    await expect(triageCounts(other)).toHaveText(/1 decided/)
    await expect(cryptoCard(other)).toContainText('False positive')
    await expect(cryptoCard(other)).not.toContainText('not published')
    await cryptoCard(other)
      .getByRole('button', { name: /^History of/ })
      .click()
    await expect(other.getByRole('dialog', { name: /^History of/ })).toContainText('by Ada Lovelace')

    // Ada syncs again: her decision is now the feed's, no longer "not published".
    await syncNow(page)
    await expect(page.getByTestId('decisions-unpublished')).toHaveCount(0, { timeout: 30_000 })
  } finally {
    await teammate.close()
    host.stop()
  }
})
