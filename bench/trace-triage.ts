// `node bench/trace-triage.mjs`: where a bulk decision's time goes (docs/benchmarks.md). Seeds the
// large workspace into a build of Vigil (by default the one `npm run bench` left in dist-bench/vigil;
// TRACE_DIR names another), opens the bench's triage view, decides on every finding shown and
// profiles the main thread from Confirm to the counts on screen. Not a benchmark: profiling slows
// the page. The page's console lines that start with `[t]` print too: markers a build under
// investigation logs with `console.log` ("[t] counts" and `performance.now()`), on the page's clock.
import { writeFileSync } from 'node:fs'
import type { Page } from 'playwright'
import { join } from 'node:path'
import { desktopContext, launchChromium } from './browser'
import { printMarkers } from './markers'
import { root, vigilDir } from './paths'
import { bulkDecision } from './scenarios/triage'
import { seedLargeWorkspace } from './scenarios/workspace'
import { serve } from './static-server'
import { functionTimes, top } from './trace-keystrokes'

const env = process.env
const dir = env.TRACE_DIR ? join(root, env.TRACE_DIR) : vigilDir
const view = '/vulnerabilities/critical?view=flat&q=CVE-2026-1'

async function main() {
  const served = await serve(dir)
  const browser = await launchChromium()
  try {
    const context = await desktopContext(browser)
    const page = await context.newPage()
    // The workers' markers too (the counts' settling, the days to fix).
    printMarkers(page)
    await seedLargeWorkspace(page, served.origin)
    // TRACE_FLOW=1: the bench's whole triage scenario (three steps and their undo), unprofiled.
    if (env.TRACE_FLOW) {
      console.log(JSON.stringify(await bulkDecision(page, served.origin)))
      return
    }
    await page.goto(`${served.origin}${view}`)
    const dialog = page.getByRole('dialog', { name: /^Decide on/ })
    // TRACE_WARM=N: N steps decided and undone first, unprofiled: the bench's later rounds, with a longer log.
    for (let warm = 0; warm < Number(env.TRACE_WARM ?? 0); warm++) {
      await openReviewedStep(page, 'Warming up the trace')
      await dialog.getByRole('button', { name: 'Confirm' }).click()
      await page.getByRole('button', { name: /^Decide on 0 shown findings$/ }).waitFor({ timeout: 300_000 })
      await dialog.getByRole('button', { name: 'Undo' }).click()
      await dialog.getByText(/^Undone/).waitFor({ timeout: 300_000 })
      await dialog.getByRole('button', { name: 'Done' }).click()
      await dialog.waitFor({ state: 'hidden' })
    }
    await openReviewedStep(page, 'Upgraded in the trace')
    const cdp = await context.newCDPSession(page)
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
    const started = Date.now()
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await dialog.getByText(/^Saved /).waitFor({ timeout: 300_000 })
    await page.getByRole('button', { name: /^Decide on 0 shown findings$/ }).waitFor({ timeout: 300_000 })
    console.log(`Confirm to the counts on screen: ${Date.now() - started} ms (profiled)`)
    const { profile } = await cdp.send('Profiler.stop')
    writeFileSync(join(root, 'bench/trace-triage.cpuprofile'), JSON.stringify(profile))
    const functions = functionTimes(profile)
    console.log(`JS self time by function (sampled):\n${top(functions.self, 30)}`)
    console.log(`JS top-down (sampled):\n${functions.tree()}`)
  } finally {
    await browser.close()
    served.server.close()
  }
}

/** Every finding shown decided "Fixed", up to the dialog's Confirm. */
async function openReviewedStep(page: Page, reason: string) {
  const decideShown = page.getByRole('button', { name: /^Decide on [\d,]+ shown findings$/ })
  await decideShown.waitFor({ timeout: 120_000 })
  await decideShown.click()
  const dialog = page.getByRole('dialog', { name: /^Decide on/ })
  await dialog.getByRole('radio', { name: /Fixed/ }).check()
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason)
  await dialog.getByRole('radio', { name: 'Each of these findings' }).check()
  await dialog.getByRole('button', { name: 'Review' }).click()
  await dialog.getByRole('button', { name: 'Confirm' }).waitFor()
}

export const traceTriage = main
