import type { Plugin } from 'vite'

/** The origin of a configured address (the identity provider, the feed), or undefined when unset or no URL. */
export function providerOrigin(address: string | undefined): string | undefined {
  if (!address) return undefined
  try {
    return new URL(address).origin
  } catch {
    return undefined
  }
}

/** The origins besides the site's own that Vigil fetches from: the provider and the team's feed. */
export function connectOrigins(env: Record<string, string | undefined>): string[] {
  return [providerOrigin(env.VITE_AUTH_DOMAIN), providerOrigin(env.VITE_FEED_URL)].filter(
    (origin, index, all): origin is string => !!origin && all.indexOf(origin) === index,
  )
}

/**
 * The Content-Security-Policy of the built app. Mantine writes its CSS variables into a
 * style element, so styles allow 'unsafe-inline'; scripts never do. `origins` are those besides
 * the site's own that the app fetches from.
 */
export function contentSecurityPolicy(origins: string | string[] = []): string {
  const connect = ["'self'", ...[origins].flat()].join(' ')
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "worker-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ')
}

/** Headers that a static host should send with every response (README, "Security headers"). */
export function securityHeaders(origins: string | string[] = []): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(origins),
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  }
}

/** Writes the CSP into the production index.html; the dev server's inline React preamble stays allowed. */
export function contentSecurityPolicyMeta(origins: string | string[] = []): Plugin {
  return {
    name: 'vigil:content-security-policy',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy(origins) },
          injectTo: 'head-prepend',
        },
      ],
    },
  }
}
