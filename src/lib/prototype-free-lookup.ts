/**
 * A lookup table for keys that come from files or people: it has no prototype, so a key such as
 * `constructor`, `toString` or `__proto__` finds nothing rather than Object's own members.
 */
export function prototypeFreeLookup<T>(entries: Record<string, T>): Readonly<Record<string, T | undefined>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries))
}
