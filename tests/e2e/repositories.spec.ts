import { expect, test } from '@playwright/test'
import { signInAsDemo } from './helpers'

test('the dashboard pings the API with the signed-in token and shows the user ID', async ({ page }) => {
  await signInAsDemo(page)
  const tile = page.getByRole('region', { name: 'Database ping via the identity provider' })
  await expect(tile).toContainText('User ID: kp_ada_lovelace_vigil_dev')
  await expect(tile).not.toContainText('Time: N/A')
})

test('repository filters live in the address: a reload keeps them and back/forward restore them', async ({ page }) => {
  await signInAsDemo(page)
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Repositories', exact: true })
    .click()
  await expect(page.getByText('Showing 5 of 5 repositories')).toBeVisible()
  await page.getByRole('combobox', { name: 'Visibility' }).click()
  await page.getByRole('option', { name: 'Private' }).click()
  await expect(page.getByText('Showing 2 of 5 repositories')).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search' }).fill('billing')
  await expect(page.getByText('Showing 1 of 5 repositories')).toBeVisible()
  await expect(page).toHaveURL(/\/repositories\?q=billing&visibility=private$/)

  await page.reload()
  await expect(page.getByText('Showing 1 of 5 repositories')).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('billing')

  await page.goBack()
  await expect(page.getByText('Showing 5 of 5 repositories')).toBeVisible()
  await page.goForward()
  await expect(page.getByText('Showing 1 of 5 repositories')).toBeVisible()
})

test('a repository opens from its row, and its tab survives a reload', async ({ page }) => {
  await signInAsDemo(page)
  await page.goto('/repositories')
  await page.getByRole('link', { name: 'Open nexus-api' }).click()
  await expect(page).toHaveURL(/\/repository\/nexus-api$/)
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Repository›nexus-api')
  await page.getByRole('tab', { name: 'API Surface' }).click()
  await expect(page).toHaveURL(/\?tab=api-surface$/)
  await page.reload()
  await expect(page.getByRole('tab', { name: 'API Surface' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('row')).toHaveCount(13)
})

test('search text such as %41 is decoded once: it survives the address and a reload as typed', async ({ page }) => {
  await signInAsDemo(page)
  await page.goto('/repositories')
  await page.getByRole('searchbox', { name: 'Search' }).fill('%41')
  await expect(page).toHaveURL(/\/repositories\?q=%2541$/)
  await page.reload()
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('%41')
  await expect(page.getByText('Showing 0 of 5 repositories')).toBeVisible()
})
