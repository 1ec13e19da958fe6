import type { Page } from 'playwright'

/**
 * Prints the console lines of a page and of its workers (Playwright reports a worker's console as
 * its page's) that start with `[t]`: markers a build under investigation logs, on one clock when
 * they log `performance.timeOrigin + performance.now()`.
 */
export function printMarkers(page: Page): void {
  page.on('console', (message) => {
    const text = message.text()
    if (text.startsWith('[t]')) console.log(text)
  })
}
