/** Frames may run and input be handled before the caller goes on; without the 4 ms clamp of nested timers. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(null)
  })
}

/**
 * For long work the page does on the side (figures a screen asked for, which go on being worked
 * out once the person has left that screen): goes on only once input, rendering and every other
 * task have had their turn. After `scheduler.yield` the work would go on first, ahead of the frames
 * that show what a keystroke changed.
 */
export function yieldToEverything(): Promise<void> {
  const scheduler = (
    globalThis as { scheduler?: { postTask?: (task: () => void, options: { priority: string }) => Promise<void> } }
  ).scheduler
  if (scheduler?.postTask) return scheduler.postTask(() => {}, { priority: 'background' })
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/** How long long work on the page runs between two yields: frames and input keep coming meanwhile. */
export const SLICE_MS = 12

/**
 * Long work in slices of SLICE_MS: where the work may stop, `if (slices.due()) await slices.next()`.
 * `yieldTo` is yieldToMain, or yieldToEverything for work done on the side.
 */
export function timeSlices(yieldTo: () => Promise<void>) {
  let sliceStart = performance.now()
  return {
    /** Whether this slice's time is up. */
    due: () => performance.now() - sliceStart > SLICE_MS,
    /** Yields, then starts the next slice. */
    async next() {
      await yieldTo()
      sliceStart = performance.now()
    },
  }
}
