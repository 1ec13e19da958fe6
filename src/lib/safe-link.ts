/**
 * The address to put in an `href` for a link that comes from imported data, or undefined when it
 * is not a link to follow: only absolute http and https addresses are (never `javascript:`,
 * `data:`, `file:`, `ms-msdt:` or a relative path that would open inside Vigil).
 */
export function safeLink(address: string | undefined): string | undefined {
  if (!address) return undefined
  try {
    const url = new URL(address.trim())
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined
  } catch {
    return undefined
  }
}
