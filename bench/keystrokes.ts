import type { Page } from 'playwright'
import { percentile, round } from './statistics'

/** Where a page shows its results: the "Showing X of Y" line and the first cell of each row. */
export interface ResultSelectors {
  count: string
  cells: string
}

export const vigilResults: ResultSelectors = {
  count: '[role="status"]',
  cells: 'tbody tr[data-index]:not([hidden]) td:first-child',
}
export const referenceResults: ResultSelectors = { count: '#count', cells: '#rows tr td:first-child' }

export interface KeystrokeResults {
  /** The first keystroke, apart: it may load code the later ones reuse. */
  first: number | 'never'
  p50: number
  p95: number
  max: number
  frameP95: number
  frameMax: number
  /** Per cent of the later keystrokes shown in the very next frame. */
  inNextFrame: number
  framesMax: number
  neverShown: number
  eventTimingMax: number | '<16'
  samples: (number | null)[]
}

const keystrokes = 30
/** The keys the search benchmark types: a query, then Backspace back towards empty. */
const typed = 'service platform team'
const keys = [...typed, ...Array<string>(keystrokes - typed.length).fill('Backspace')]

/** The search field's text after each of `keys`. */
const queries = keys.reduce<string[]>((queries, key) => {
  const before = queries.at(-1) ?? ''
  return [...queries, key === 'Backspace' ? before.slice(0, -1) : before + key]
}, [])

/** A frame as the page recorded it: its content when read, and its clock then and after its paint. */
interface Frame {
  rendered: number
  at: number
  state: string
}

/** What the measurement keeps on the measured page's window between calls. */
type MeasuredWindow = Window &
  typeof globalThis & {
    __shownResults: (selectors: ResultSelectors) => string
    __downs: number[]
    __frames: Frame[]
    __eventTiming: number[]
    __stopFrames: boolean
    __keydownTimed?: boolean
  }

/** What the page shows of its results right now: the count line and the rows' first cells. Runs in the page. */
function shownResults({ count, cells }: ResultSelectors): string {
  const line = [...document.querySelectorAll(count)].find((node) => node.textContent.startsWith('Showing'))
  // The first rows: how many more the virtualiser keeps below the fold varies with measurement.
  const rows = [...document.querySelectorAll(cells)].slice(0, 6).map((cell) => cell.textContent.trim())
  return `${line?.textContent ?? ''}\n${rows.join('\n')}`
}

/** Runs `task` with the page's CPU throttled `rate` times, then unthrottled again. */
export async function withCpu<T>(page: Page, rate: number, task: () => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  try {
    return await task()
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  }
}

/**
 * Keystroke to results, as the user sees them: for each of 30 keystrokes in the search field,
 * from the key event's time stamp to the first frame whose count line and rows are those of the
 * final result for that query, read after the key. Each frame is timed twice: at its
 * animation-frame callback, where its content is read and before its paint, and after its paint
 * (a rAF, then a task).
 * The final results are what the page shows once each query has settled, read afterwards by
 * typing each query again and waiting. Event Timing durations (16 ms or more) are kept too.
 */
export async function keystrokesToResults(
  page: Page,
  selector: string,
  results: ResultSelectors,
  cpu: number,
): Promise<KeystrokeResults> {
  // A tab in the background gets one frame a second: the measured page must be the one in front.
  await page.bringToFront()
  // Installed through the debugger protocol, which the page's CSP does not govern.
  await page.evaluate(`window.__shownResults = ${shownResults.toString()}`)
  await page.evaluate((resultsSelectors) => {
    const measured = window as MeasuredWindow
    measured.__downs = []
    measured.__frames = []
    measured.__eventTiming = []
    measured.__stopFrames = false
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'keydown' || entry.name === 'input') measured.__eventTiming.push(entry.duration)
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit)
    // Once per page: a second measurement on the same page reuses the listener.
    if (!measured.__keydownTimed)
      document.addEventListener('keydown', (event) => measured.__downs.push(event.timeStamp), true)
    measured.__keydownTimed = true
    const frame = () => {
      const state = measured.__shownResults(resultsSelectors)
      const rendered = performance.now()
      const channel = new MessageChannel()
      channel.port1.onmessage = () => measured.__frames.push({ rendered, at: performance.now(), state })
      channel.port2.postMessage(null)
      if (!measured.__stopFrames) requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
  }, results)
  // Keys typed into a field that cannot take focus (hidden by a loading screen) would go nowhere.
  await page.waitForSelector(selector, { state: 'visible' })
  await withCpu(page, cpu, async () => {
    await page.focus(selector)
    if (!(await page.evaluate((field) => document.activeElement?.matches(field), selector)))
      throw new Error(`The search field ${selector} did not take focus`)
    for (const key of keys) {
      await page.keyboard.press(key)
      await page.waitForTimeout(120)
    }
    await page.waitForTimeout(500)
  })
  const { downs, frames, eventTiming } = await page.evaluate(() => {
    const measured = window as MeasuredWindow
    measured.__stopFrames = true
    return { downs: measured.__downs, frames: measured.__frames, eventTiming: measured.__eventTiming }
  })
  // The settled result of each query, typed again at full speed with time to settle.
  const expected = new Map<string, string>()
  for (const query of new Set(queries)) {
    await page.fill(selector, query)
    await page.waitForTimeout(600)
    expected.set(query, await page.evaluate(shownResults, results))
  }
  await page.fill(selector, '')
  const shown = downs.map((down, index) => {
    // Only a frame whose content was read after the key can show its result; one read before it
    // and painted after would "show" a key that changes nothing at once.
    const after = frames.filter((frame) => frame.rendered > down)
    const place = after.findIndex((frame) => frame.state === expected.get(queries[index]))
    if (place < 0) return undefined
    const match = after[place]
    return { afterPaint: match.at - down, frame: match.rendered - down, frames: place + 1 }
  })
  const times = shown.map((result) => result?.afterPaint)
  const seen = times.filter((time) => time !== undefined)
  const later = seen.slice(1)
  const laterShown = shown.slice(1).filter((result) => result !== undefined)
  const toFrame = laterShown.map((result) => result.frame)
  return {
    first: times[0] === undefined ? 'never' : round(times[0]),
    p50: round(percentile(later, 50)),
    p95: round(percentile(later, 95)),
    max: round(Math.max(...later)),
    frameP95: round(percentile(toFrame, 95)),
    frameMax: round(Math.max(...toFrame)),
    inNextFrame: round((100 * laterShown.filter((result) => result.frames <= 1).length) / laterShown.length, 0),
    framesMax: Math.max(...laterShown.map((result) => result.frames)),
    neverShown: times.length - seen.length,
    eventTimingMax: eventTiming.length ? round(Math.max(...eventTiming)) : '<16',
    samples: times.map((time) => (time === undefined ? null : round(time))),
  }
}
