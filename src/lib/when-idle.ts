/**
 * Runs `task` once the browser has nothing else to do; the returned function cancels it. Where the
 * browser cannot say when it is idle (Safari), the task does not run: only work that may be
 * skipped (a warm-up, a preload) is handed here.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'undefined') return () => {}
  const handle = requestIdleCallback(() => task())
  return () => cancelIdleCallback(handle)
}
