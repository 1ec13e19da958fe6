export const MAX_GENERATED_SIZE = 100_000

/** A `?demo-org=` value: a whole number from 1 to 100,000, else none. */
export function parseGeneratedSize(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value.trim())) return undefined
  const size = Number(value)
  return size >= 1 && size <= MAX_GENERATED_SIZE ? size : undefined
}
