import { expect, type Page } from '@playwright/test'

/** Signs in through the demo provider as one of its identities and waits for the dashboard. */
export async function signInAsDemo(page: Page, name = 'Ada Lovelace') {
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Sign in to Vigil' })).toBeVisible()
  await page.getByRole('button', { name: `Continue as ${name}` }).click()
  await expectSignedIn(page)
}

export async function expectSignedIn(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
}

export async function expectLoggedOut(page: Page) {
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible()
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click()
}
