import type { Page } from 'playwright'

/** From the logged-out screen to the dashboard, through the demo provider. */
export async function signInFromLoggedOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.getByRole('button', { name: 'Continue as Ada Lovelace' }).click()
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
}

/** Opens Vigil at `origin` and signs in as the demo user. */
export async function signIn(page: Page, origin: string): Promise<void> {
  await page.goto(origin)
  await signInFromLoggedOut(page)
}
