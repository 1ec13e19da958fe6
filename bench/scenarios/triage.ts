import type { Page } from 'playwright'
import { median, round } from '../statistics'

export interface TriageResults {
  /** Findings the search shows, all decided in one bulk step. */
  findings: number
  /** From Confirm to the saved step and the counts refreshed on screen (the bar and the list). */
  bulkDecisionMs: number
  bulkDecisionRoundsMs: number[]
  /** From Undo to the counts back on screen. */
  undoMs: number
  /** From a finding's History button to its decisions on screen. */
  historyMs: number
}

/**
 * The seeded critical findings of the advisories whose number starts with 1 (1,111 of 9,000):
 * about 12,300 findings at 10,000 repositories of 100 findings. In the flat view: the seed's
 * aliases merge its advisories into a few groups, each of which a search for one id shows whole.
 */
const view = '/vulnerabilities/critical?view=flat&q=CVE-2026-1'
const rounds = 3

/** Presses a button of the open dialog by its name, on the page's clock. */
function pressInDialog(page: Page, name: string): Promise<number> {
  return page.evaluate((wanted) => {
    const button = [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find(
      (candidate) => candidate.textContent.trim() === wanted,
    )
    if (!button) throw new Error(`No button "${wanted}" in the dialog`)
    const at = performance.now()
    button.click()
    return at
  }, name)
}

/** The bar's counts, read from the page: findings that need triage and findings shown. */
function barCounts(page: Page): Promise<{ needTriage: number; shown: number }> {
  return page.evaluate(() => {
    const texts = [...document.querySelectorAll('button')].map((button) => button.textContent)
    const number = (pattern: RegExp) => {
      const match = texts.map((text) => pattern.exec(text)).find(Boolean)
      return match ? Number(match[1].replaceAll(',', '')) : Number.NaN
    }
    return { needTriage: number(/^([\d,]+) need triage$/), shown: number(/^Decide on ([\d,]+) shown findings?$/) }
  })
}

/** The page's clock in the first frame in which the bar shows these counts and the dialog `status`. */
async function countsShownAt(page: Page, status: string, needTriage: number, shown: number): Promise<number> {
  const frame = await page
    .waitForFunction(
      ({ status, needTriage, shown }) => {
        const dialog = document.querySelector('[role="dialog"] [role="status"]')
        if (!dialog?.textContent.includes(status)) return false
        const texts = [...document.querySelectorAll('button')].map((button) => button.textContent)
        const count = (value: number) => value.toLocaleString('en-US')
        return (
          texts.includes(`${count(needTriage)} need triage`) &&
          texts.some((text) => text === `Decide on ${count(shown)} shown finding${shown === 1 ? '' : 's'}`) &&
          performance.now()
        )
      },
      { status, needTriage, shown },
      { polling: 'raf', timeout: 120_000 },
    )
    .catch(async (error: unknown) => {
      const seen = await page.evaluate(() => ({
        status: document.querySelector('[role="dialog"] [role="status"]')?.textContent,
        buttons: [...document.querySelectorAll('button')].map((button) => button.textContent).filter(Boolean),
      }))
      throw new Error(
        `Waited for "${status}", ${needTriage} needing triage and ${shown} shown; the page shows ${JSON.stringify(seen)}`,
        { cause: error },
      )
    })
  return (await frame.jsonValue()) as number
}

/**
 * On the seeded workspace: the critical findings a search shows (about 12,300), all of
 * them decided "Fixed" one by one in one bulk step, timed from Confirm until the step is saved and
 * the counts (needing triage, shown) are refreshed on screen; then the step undone, timed the same
 * way; then a decided finding's history opened from its repository.
 */
export async function bulkDecision(page: Page, origin: string): Promise<TriageResults> {
  await page.goto(`${origin}${view}`)
  const decideShown = page.getByRole('button', { name: /^Decide on [\d,]+ shown findings$/ })
  await decideShown.waitFor({ timeout: 120_000 })
  const before = await barCounts(page)
  const decided: number[] = []
  const undone: number[] = []
  for (let step = 0; step < rounds; step++) {
    await decideShown.click()
    const dialog = page.getByRole('dialog', { name: /^Decide on/ })
    await dialog.getByText(`${before.shown.toLocaleString('en-US')} findings chosen.`).waitFor({ timeout: 120_000 })
    await dialog.getByRole('radio', { name: /Fixed/ }).check()
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Upgraded in the bench')
    await dialog.getByRole('radio', { name: 'Each of these findings' }).check()
    await dialog.getByRole('button', { name: 'Review' }).click()
    await dialog.getByRole('button', { name: 'Confirm' }).waitFor()
    const confirmedAt = await pressInDialog(page, 'Confirm')
    const saved = `Saved ${before.shown.toLocaleString('en-US')} decisions`
    decided.push((await countsShownAt(page, saved, before.needTriage - before.shown, 0)) - confirmedAt)
    const undoAt = await pressInDialog(page, 'Undo')
    undone.push((await countsShownAt(page, 'Undone:', before.needTriage, before.shown)) - undoAt)
    await pressInDialog(page, 'Done')
    await dialog.waitFor({ state: 'hidden' })
  }
  // Repository 0's eleventh finding is CVE-2026-10 in pkg-10, critical (the seed's advisory of a finding is
  // (repository × 7 + index) mod 9,000, its severity (repository + index) mod 5): decided and
  // undone three times above.
  const history: number[] = []
  for (let visit = 0; visit < rounds; visit++) {
    await page.goto(`${origin}/repository/service-00000?tab=vulnerabilities`)
    const button = page.getByRole('button', { name: 'History of CVE-2026-10 in pkg-10' })
    await button.waitFor({ timeout: 60_000 })
    const clickedAt = await button.evaluate((element: HTMLButtonElement) => {
      const at = performance.now()
      element.click()
      return at
    })
    const shownAt = await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[role="dialog"]')].some(
          (dialog) => dialog.checkVisibility() && dialog.textContent.includes('Needs triage → Fixed'),
        ) && performance.now(),
      undefined,
      { polling: 'raf', timeout: 30_000 },
    )
    history.push(((await shownAt.jsonValue()) as number) - clickedAt)
  }
  return {
    findings: before.shown,
    bulkDecisionMs: round(median(decided)),
    bulkDecisionRoundsMs: decided.map(round),
    undoMs: round(median(undone)),
    historyMs: round(median(history)),
  }
}
