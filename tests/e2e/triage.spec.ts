import { expect, test } from '@playwright/test'
import { signInAsDemo, signOutOfDemo } from './helpers'

test('a decision on an imported finding survives a reload, counts everywhere, and no one else sees it', async ({
  page,
}) => {
  await signInAsDemo(page, 'Alan Turing')
  await page.goto('/organizations/settings')
  await page.getByRole('button', { name: 'Import scan files' }).click()
  const importer = page.getByRole('dialog', { name: 'Import scan files' })
  await importer.getByRole('button', { name: 'Try with example files' }).click()
  await expect(importer.getByRole('status')).toHaveText(/9 of 9\s*files imported/)
  await importer.getByRole('button', { name: 'Done' }).click()

  await page.goto('/repository/payments-api?tab=vulnerabilities')
  const counts = page.getByRole('status').filter({ hasText: 'need triage' })
  await expect(counts).toHaveText(/\d+ need triage, 0 decided/)
  await page.getByRole('button', { name: 'Decide on CVE-2024-45337 in golang.org/x/crypto' }).click()
  const dialog = page.getByRole('dialog', { name: /^Decide on/ })
  await dialog.getByRole('radio', { name: /Not affected/ }).check()
  await dialog.getByRole('combobox', { name: 'Justification' }).click()
  await page.getByRole('option', { name: 'The vulnerable code is never run' }).click()
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('We never start the SSH server')
  await dialog.getByRole('button', { name: 'Review' }).click()
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(dialog.getByRole('status')).toHaveText('Saved 1 decision for 1 finding.')
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(counts).toHaveText(/1 decided/)

  await page.reload()
  await expect(page.getByRole('status').filter({ hasText: 'need triage' })).toHaveText(/1 decided/)
  const card = page.getByRole('article').filter({ hasText: 'CVE-2024-45337' })
  await expect(card).toContainText('Not affected')
  await card.getByRole('button', { name: /^History of/ }).click()
  await expect(page.getByRole('dialog', { name: /^History of/ })).toContainText('by Alan Turing')
  await expect(page.getByRole('dialog', { name: /^History of/ })).toContainText('We never start the SSH server')
  await page.keyboard.press('Escape')

  await page.goto('/organizations/settings')
  await expect(page.getByTestId('decisions-status')).toHaveText('1 decision logged by 1 person.')

  await signOutOfDemo(page)
  await signInAsDemo(page, 'Grace Hopper')
  await page.goto('/organizations/settings')
  await expect(page.getByTestId('decisions-status')).toHaveText('No decision has been made in this workspace yet.')
})
