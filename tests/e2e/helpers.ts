import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, type Frame, type Page } from '@playwright/test'

const require = createRequire(import.meta.url)

/**
 * Signs in through the demo provider as one of its identities and waits for the dashboard. A
 * cold dev server compiles each module on its first request, so its tests wait longer.
 */
export async function signInAsDemo(page: Page, name = 'Ada Lovelace', timeout?: number) {
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click({ timeout })
  await expect(page.getByRole('heading', { name: 'Sign in to Vigil' })).toBeVisible({ timeout })
  await page.getByRole('button', { name: `Continue as ${name}` }).click({ timeout })
  await expectSignedIn(page, timeout)
}

export async function expectSignedIn(page: Page, timeout?: number) {
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout })
}

/** The logged-out screen, settled: not the busy one shown while sign-out is still on its way out. */
export async function expectLoggedOut(page: Page) {
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled()
  await expect(page.getByRole('button', { name: 'Sign up' })).toBeEnabled()
}

export async function openUserMenu(page: Page) {
  await page.getByTestId('user-menu').click()
}

export async function signOut(page: Page) {
  await openUserMenu(page)
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
}

/**
 * Signs out through the demo provider and waits until its logout page has sent the browser back
 * to the logged-out screen: the screen may show, settled, before the browser leaves for that page,
 * and a navigation started meanwhile would race the redirect back. The screen comes back in one
 * load, with the demo's worker in charge of it: no reload follows to start the worker.
 */
export async function signOutOfDemo(page: Page) {
  const visited: string[] = []
  const record = (frame: Frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname)
  }
  const afterLogout = () => visited.slice(visited.findIndex((path) => path.endsWith('/logout')) + 1)
  page.on('framenavigated', record)
  try {
    await signOut(page)
    await expect.poll(() => visited.some((path) => path.endsWith('/logout')) && afterLogout().length > 0).toBe(true)
    await expectLoggedOut(page)
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null).catch(() => false))
      .toBe(true)
    expect(afterLogout()).toEqual(['/'])
  } finally {
    page.off('framenavigated', record)
  }
}

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA (2.2 adds target size), and axe's best practices. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/** Runs axe-core on the page (the context must bypass the CSP, which forbids injected scripts). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve('axe-core') })
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (options: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>
        }
      }
    ).axe
    const { violations } = await axe.run({ runOnly: { type: 'tag', values: tags } })
    return violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    )
  }, WCAG_TAGS)
}

/** Navigates inside the app (wouter follows pushState), so the page is not loaded again. */
export async function goInApp(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

const temporaryFolders: string[] = []

/** A new folder in the system's temporary folder, removed by `removeTemporaryFolders`. */
export function temporaryFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix))
  temporaryFolders.push(folder)
  return folder
}

/** Removes the folders `temporaryFolder` made (a spec's `test.afterEach`). */
export function removeTemporaryFolders() {
  for (const folder of temporaryFolders.splice(0)) rmSync(folder, { recursive: true, force: true })
}
