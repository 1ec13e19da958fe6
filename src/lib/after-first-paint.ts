/** What `afterFirstPaint` needs of the browser (a window). */
export interface PaintClock {
  PerformanceObserver?: typeof PerformanceObserver
  setTimeout: (task: () => void, delayMs: number) => unknown
  requestAnimationFrame: (task: () => void) => unknown
}

/** How long to wait for a paint at most: a tab opened in the background paints nothing. */
export const FIRST_PAINT_WAIT_MS = 1000

/**
 * Resolves once the page's first contentful paint is on the screen (Paint Timing), in a task of
 * its own, so that work started then does not compete with drawing the first screen. Where the
 * browser reports no paints, it resolves after the next frame instead.
 */
export function afterFirstPaint(clock: PaintClock): Promise<void> {
  return new Promise((resolve) => {
    const painted = () => clock.setTimeout(resolve, 0)
    const Observer = clock.PerformanceObserver
    if (!Observer?.supportedEntryTypes?.includes('paint')) {
      clock.requestAnimationFrame(painted)
      return
    }
    const observer = new Observer((entries) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return
      observer.disconnect()
      painted()
    })
    observer.observe({ type: 'paint', buffered: true })
    clock.setTimeout(() => {
      observer.disconnect()
      resolve()
    }, FIRST_PAINT_WAIT_MS)
  })
}
