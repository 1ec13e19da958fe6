import { expect, test } from '@playwright/test'
import { axeViolations, expectLoggedOut, expectSignedIn, openUserMenu, signInAsDemo } from './helpers'

test.use({ bypassCSP: true })

test('Ctrl+B collapses the sidebar and the choice survives a reload', async ({ page }) => {
  await signInAsDemo(page)
  const sidebar = page.getByTestId('sidebar')
  await expect(sidebar).toHaveAttribute('data-state', 'expanded')
  await page.keyboard.press('Control+b')
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed')
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'sidebar_state')?.value).toBe('false')
  await page.reload()
  await expectSignedIn(page)
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed')
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Repositories' })).toBeVisible()
  await page.keyboard.press('Control+b')
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'expanded')
})

test('the theme choice survives a reload', async ({ page }) => {
  await signInAsDemo(page)
  await expect(page.locator('html')).toHaveClass(/\blight\b/)
  await openUserMenu(page)
  await page.getByRole('menuitem', { name: 'Theme' }).hover()
  await page.getByRole('menuitemradio', { name: 'Dark' }).click()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await page.reload()
  await expectSignedIn(page)
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark')
})

test("the theme's colours hold on the logged-out screen and in the signed-in layout, which brings Mantine's full stylesheet", async ({
  page,
}) => {
  const themeColours = () =>
    page.evaluate(() => {
      const variable = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim()
      return {
        primaryIsIndigo: variable('--mantine-primary-color-filled') === variable('--mantine-color-indigo-filled'),
        dimmedIsGray7: variable('--mantine-color-dimmed') === variable('--mantine-color-gray-7'),
      }
    })
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/')
  await expectLoggedOut(page)
  expect(await themeColours()).toEqual({ primaryIsIndigo: true, dimmedIsGray7: true })
  await signInAsDemo(page)
  expect(await themeColours()).toEqual({ primaryIsIndigo: true, dimmedIsGray7: true })
})

test('the System theme follows the operating system live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/')
  await expectLoggedOut(page)
  await expect(page.locator('html')).toHaveClass(/\blight\b/)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
})

test.describe('at a 390 px wide viewport', () => {
  test.use({ viewport: { width: 390, height: 800 } })

  test('the sidebar opens as a sheet and closes when a link is followed', async ({ page }) => {
    await signInAsDemo(page)
    await expect(page.getByTestId('sidebar')).not.toBeInViewport()
    await page.getByRole('button', { name: 'Toggle sidebar' }).click()
    const sheet = page.getByRole('dialog', { name: 'Navigation' })
    await expect(sheet).toBeVisible()
    // Sub-pixel layout (288.0000076 px seen in CI) is still the 18rem sheet.
    expect((await sheet.boundingBox())?.width).toBeCloseTo(18 * 16, 1)
    await sheet.getByRole('link', { name: 'Repositories' }).click()
    await expect(page).toHaveURL(/\/repositories$/)
    await expect(sheet).toBeHidden()
  })
})

test.describe('accessibility', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe-core finds no violations on the logged-out screen and the layout (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme })
      await page.goto('/')
      await expectLoggedOut(page)
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`))
      expect(await axeViolations(page)).toEqual([])

      await signInAsDemo(page)
      await page.evaluate((theme) => localStorage.setItem('vite-ui-theme', theme), scheme)
      await page.reload()
      await expectSignedIn(page)
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`))
      expect(await axeViolations(page)).toEqual([])
    })
  }
})
