import type { Plugin } from 'vite'

/** The origin of the configured identity provider, or undefined in demo mode or when the value is no URL. */
export function providerOrigin(authDomain: string | undefined): string | undefined {
  if (!authDomain) return undefined
  try {
    return new URL(authDomain).origin
  } catch {
    return undefined
  }
}

/**
 * The Content-Security-Policy of the built app. Mantine writes its CSS variables into a
 * style element, so styles allow 'unsafe-inline'; scripts never do.
 */
export function contentSecurityPolicy(authOrigin?: string): string {
  const connect = authOrigin ? `'self' ${authOrigin}` : "'self'"
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
export function securityHeaders(authOrigin?: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(authOrigin),
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  }
}

/** Writes the CSP into the production index.html; the dev server's inline React preamble stays allowed. */
export function contentSecurityPolicyMeta(authOrigin?: string): Plugin {
  return {
    name: 'vigil:content-security-policy',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy(authOrigin) },
          injectTo: 'head-prepend',
        },
      ],
    },
  }
}
