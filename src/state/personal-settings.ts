import { readLocal, writeLocal } from '@/lib/local-storage'

/**
 * Settings that belong to the person, not the browser: each is stored under its key followed by
 * the identity's workspace name (a hash of issuer and subject), so that two people sharing a
 * browser never read each other's feed, token choice, sign-out choice or policy document.
 */
export const personalKey = (key: string, workspace: string) => `${key}:${workspace}`

/**
 * What to do with a value an older Vigil kept under the bare key for everyone on the browser:
 * `move` gives it to the first identity that reads it (and takes it away from the others);
 * `drop` deletes it (a choice that decides where a person's token goes is theirs to make again).
 */
export type SharedValue = 'move' | 'drop'

/** The person's value of a setting, or null when they have none. */
export function readPersonal(key: string, workspace: string, shared: SharedValue): string | null {
  const own = readLocal(personalKey(key, workspace))
  const old = readLocal(key)
  if (old === null) return own
  writeLocal(key, null)
  if (own !== null || shared === 'drop') return own
  writeLocal(personalKey(key, workspace), old)
  return old
}

/** Stores the person's value, or removes it for null. False when the browser would not. */
export const writePersonal = (key: string, workspace: string, value: string | null): boolean =>
  writeLocal(personalKey(key, workspace), value)
