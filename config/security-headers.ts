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

/** The origins besides the site's own that the policy lets in. */
export interface PolicyOrigins {
  /** The identity provider: the app fetches from it, and shows avatars it serves. */
  provider?: string
  /** The team's scan feed: the app fetches from it. */
  feed?: string
}

export function policyOrigins(env: Record<string, string | undefined>): PolicyOrigins {
  return { provider: providerOrigin(env.VITE_AUTH_DOMAIN), feed: providerOrigin(env.VITE_FEED_URL) }
}

const sources = (...origins: (string | undefined)[]) =>
  origins.filter((origin, index): origin is string => !!origin && origins.indexOf(origin) === index).join(' ')

/**
 * The Content-Security-Policy of the built app. Mantine writes its CSS variables into a
 * style element, so styles allow 'unsafe-inline'; scripts never do.
 */
export function contentSecurityPolicy({ provider, feed }: PolicyOrigins = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${sources("'self'", 'data:', provider)}`,
    "font-src 'self' data:",
    `connect-src ${sources("'self'", provider, feed)}`,
    "worker-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ')
}

/**
 * Headers that a static host should send with every response (docs/security.md, "Security headers").
 * `frame-ancestors` works only in a header (a meta policy ignores it), so only the header has it.
 */
export function securityHeaders(origins: PolicyOrigins = {}): Record<string, string> {
  return {
    'Content-Security-Policy': `${contentSecurityPolicy(origins)}; frame-ancestors 'none'`,
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  }
}

/** Writes the CSP into the production index.html; the dev server's inline React preamble stays allowed. */
export function contentSecurityPolicyMeta(origins: PolicyOrigins = {}): Plugin {
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

/**
 * The headers as a `_headers` file (Netlify, Cloudflare Pages and hosts that read the same
 * format) for every path: the workers' scripts included, since a worker takes its policy from
 * its own response and not from the page's meta tag.
 */
export function headersFile(origins: PolicyOrigins = {}): string {
  const lines = Object.entries(securityHeaders(origins)).map(([name, value]) => `  ${name}: ${value}`)
  return ['/*', ...lines, ''].join('\n')
}

/** Publishes `_headers` beside index.html in the build (docs/security.md says how other hosts send them). */
export function securityHeadersFile(origins: PolicyOrigins = {}): Plugin {
  return {
    name: 'vigil:security-headers-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile(origins) })
    },
  }
}
