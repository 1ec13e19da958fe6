import { expect, test } from '@playwright/test'
import { axeViolations, signInAsDemo } from './helpers'

test.use({ bypassCSP: true })

test('finds an advisory across repositories from the sidebar, keeps its filters over a reload, and opens a repository', async ({
  page,
}) => {
  await signInAsDemo(page)
  const sidebar = page.getByTestId('sidebar')
  await sidebar.getByRole('button', { name: 'Vulnerabilities' }).click()
  await sidebar.getByRole('link', { name: 'Critical' }).click()
  await expect(page).toHaveURL(/\/vulnerabilities\/critical$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Critical vulnerabilities' })).toBeVisible()
  await expect(sidebar.getByRole('link', { name: 'Critical' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByText('Showing 1 of 5 advisories, affecting 4 repositories')).toBeVisible()

  await page.goto('/vulnerabilities')
  await expect(page.getByText('Showing 5 of 5 advisories, affecting 4 repositories')).toBeVisible()

  await page.getByRole('searchbox', { name: 'Search' }).fill('lodash')
  await expect(page).toHaveURL(/\/vulnerabilities\?q=lodash$/)
  await page.reload()
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('lodash')
  await expect(page.getByText('Showing 1 of 5 advisories, affecting 4 repositories')).toBeVisible()

  const row = page.getByRole('row', { name: /^CVE-2019-10744,/ })
  await row.focus()
  await page.keyboard.press('Enter')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/repository\/[a-z-]+\?tab=vulnerabilities$/)
  await expect(page.getByRole('tab', { name: /Vulnerabilities/, selected: true })).toBeVisible()
})

test('the APIs headline leads to the sensitive endpoints anyone can call', async ({ page }) => {
  await signInAsDemo(page)
  await page.goto('/apis')
  await page.getByRole('link', { name: 'Show the 4 endpoints that anyone can call' }).click()
  await expect(page).toHaveURL(/\/apis\?category=sensitive&auth=None$/)
  await expect(page.getByText('Showing 4 of 49 endpoints')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Authentication' })).toHaveValue('None')
})

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 800 }],
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds no WCAG 2.2 AA violations on the organisation-wide screens (${device}, ${scheme})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport)
      await page.emulateMedia({ colorScheme: scheme })
      await signInAsDemo(page)
      await page.evaluate((theme) => localStorage.setItem('vite-ui-theme', theme), scheme)
      for (const [path, heading] of [
        ['/vulnerabilities/high', 'High vulnerabilities'],
        ['/apis', 'APIs'],
        ['/apis/documentation', 'API documentation'],
        ['/organizations', 'Organizations'],
      ]) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`))
        expect(await axeViolations(page), path).toEqual([])
      }
    })
  }
}
