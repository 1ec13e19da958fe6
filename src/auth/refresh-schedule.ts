/** Refresh at the token lifetime minus 10 s, never later than a day (86,400,000 ms). */
export const REFRESH_MARGIN_MS = 10_000
export const REFRESH_CAP_MS = 86_400_000

/**
 * A refresh that fails for a passing reason (the provider unreachable, a network error) is tried
 * again after these delays: 7 s in all, inside the 10-s margin, while the access token still works.
 */
export const REFRESH_RETRY_DELAYS_MS = [1_000, 2_000, 4_000] as const

/** True when the session has more than the refresh margin left: it can be used before renewing. */
export function hasTimeLeft(lifetimeMs: number): boolean {
  return lifetimeMs - REFRESH_MARGIN_MS > 0
}

/** When to refresh a session: at its lifetime minus the margin, at once when less is left, never past the cap. */
export function refreshDelayMs(lifetimeMs: number): number {
  return Math.max(0, Math.min(lifetimeMs - REFRESH_MARGIN_MS, REFRESH_CAP_MS))
}
