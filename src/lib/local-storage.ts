/**
 * Local storage that never throws: where the browser blocks it, reads find nothing and writes
 * last for this page only.
 */
export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

/** Stores the value, or removes the key for null. False when it could not (blocked, or full). */
export function writeLocal(key: string, value: string | null): boolean {
  try {
    if (value === null) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, value)
    return true
  } catch {
    return false
  }
}
