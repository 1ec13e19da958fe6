import { expect, test } from '@playwright/test'
import { axeViolations, expectLoggedOut, expectSignedIn, signInAsDemo } from './helpers'

test.use({ bypassCSP: true })

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
