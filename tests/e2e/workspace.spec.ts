import { cpSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { removeTemporaryFolders, signInAsDemo, signOutOfDemo, temporaryFolder } from './helpers'

test.afterEach(removeTemporaryFolders)

/** A folder as CI leaves it: `<repo>/<scan files>`, made from the example files. */
function scanFolder(): string {
  const root = join(temporaryFolder('vigil-scans-'), 'scans')
  for (const [repository, file] of [
    ['storefront', 'atlas-web/semgrep.sarif'],
    ['storefront', 'atlas-web/npm-audit.json'],
    ['payments', 'payments-api/trivy.json'],
    ['payments', 'payments-api/openapi.yaml'],
  ]) {
    mkdirSync(join(root, repository), { recursive: true })
    cpSync(join('public/examples', file), join(root, repository, file.split('/')[1]))
  }
  return root
}

async function expectRepositories(page: Page, names: string[]) {
  await page.goto('/repositories')
  await expect(page.getByText(`Showing ${names.length} of ${names.length} repositories`)).toBeVisible()
  for (const name of names) await expect(page.getByRole('row', { name })).toBeVisible()
}

test('imports a folder into the workspace, which survives a reload, shows in a second tab and to no one else', async ({
  page,
  context,
}) => {
  await signInAsDemo(page)
  await page.goto('/organizations/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Data sources' })).toBeVisible()
  await page.getByRole('button', { name: 'Import scan files' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import scan files' })
  await dialog.getByTestId('import-folder').setInputFiles(scanFolder())
  await expect(dialog.getByRole('status')).toHaveText(/4 of 4\s*files imported/)
  await expect(dialog.getByRole('row', { name: 'scans/payments/trivy.json' })).toContainText('Trivy JSON into payments')
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByRole('button', { name: 'Data: Your workspace (2 repositories)' })).toBeVisible()

  await expectRepositories(page, ['payments', 'storefront'])
  await page.reload()
  await expectRepositories(page, ['payments', 'storefront'])
  await page.getByRole('row', { name: 'storefront' }).click()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('tab', { name: 'Policy Issues (4)' })).toBeVisible()

  await page.goto('/repository/payments?tab=api-surface')
  await expect(page.getByText('Showing 6 of 6 endpoints')).toBeVisible()
  await page.getByRole('button', { name: '1 reason why POST /v1/receipts/{chargeId}/resend is flagged' }).click()
  await expect(page.getByText('`email` (format: email) in the request body')).toBeVisible()

  const second = await context.newPage()
  await expectRepositories(second, ['payments', 'storefront'])
  await second.close()

  await signOutOfDemo(page)
  await signInAsDemo(page, 'Grace Hopper')
  await page.goto('/repositories')
  await expect(page.getByText('Your workspace is empty')).toBeVisible()
  await expect(page.getByText('Showing 0 of 0 repositories')).toBeVisible()
})

test('with "Delete my workspace when I sign out" set, signing out leaves nothing of the workspace behind', async ({
  page,
}) => {
  await signInAsDemo(page, 'Alan Turing')
  await page.goto('/organizations/settings')
  await page.getByRole('button', { name: 'Import scan files' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import scan files' })
  await dialog.getByRole('button', { name: 'Try with example files' }).click()
  await expect(dialog.getByRole('status')).toHaveText(/11 of 11\s*files imported/)
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByTestId('workspace-status')).toContainText('3 repositories from 9 imports')
  await page.getByRole('checkbox', { name: 'Delete my workspace when I sign out' }).check()
  await signOutOfDemo(page)
  await signInAsDemo(page, 'Alan Turing')
  await page.goto('/organizations/settings')
  await expect(page.getByTestId('workspace-status')).toContainText('0 repositories from 0 imports')
})
