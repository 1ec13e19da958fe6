/** The value if it is one of those allowed (an address parameter, say), else the fallback. */
export const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback
