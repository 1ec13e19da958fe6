import type { Browser, Page } from 'playwright'
import { desktopContext } from '../browser'
import { keystrokesToResults, referenceResults, vigilResults, type KeystrokeResults } from '../keystrokes'
import { inAppTime } from '../page-timing'
import { signIn } from '../sign-in'
import { median, round } from '../statistics'

/** Keystroke results by CPU throttling rate (1 and 4). */
export type KeystrokesByCpu = Record<number, KeystrokeResults>

export interface VulnerabilityViewResults {
  firstVisitMs: number
  firstVisitRoundsMs: number[]
  revisitMs: number
  domNodes: number
  /** The advisory rows the table draws: as many as the plain-DOM page draws. */
  rowsInPage: number
  keystrokes: KeystrokesByCpu
}

/** The view's results with the plain-DOM page's keystrokes over the same advisory rows. */
export type ViewAgainstReference = VulnerabilityViewResults & { reference: KeystrokesByCpu }

/**
 * `/vulnerabilities` is ready: its count is on screen and the advisories' rows are drawn, visibly:
 * while another screen's code loads, the routes' Suspense keeps the last screen in the page, hidden.
 * Runs in the page.
 */
export function advisoriesReady(): boolean {
  return (
    // At least 1,000 repositories affected: the five samples, shown while a large organisation
    // is still being generated or read after a reload, must not count as the view being ready.
    [...document.querySelectorAll('[role="status"]')].some(
      (node) =>
        node.checkVisibility() &&
        /^Showing [\d,]+ of [1-9][\d,]* advisor\w*, affecting \d{1,3}(,\d{3})+ repositor/.test(node.textContent),
    ) &&
    [...document.querySelectorAll('table[aria-label="Advisories"] tr[data-index]')].some((row) => row.checkVisibility())
  )
}

/**
 * The grouped vulnerability view of the organisation on screen: navigation to ready, the first
 * time (the index is built or read) and again, its DOM nodes, and search keystrokes. `reopen`
 * loads the same organisation afresh at the repositories list and waits for it (the address that
 * generates it: a plain reload would bring back the five samples).
 */
export async function vulnerabilityView(
  page: Page,
  reopen: () => Promise<void>,
  cpus = [1, 4],
): Promise<VulnerabilityViewResults> {
  const first: number[] = []
  const again: number[] = []
  for (let round = 0; round < 3; round++) {
    if (round > 0) await reopen()
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 })
    first.push(await inAppTime(page, '/vulnerabilities', advisoriesReady))
    // The policies screen itself: while its code loads, the hidden vulnerabilities heading is still there.
    await inAppTime(page, '/policies', () =>
      [...document.querySelectorAll('h1')].some((h1) => h1.checkVisibility() && h1.textContent !== 'Vulnerabilities'),
    )
    again.push(await inAppTime(page, '/vulnerabilities', advisoriesReady))
  }
  const domNodes = await page.evaluate(() => document.querySelectorAll('*').length)
  const rowsInPage = await page.evaluate(() => document.querySelectorAll('tbody tr[data-index]').length)
  const keystrokesByCpu: KeystrokesByCpu = {}
  for (const cpu of cpus)
    keystrokesByCpu[cpu] = await keystrokesToResults(page, 'input[type="search"]', vigilResults, cpu)
  return {
    firstVisitMs: round(median(first)),
    // Each round's first visit: in the workspace the first round follows the imports (no kept index).
    firstVisitRoundsMs: first.map((time) => round(time)),
    revisitMs: round(median(again)),
    domNodes,
    rowsInPage,
    keystrokes: keystrokesByCpu,
  }
}

/** At 100,000 generated repositories, against the plain-DOM page rendering the same advisory rows. */
export async function generatedVulnerabilityView(
  browser: Browser,
  origin: string,
  referenceOrigin: string,
): Promise<{ repositories: number } & ViewAgainstReference> {
  const context = await desktopContext(browser)
  const page = await context.newPage()
  await signIn(page, origin)
  const openGenerated = async () => {
    await page.goto(`${origin}/repositories?demo-org=100000`)
    await page.getByText('Showing 100,000 of 100,000 repositories').waitFor({ timeout: 60_000 })
  }
  await openGenerated()
  const vigil = await vulnerabilityView(page, openGenerated)
  const reference: KeystrokesByCpu = {}
  const ref = await context.newPage()
  await ref.goto(`${referenceOrigin}/advisories.html?n=100000&rows=${vigil.rowsInPage}`)
  await ref.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 60_000 })
  for (const cpu of [1, 4]) reference[cpu] = await keystrokesToResults(ref, '#search', referenceResults, cpu)
  await context.close()
  return { repositories: 100_000, ...vigil, reference }
}
