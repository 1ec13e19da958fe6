import { expect, test } from '@playwright/test'
import { signInAsDemo } from './helpers'

test('from the policy homepage to the document, where an edit and a check survive a reload until reset', async ({
  page,
}) => {
  await signInAsDemo(page)
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('button', { name: 'Policies' }).click()
  await page.goto('/policies')
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Platform›Policies')
  await page.getByRole('link', { name: 'View policy' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'React Security Best Practices' })).toBeVisible()

  await page.getByRole('button', { name: 'Edit "Limit the length of free-text fields."' }).click()
  await page.getByRole('textbox', { name: 'Edit line' }).fill('Limit free-text fields to 2,000 characters.')
  await page.keyboard.press('Enter')
  await page.reload()
  await expect(page.getByText('Limit free-text fields to 2,000 characters.')).toBeVisible()
  await expect(page.getByLabel('Level of "Limit free-text fields to 2,000 characters."')).toHaveValue('Recommended')

  await page.getByRole('button', { name: 'Add check to "Limit free-text fields to 2,000 characters."' }).click()
  await page.getByRole('textbox', { name: 'Check of "Limit free-text fields to 2,000 characters."' }).fill('{cwe: 20}')
  await page.keyboard.press('Enter')
  await page.reload()
  await expect(page.getByText('{cwe: 20}')).toBeVisible()
  await expect(
    page.getByRole('button', { name: 'Edit the check of "Limit free-text fields to 2,000 characters."' }),
  ).toBeVisible()

  await page.getByRole('button', { name: 'Reset to original' }).click()
  await expect(page.getByText('Limit the length of free-text fields.')).toBeVisible()
  await expect(page.getByText('{cwe: 20}')).toHaveCount(0)
})
