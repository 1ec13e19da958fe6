import type { Browser } from 'playwright'
import { desktopContext } from '../browser'
import { keystrokesToResults, referenceResults, vigilResults, type KeystrokeResults } from '../keystrokes'
import { searchSizes, searchStyled } from '../settings'
import { signIn } from '../sign-in'
import { median, round } from '../statistics'

/** The styled-rows page: its own count line, and rows as Vigil's table has them. */
const styledResults = { count: '#count', cells: vigilResults.cells }

export interface SearchRow {
  size: number
  cpu: number
  domNodes: number
  rowsInPage: number
  vigil: KeystrokeResults
  reference: KeystrokeResults
  ratioP95: number
  /** With BENCH_STYLED=1: Vigil's rows, filled by plain DOM code in a page of their own. */
  styled?: KeystrokeResults
}

export interface SortByNameResults {
  ascendingMs: number
  descendingMs: number
}

/**
 * Search at each size, normal and 4× slower CPU: keystroke to results in Vigil and in the plain-DOM
 * page that renders the same rows and columns (as many rows as Vigil keeps in the page).
 */
export async function searchBench(
  browser: Browser,
  vigilOrigin: string,
  referenceOrigin: string,
): Promise<SearchRow[]> {
  const rows: SearchRow[] = []
  const context = await desktopContext(browser)
  const page = await context.newPage()
  await signIn(page, vigilOrigin)
  for (const size of searchSizes) {
    for (const cpu of [1, 4]) {
      const total = size.toLocaleString('en-US')
      await page.goto(`${vigilOrigin}/repositories?demo-org=${size}`)
      // The generated organisation's rows are named "<words>-<n>".
      await page.getByText(`Showing ${total} of ${total} repositories`).waitFor({ timeout: 60_000 })
      await page.waitForFunction(
        () => /-1Updated/.test(document.querySelector('tbody tr[data-index] td')?.textContent ?? ''),
        undefined,
        { timeout: 60_000 },
      )
      const domNodes = await page.evaluate(() => document.querySelectorAll('*').length)
      const rowsInPage = await page.evaluate(
        () => document.querySelectorAll('tbody tr[data-index]:not([hidden])').length,
      )
      const ref = await context.newPage()
      await ref.goto(`${referenceOrigin}/filter.html?n=${size}&rows=${rowsInPage}`)
      await ref.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 60_000 })
      const styled = searchStyled ? await context.newPage() : undefined
      if (styled) {
        const width = await page.evaluate(() => document.querySelector('table')!.parentElement!.clientWidth)
        await styled.goto(`${referenceOrigin}/styled-filter.html?n=${size}&rows=${rowsInPage}&width=${width}`)
        await styled.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 60_000 })
      }
      // The order alternates with the CPU rate, so that neither page is always measured first.
      const measured: Partial<Record<'vigil' | 'reference' | 'styled', KeystrokeResults>> = {}
      const order = cpu === 1 ? ['vigil', 'reference', 'styled'] : ['styled', 'reference', 'vigil']
      for (const which of order) {
        if (which === 'vigil')
          measured.vigil = await keystrokesToResults(page, 'input[type="search"]', vigilResults, cpu)
        else if (which === 'reference')
          measured.reference = await keystrokesToResults(ref, '#search', referenceResults, cpu)
        else if (styled) measured.styled = await keystrokesToResults(styled, '#search', styledResults, cpu)
      }
      await ref.close()
      await styled?.close()
      const { vigil, reference } = measured as Record<'vigil' | 'reference', KeystrokeResults>
      // `...measured` first keeps vigil and reference in the order they were measured, as
      // bench/results.json has always had them; the named fields after it only type them.
      const row: SearchRow = {
        size,
        cpu,
        domNodes,
        rowsInPage,
        ...measured,
        vigil,
        reference,
        ratioP95: round(vigil.p95 / Math.max(reference.p95, 1), 2),
      }
      rows.push(row)
      if (row.styled)
        console.log(
          `search at ${size} repositories, CPU ×${cpu}: Vigil's rows filled by plain DOM code p95 ${row.styled.p95} ms, to the frame ${row.styled.frameP95} ms`,
        )
      console.log(
        `search at ${size} repositories, CPU ×${cpu}: Vigil p95 ${row.vigil.p95} ms (first ${row.vigil.first}, max ${row.vigil.max}, never shown ${row.vigil.neverShown}), plain DOM p95 ${row.reference.p95} ms; to the frame: Vigil p95 ${row.vigil.frameP95} ms (max ${row.vigil.frameMax}, ${row.vigil.inNextFrame}% in the next frame, at most ${row.vigil.framesMax} frames), plain DOM p95 ${row.reference.frameP95} ms (${row.reference.inNextFrame}% in the next frame)`,
      )
    }
  }
  await context.close()
  return rows
}

/**
 * The first sort by name at 100,000 repositories, a few seconds after the list showed (a user
 * reading it first): click on the column's button to the frame whose first row is the sorted one.
 */
export async function sortByName(browser: Browser, vigilOrigin: string): Promise<SortByNameResults> {
  const context = await desktopContext(browser)
  const page = await context.newPage()
  await signIn(page, vigilOrigin)
  const rounds: { ascending: number; descending: number }[] = []
  for (let round = 0; round < 3; round++) {
    await page.goto(`${vigilOrigin}/repositories?demo-org=100000`)
    await page.getByText('Showing 100,000 of 100,000 repositories').waitFor({ timeout: 60_000 })
    await page.waitForTimeout(3000)
    rounds.push(
      await page.evaluate(async () => {
        const firstRow = () => document.querySelector('tbody tr[data-index] td p')?.textContent
        const clickAndWait = async () => {
          const before = firstRow()
          const started = performance.now()
          document.querySelector<HTMLButtonElement>('thead button')!.click()
          while (firstRow() === before) await new Promise((resolve) => requestAnimationFrame(resolve))
          return performance.now() - started
        }
        return { ascending: await clickAndWait(), descending: await clickAndWait() }
      }),
    )
  }
  await context.close()
  return {
    ascendingMs: round(median(rounds.map((r) => r.ascending))),
    descendingMs: round(median(rounds.map((r) => r.descending))),
  }
}
