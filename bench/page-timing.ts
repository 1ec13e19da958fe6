import type { Page } from 'playwright'

/** A predicate run in the page every animation frame: the page's clock once it holds, false before. */
export type ReadyAt = () => number | false

export interface LoadTimes {
  /** The page's clock in the frame in which it was ready: what the user sees. */
  frame: number
  /** The page's clock once the bench heard of that frame. */
  afterRoundTrip: number
}

/**
 * Opens `url` and times it to the animation frame in which the page is ready: `readyAt` returns
 * the page's clock then (`cond && performance.now()`), false before. That frame is what the user
 * sees. `afterRoundTrip` is the clock read once the bench has heard of it, which also counts
 * whatever the page does right after that frame (how the bench measured before).
 */
export async function loadTimes(page: Page, url: string, readyAt: ReadyAt): Promise<LoadTimes> {
  await page.goto(url, { waitUntil: 'commit' })
  const frame = await page.waitForFunction(readyAt, undefined, { polling: 'raf', timeout: 30_000 })
  return { frame: (await frame.jsonValue()) as number, afterRoundTrip: await page.evaluate(() => performance.now()) }
}

export async function loadTime(page: Page, url: string, readyAt: ReadyAt): Promise<number> {
  return (await loadTimes(page, url, readyAt)).frame
}

/** When the page's first contentful paint reached the screen, on its clock (Chromium's Paint Timing). */
export async function firstContentfulPaint(page: Page): Promise<number> {
  const entry = await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    undefined,
    { timeout: 30_000 },
  )
  return entry.jsonValue()
}

/**
 * Times from an in-app navigation (wouter follows pushState) until each of `stages` holds in a
 * frame, in turn (the page's first part, then the rest), read from the page's clock; each includes
 * one round trip to the page, a few milliseconds.
 */
export async function inAppTimes(page: Page, path: string, stages: (() => boolean)[]): Promise<number[]> {
  const start = await page.evaluate((target) => {
    const now = performance.now()
    history.pushState(null, '', target)
    return now
  }, path)
  const times: number[] = []
  for (const ready of stages) {
    await page.waitForFunction(ready, undefined, { polling: 'raf', timeout: 60_000 })
    times.push((await page.evaluate(() => performance.now())) - start)
  }
  return times
}

/** As `inAppTimes`, for one stage. */
export async function inAppTime(page: Page, path: string, ready: () => boolean): Promise<number> {
  const [time] = await inAppTimes(page, path, [ready])
  return time
}
