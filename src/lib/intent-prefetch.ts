/** Prefetch on intent waits 100 ms after hover or focus. */
export const PREFETCH_INTENT_DELAY_MS = 100

export interface IntentHandlers {
  onPointerEnter: () => void
  onFocus: () => void
  onPointerLeave: () => void
  onBlur: () => void
}

/**
 * Handlers for a link: resting on it (pointer or keyboard focus) for 100 ms prefetches what it
 * opens; leaving sooner prefetches nothing.
 */
export function intentPrefetch(prefetch: () => void, delay = PREFETCH_INTENT_DELAY_MS): IntentHandlers {
  let timer: ReturnType<typeof setTimeout> | undefined
  const start = () => {
    if (timer === undefined) timer = setTimeout(prefetch, delay)
  }
  const cancel = () => {
    clearTimeout(timer)
    timer = undefined
  }
  return { onPointerEnter: start, onFocus: start, onPointerLeave: cancel, onBlur: cancel }
}
