/** The query parameters a provider's return to Vigil can carry. */
const CALLBACK_PARAMS = ['code', 'state', 'iss', 'error', 'error_description', 'error_uri', 'session_state'] as const

const trimSlash = (path: string) => path.replace(/\/+$/, '')

/**
 * True when the URL is the provider's return to Vigil: it carries a code, a state or an error,
 * at the redirect URL's address when one is given.
 */
export function isCallbackUrl(url: URL, redirectUrl?: string): boolean {
  const carriesResult = url.searchParams.has('code') || url.searchParams.has('error') || url.searchParams.has('state')
  if (!carriesResult || redirectUrl === undefined) return carriesResult
  const redirect = new URL(redirectUrl)
  return url.origin === redirect.origin && trimSlash(url.pathname) === trimSlash(redirect.pathname)
}

/** The URL without the callback's query parameters, for the address bar. */
export function withoutCallbackParams(url: URL): string {
  const clean = new URL(url.href)
  for (const name of CALLBACK_PARAMS) clean.searchParams.delete(name)
  return `${clean.pathname}${clean.search}${clean.hash}`
}
