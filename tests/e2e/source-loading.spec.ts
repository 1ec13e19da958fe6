import { expect, test, type Page } from '@playwright/test'
import { goInApp, signInAsDemo, signOutOfDemo } from './helpers'

const sampleRepositories = ['atlas-storefront', 'aurora-dashboard', 'nexus-api', 'stellar-frontend', 'quantum-backend']
const exampleRepositories = ['atlas-web', 'health-records', 'payments-api']

/** Texts that must never show: what the recorder looks for is read from this storage key at each sample. */
const FORBIDDEN_KEY = 'e2e-forbidden'
const SEEN_KEY = 'e2e-seen'

/**
 * In every document of the page, from its first script on: every 20 ms and at every frame, the
 * page's text is checked for the forbidden texts, and each one found is kept (with the address) in
 * local storage, which outlives the reloads and the sign-in pages.
 */
function recordForbiddenTexts({ forbiddenKey, seenKey }: { forbiddenKey: string; seenKey: string }) {
  const sample = () => {
    const forbidden = JSON.parse(localStorage.getItem(forbiddenKey) ?? '[]') as string[]
    const text = document.body?.textContent ?? ''
    const found = forbidden.filter((each) => text.includes(each))
    if (found.length === 0) return
    const seen = JSON.parse(localStorage.getItem(seenKey) ?? '[]') as string[]
    localStorage.setItem(seenKey, JSON.stringify([...seen, ...found.map((each) => `${location.pathname}: ${each}`)]))
  }
  setInterval(sample, 20)
  const everyFrame = () => {
    sample()
    requestAnimationFrame(everyFrame)
  }
  requestAnimationFrame(everyFrame)
}

async function forbid(page: Page, texts: string[]) {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [FORBIDDEN_KEY, JSON.stringify(texts)])
}

const seenTexts = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as string[], SEEN_KEY)

/** Reloads the page once and waits until the workspace's data is on screen. */
async function reloadOnce(page: Page, repositories: number) {
  await page.reload()
  await expect(page.getByRole('button', { name: `Data: Your workspace (${repositories} repositories)` })).toBeVisible()
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('Reading your workspace...')).toHaveCount(0)
}

// One reload per person through the real boot (the session restored, the choice read from this
// browser, the workspace opened). Every route, each opened as after a reload, is checked by
// src/app/layout/source-loading.test.tsx.
test('a reload with the workspace chosen never shows sample data, nor one person’s workspace to another', async ({
  page,
}) => {
  await signInAsDemo(page)
  await goInApp(page, '/organizations/settings')
  await page.getByRole('button', { name: 'Import scan files' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import scan files' })
  await dialog.getByRole('button', { name: 'Try with example files' }).click()
  await expect(dialog.getByRole('status')).toHaveText(/11 of 11\s*files imported/)
  await dialog.getByRole('button', { name: 'Done' }).click()
  await page.getByRole('button', { name: /^Data: / }).click()
  await page.getByRole('menuitem', { name: 'Your workspace (3 repositories)' }).click()
  await expect(page.getByRole('button', { name: 'Data: Your workspace (3 repositories)' })).toBeVisible()

  await page.addInitScript(recordForbiddenTexts, { forbiddenKey: FORBIDDEN_KEY, seenKey: SEEN_KEY })
  await forbid(page, [...sampleRepositories, 'Showing 5 of 5', 'Repository not found'])
  await goInApp(page, '/repository/payments-api')
  await reloadOnce(page, 3)
  await expect(page.getByRole('heading', { level: 1, name: 'payments-api' })).toBeVisible()
  await goInApp(page, '/repositories')
  await expect(page.getByText('Showing 3 of 3 repositories')).toBeVisible()
  expect(await seenTexts(page)).toEqual([])

  await signOutOfDemo(page)
  // From here on, Ada's repositories are as wrong as the samples: Grace's workspace is empty.
  await forbid(page, [...sampleRepositories, ...exampleRepositories, 'Showing 5 of 5'])
  await signInAsDemo(page, 'Grace Hopper')
  await expect(page.getByRole('button', { name: 'Data: Your workspace (0 repositories)' })).toBeVisible()
  await goInApp(page, '/repositories')
  await reloadOnce(page, 0)
  await expect(page.getByText('Your workspace is empty')).toBeVisible()
  expect(await seenTexts(page)).toEqual([])

  // The recorder does see what is on screen: forbidden, the empty workspace's notice is found.
  await forbid(page, ['Your workspace is empty'])
  await expect.poll(() => seenTexts(page)).toContain('/repositories: Your workspace is empty')
})
