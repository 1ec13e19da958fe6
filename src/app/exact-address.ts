import type { BaseLocationHook, BaseSearchHook } from 'wouter'

/**
 * wouter runs `decodeURI` over the path and the query before it matches routes or hands the
 * query out. That decodes `%41` but leaves `%2F`, `%23` and `%3F` encoded, so a parameter
 * would be decoded once, twice or not at all depending on its characters. Escaping every `%`
 * first makes wouter's decoding give back the address exactly as written: each parameter and
 * query value is then decoded once, by `decodeSegment` or `URLSearchParams`.
 */
const keepEscapes = (text: string) => (text.includes('%') ? text.replace(/%/g, '%25') : text)

/** A location hook whose path reaches the routes exactly as the address writes it. */
export function exactLocationHook(hook: BaseLocationHook): BaseLocationHook {
  return (...args) => {
    const [path, navigate] = hook(...args)
    return [keepEscapes(path), navigate]
  }
}

/** A search hook whose query reaches the screens exactly as the address writes it. */
export function exactSearchHook(hook: BaseSearchHook): BaseSearchHook {
  return (...args) => keepEscapes(hook(...args))
}

/** One path segment as text: decoded once; a malformed escape is kept as written. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
