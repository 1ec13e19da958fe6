import { expect, test } from '@playwright/test'
import { devServerPort } from '../../playwright.config'
import { signInAsDemo } from './helpers'

// What `npm start` serves: source modules, not a build, so module paths such as /src/api/…
// share the address space with the mocked API.
test.use({ baseURL: `http://127.0.0.1:${devServerPort}` })

test('npm start: demo sign-in and every screen work on the dev server', async ({ page }) => {
  test.setTimeout(120_000)
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await signInAsDemo(page, 'Grace Hopper', 60_000)
  await expect(page.getByText('User ID: kp_grace_hopper_vigil_dev')).toBeVisible()
  for (const [path, heading] of [
    ['/repositories', 'All Repositories'],
    ['/repository/nexus-api?tab=api-surface', 'nexus-api'],
    ['/policies', 'Policies'],
    ['/policy', 'React Security Best Practices'],
  ]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 })
  }
  expect(errors).toEqual([])
})
