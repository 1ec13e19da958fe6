import type { Browser } from 'playwright'
import { desktopContext } from '../browser'
import { keystrokesToResults, referenceResults, vigilResults } from '../keystrokes'
import { signIn } from '../sign-in'
import type { KeystrokesByCpu } from './vulnerabilities'

/** Repositories of the generated organisation whose endpoints `/apis` lists (0 to 20 each). */
export const apisRepositories = 10_000

export interface ApisViewResults {
  repositories: number
  endpoints: number
  domNodes: number
  /** The endpoint rows the table draws: as many as the plain-DOM page draws. */
  rowsInPage: number
  keystrokes: KeystrokesByCpu
  reference: KeystrokesByCpu
}

/**
 * `/apis` at 10,000 generated repositories (about 100,000 endpoints): search keystrokes at a
 * normal and a 4× slower CPU, against the plain-DOM page filtering the same endpoints.
 */
export async function generatedApisView(
  browser: Browser,
  origin: string,
  referenceOrigin: string,
): Promise<ApisViewResults> {
  const context = await desktopContext(browser)
  const page = await context.newPage()
  await signIn(page, origin)
  await page.goto(`${origin}/apis?demo-org=${apisRepositories}`)
  const status = page.getByRole('status').filter({ hasText: /^Showing [\d,]+ of [\d,]{6,} endpoints$/ })
  await status.waitFor({ timeout: 120_000 })
  await page.locator('table[aria-label="Endpoints"] tr[data-index]').first().waitFor()
  const endpoints = Number((await status.textContent())?.match(/of ([\d,]+)/)?.[1].replaceAll(',', ''))
  const domNodes = await page.evaluate(() => document.querySelectorAll('*').length)
  const rowsInPage = await page.evaluate(() => document.querySelectorAll('tbody tr[data-index]').length)
  const keystrokes: KeystrokesByCpu = {}
  for (const cpu of [1, 4]) keystrokes[cpu] = await keystrokesToResults(page, 'input[type="search"]', vigilResults, cpu)
  const reference: KeystrokesByCpu = {}
  const ref = await context.newPage()
  await ref.goto(`${referenceOrigin}/endpoints.html?n=${apisRepositories}&rows=${rowsInPage}`)
  await ref.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 120_000 })
  for (const cpu of [1, 4]) reference[cpu] = await keystrokesToResults(ref, '#search', referenceResults, cpu)
  await context.close()
  return { repositories: apisRepositories, endpoints, domNodes, rowsInPage, keystrokes, reference }
}
