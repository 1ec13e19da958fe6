import type { Browser, Page } from 'playwright'
import { desktopContext } from '../browser'
import { keystrokesToResults, referenceResults } from '../keystrokes'
import { inAppTime, inAppTimes, loadTime, type ReadyAt } from '../page-timing'
import { workspaceFindings, workspaceHistoryDays, workspaceRepositories } from '../settings'
import { signIn } from '../sign-in'
import { bulkDecision, type TriageResults } from './triage'
import { median, round } from '../statistics'
import { vulnerabilityView, type KeystrokesByCpu, type ViewAgainstReference } from './vulnerabilities'

export interface WorkspaceResults {
  repositories: number
  findings: number
  seedSeconds: number
  reloadToListMs: number
  detailsMs: number
  dashboardMs: number
  detailsFirstMs: number
  dashboardFirstMs: number
  /** The dashboard's trends and overdue counts on screen, over `historyDays` of daily scans. */
  trendsMs: number
  trendsFirstMs: number
  historyDays: number
  jsHeapUsedMb: number
  vulnerabilities: ViewAgainstReference
  triage: TriageResults
}

/**
 * Signs in and fills the user's workspace with `BENCH_WORKSPACE_REPOS` × `BENCH_WORKSPACE_FINDINGS`
 * findings through the real store, then makes it the data source; returns the seconds it took.
 * `historyDays` (`BENCH_WORKSPACE_HISTORY` unless given) of daily scans go into each repository's
 * history; with `aliasPerAdvisory`, each CVE is an advisory of its own on /vulnerabilities (by
 * default the seed's shared aliases merge them all into one: bench/seed/seed.ts).
 */
export async function seedLargeWorkspace(
  page: Page,
  origin: string,
  {
    historyDays = workspaceHistoryDays,
    aliasPerAdvisory = false,
  }: { historyDays?: number; aliasPerAdvisory?: boolean } = {},
): Promise<number> {
  await signIn(page, origin)
  await page.goto(
    `${origin}/bench-seed/index.html?repos=${workspaceRepositories}&findings=${workspaceFindings}&history=${historyDays}${aliasPerAdvisory ? '&aliases=advisory' : ''}`,
  )
  await page.waitForFunction(() => document.body.dataset.done || document.body.dataset.error, undefined, {
    timeout: 1_800_000,
  })
  const error = await page.evaluate(() => document.body.dataset.error)
  if (error) throw new Error(`Seeding the workspace failed: ${error}`)
  const seedSeconds = Number(await page.evaluate(() => document.body.dataset.seconds))
  await page.evaluate(() => localStorage.setItem('vigil-demo-org', 'workspace'))
  return seedSeconds
}

/**
 * A workspace of 10,000 repositories and 1,000,000 findings (`BENCH_WORKSPACE_REPOS` ×
 * `BENCH_WORKSPACE_FINDINGS`), written through the real store by the seed page; then a signed-in
 * reload to the repositories list, a repository's details and the dashboard, the vulnerability
 * view against the plain-DOM advisories of the same workspace, the JS heap, and a bulk decision.
 */
export async function largeWorkspace(browser: Browser, origin: string): Promise<WorkspaceResults> {
  const context = await desktopContext(browser)
  const page = await context.newPage()
  const seedSeconds = await seedLargeWorkspace(page, origin)
  const shown = workspaceRepositories.toLocaleString('en-US')
  const list: number[] = []
  const details: number[] = []
  const dashboard: number[] = []
  const detailsCold: number[] = []
  const dashboardCold: number[] = []
  const trends: number[] = []
  const trendsCold: number[] = []
  for (let round = 0; round < 3; round++) {
    list.push(
      await loadTime(
        page,
        `${origin}/repositories`,
        // A function made from a string, to carry the count into the page: Playwright sends a
        // function as it is, whereas a string predicate is evaluated in the page, which Vigil's CSP forbids.
        new Function(
          `return document.body.innerText.includes('Showing ${shown} of ${shown} repositories') && performance.now()`,
        ) as ReadyAt,
      ),
    )
    // Right after the list is ready (the screens' code may still be loading), then once more.
    for (const [visit, detailsTimes, dashboardTimes, trendsTimes] of [
      [0, detailsCold, dashboardCold, trendsCold],
      [1, details, dashboard, trends],
    ] as const) {
      const name = `service-${String((round * 4099 + visit * 17) % workspaceRepositories).padStart(5, '0')}`
      detailsTimes.push(
        await inAppTime(page, `/repository/${name}`, () =>
          [...document.querySelectorAll('article')].some((article) => article.checkVisibility()),
        ),
      )
      const [tiles, trendsShown] = await inAppTimes(page, '/', [
        () =>
          [...document.querySelectorAll('section')].some(
            (section) =>
              section.checkVisibility() &&
              section.textContent.startsWith('Open vulnerabilities') &&
              /\d{4,}/.test(section.textContent),
          ),
        () =>
          !!document.querySelector('[data-testid="trends-summary"]')?.checkVisibility() &&
          !!document.querySelector('[data-testid="oldest-open"]')?.checkVisibility(),
      ])
      dashboardTimes.push(tiles)
      trendsTimes.push(trendsShown)
    }
  }
  // Each round opens the app afresh at the list and waits for the workspace to be read, as the
  // generated organisation's rounds do: the visit is timed from the list, not from a reload.
  const view = await vulnerabilityView(page, async () => {
    await page.goto(`${origin}/repositories`)
    await page.getByText(`Showing ${shown} of ${shown} repositories`).waitFor({ timeout: 60_000 })
  })
  // The plain-DOM page on the same origin renders the same advisory rows from the same workspace.
  const referencePage = await context.newPage()
  await referencePage.goto(`${origin}/bench-seed/advisories.html?rows=${view.rowsInPage}`)
  await referencePage.waitForFunction(() => document.body.dataset.ready || document.body.dataset.error, undefined, {
    timeout: 120_000,
  })
  const referenceError = await referencePage.evaluate(() => document.body.dataset.error)
  if (referenceError) throw new Error(`The workspace's plain-DOM advisories failed: ${referenceError}`)
  const reference: KeystrokesByCpu = {}
  for (const cpu of [1, 4]) reference[cpu] = await keystrokesToResults(referencePage, '#search', referenceResults, cpu)
  await referencePage.close()
  const vulnerabilities = { ...view, reference }
  await page.goto(`${origin}/repositories`)
  await page.getByText(`Showing ${shown} of ${shown} repositories`).waitFor({ timeout: 60_000 })
  const cdp = await context.newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  const heap = await cdp.send('Runtime.getHeapUsage')
  // Last: its decisions change what the views above show.
  const triage = await bulkDecision(page, origin)
  await context.close()
  return {
    repositories: workspaceRepositories,
    findings: workspaceRepositories * workspaceFindings,
    seedSeconds,
    reloadToListMs: round(median(list)),
    detailsMs: round(median(details)),
    dashboardMs: round(median(dashboard)),
    detailsFirstMs: round(median(detailsCold)),
    dashboardFirstMs: round(median(dashboardCold)),
    trendsMs: round(median(trends)),
    trendsFirstMs: round(median(trendsCold)),
    historyDays: workspaceHistoryDays,
    jsHeapUsedMb: round(heap.usedSize / 1024 / 1024),
    vulnerabilities,
    triage,
  }
}
