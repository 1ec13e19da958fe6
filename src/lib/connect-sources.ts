/**
 * The `connect-src` sources of a Content-Security-Policy, or undefined when it has none (then
 * `default-src` rules, which Vigil's policy sets to 'self' alone).
 */
export function connectSources(policy: string): string[] | undefined {
  const directives = policy.split(';').map((directive) => directive.trim().split(/\s+/))
  const chosen =
    directives.find(([name]) => name?.toLowerCase() === 'connect-src') ??
    directives.find(([name]) => name?.toLowerCase() === 'default-src')
  return chosen?.slice(1)
}

/** Whether a policy's connect sources let a page at `selfOrigin` fetch `url`. */
export function connectAllowed(url: URL, sources: readonly string[], selfOrigin: string): boolean {
  return sources.some((source) => {
    if (source === '*') return url.protocol === 'https:' || url.protocol === 'http:'
    if (source === "'self'") return url.origin === selfOrigin
    if (/^[a-z][a-z0-9+.-]*:$/i.test(source)) return url.protocol === source.toLowerCase()
    try {
      return new URL(source).origin === url.origin
    } catch {
      return false
    }
  })
}
