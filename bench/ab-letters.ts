// `node bench/ab.mjs`: what a change of CSS does to a keystroke's cost, measured in one page so that
// the machine's noise falls on both sides (docs/benchmarks.md). Serves a build of Vigil (or a
// plain-DOM reference page), opens a list, and with the CPU throttled types searches into its search
// field: blocks of them without the stylesheet AB_CSS (A) alternate with blocks with it (B). Prints
// the main thread's CPU time per search by trace event. On the repositories' lists each search
// draws a wholly new set of rows (see rowChangingNeedles); elsewhere they are single letters.
// Without AB_CSS both sides are the same page: their difference is the noise.
import { join } from 'node:path'
import { desktopContext, launchChromium } from './browser'
import { referenceDir, root, vigilDir } from './paths'
import { signIn } from './sign-in'
import { serve } from './static-server'
import { mainThreadSlices, traced } from './trace-events'
import { generateOrganisation } from '../src/data/generator'
import { defaultRepositoryFilters } from '../src/queries/repositories/repository-filters'
import { createRepositoryQuery } from '../src/queries/repositories/repository-query'

const env = process.env
/**
 * A list of Vigil (`/repositories`, `/vulnerabilities`, `/apis`) or a reference page (`filter`,
 * `styled-filter` for Vigil's own rows filled by plain code, `advisories`, `endpoints`).
 */
const path = env.AB_PATH ?? '/repositories'
const reference = !path.startsWith('/')
const size = Number(env.AB_SIZE ?? 100_000)
const cpu = Number(env.AB_CPU ?? 4)
const css = env.AB_CSS ?? ''
/** The build to serve: Vigil's, or the reference pages' for a reference page. */
const dir = env.AB_DIR ? join(root, env.AB_DIR) : reference ? referenceDir : vigilDir
/** The rows a reference page draws: as many as Vigil's list draws (the bench counts them). */
const rows = Number(env.AB_ROWS ?? 6)

const BLOCKS = 8
const LETTERS = 'abcdefghiklmnoprstuvwy'

/** More rows than any list draws at rest (7 on `/repositories`): the rows a search is compared by. */
const COMPARED_ROWS = 10

/**
 * Searches of two letters, each of whose first rows (COMPARED_ROWS) are none of the search's before
 * it, the first none of the 'q' typed before each block: single letters mostly are not (at 100,000 repositories, ten of
 * the alphabet's letters left the first rows as they were, and most others changed a few), and a
 * keystroke that changes no row measures nothing of the rows' rendering.
 */
function rowChangingNeedles(count: number): string[] {
  const query = createRepositoryQuery(generateOrganisation(size))
  const firstRows = (needle: string) =>
    query({ ...defaultRepositoryFilters, search: needle }).indexes.slice(0, COMPARED_ROWS)
  const candidates = [...LETTERS].flatMap((first) => [...LETTERS].map((second) => first + second))
  const needles: string[] = []
  let before = firstRows('q')
  for (const needle of candidates) {
    const shown = firstRows(needle)
    if (shown.length < COMPARED_ROWS || shown.some((index) => before.includes(index))) continue
    needles.push(needle)
    before = shown
    if (needles.length === count) return needles
  }
  throw new Error(`Only ${needles.length} searches of ${size} repositories each draw new rows`)
}
/** What the report lists apart; every other event is summed as "other". */
const shown = [
  'FunctionCall',
  'EventDispatch',
  'RunTask',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
]

/** Runs in the page: types the letters block by block, the stylesheet added in every other block, marking each block. */
async function typeBlocks({ css, blocks, letters }: { css: string; blocks: number; letters: string[] }) {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(css)
  const base = document.adoptedStyleSheets
  const input = document.querySelector<HTMLInputElement>('input[type="search"]')!
  input.focus()
  // The prototype's setter: React's own, on the element, would take the value as already seen.
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
  const type = async (letter: string) => {
    setValue.call(input, letter)
    input.dispatchEvent(new InputEvent('input', { bubbles: true, data: letter, inputType: 'insertText' }))
    // Its frame painted, then a pause, so that each letter's work stays its own.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
    await new Promise((resolve) => setTimeout(resolve, 40))
  }
  for (let block = 0; block < blocks; block++) {
    const withSheet = block % 2 === 1
    document.adoptedStyleSheets = withSheet ? [...base, sheet] : base
    // Two letters to let the style change settle before the block is measured.
    await type('z')
    await type('q')
    performance.mark(withSheet ? 'ab-B' : 'ab-A')
    for (const letter of letters) await type(letter)
    performance.mark('ab-end')
  }
}

async function main() {
  const repositoryPages = ['/repositories', 'filter', 'styled-filter']
  const needles = repositoryPages.includes(path) ? rowChangingNeedles(LETTERS.length) : [...LETTERS]
  const served = await serve(dir)
  const browser = await launchChromium()
  try {
    const context = await desktopContext(browser)
    const page = await context.newPage()
    if (!reference) await signIn(page, served.origin)
    await page.goto(
      reference ? `${served.origin}/${path}.html?n=${size}&rows=${rows}` : `${served.origin}${path}?demo-org=${size}`,
    )
    await page.locator('input[type="search"]').waitFor({ timeout: 120_000 })
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length > 0, undefined, { timeout: 120_000 })
    await page.waitForTimeout(2000)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
    const events = await traced(cdp, () => page.evaluate(typeBlocks, { css, blocks: BLOCKS, letters: needles }))
    const marks = events
      .filter((event) => event.cat?.includes('user_timing') && event.name.startsWith('ab-'))
      .sort((a, b) => a.ts - b.ts)
    const blocks = marks.flatMap((mark, place) =>
      mark.name !== 'ab-end' && marks[place + 1]?.name === 'ab-end'
        ? [{ side: mark.name.slice(3) as 'A' | 'B', from: mark.ts, to: marks[place + 1].ts }]
        : [],
    )
    const totals = { A: new Map<string, number>(), B: new Map<string, number>() }
    for (const slice of mainThreadSlices(events)) {
      const block = blocks.find(({ from, to }) => slice.ts >= from && slice.ts < to)
      if (!block) continue
      const name = shown.includes(slice.name) ? slice.name : 'other'
      totals[block.side].set(name, (totals[block.side].get(name) ?? 0) + slice.self)
    }
    const letters = (side: 'A' | 'B') => blocks.filter((block) => block.side === side).length * needles.length
    const perLetter = (side: 'A' | 'B', name: string) => (totals[side].get(name) ?? 0) / letters(side)
    console.log(
      `\n${path} at ${size} repositories, CPU ×${cpu}: main-thread CPU ms per search (A without, B with AB_CSS)`,
    )
    console.log(`searches: ${needles.join(' ')}`)
    console.log(`AB_CSS: ${css || '(none: both sides the same page)'}`)
    for (const name of [...shown, 'other'])
      console.log(
        `${name.padEnd(18)}${perLetter('A', name).toFixed(2).padStart(8)}${perLetter('B', name).toFixed(2).padStart(8)}`,
      )
    const sum = (side: 'A' | 'B') => [...shown, 'other'].reduce((total, name) => total + perLetter(side, name), 0)
    console.log(`${'total'.padEnd(18)}${sum('A').toFixed(2).padStart(8)}${sum('B').toFixed(2).padStart(8)}`)
  } finally {
    await browser.close()
    served.server.close()
  }
}

export const compareLetters = main
