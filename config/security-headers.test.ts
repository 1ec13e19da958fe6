import { describe, expect, it } from 'vitest'
import { connectOrigins, contentSecurityPolicy, providerOrigin, securityHeaders } from './security-headers'

describe('security headers', () => {
  it('allows scripts only from self and never inline', () => {
    const policy = contentSecurityPolicy()
    expect(policy).toContain("script-src 'self'")
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(policy).toContain("object-src 'none'")
    expect(policy).toContain("base-uri 'self'")
    expect(policy).toContain("connect-src 'self';")
  })

  it('lets the app reach the configured provider origin and nothing else', () => {
    const origin = providerOrigin('https://acme.kinde.com/some/path')
    expect(origin).toBe('https://acme.kinde.com')
    expect(contentSecurityPolicy(origin)).toContain("connect-src 'self' https://acme.kinde.com;")
  })

  it('lets the app reach the team feed’s origin as well, once each', () => {
    const origins = connectOrigins({
      VITE_AUTH_DOMAIN: 'https://acme.kinde.com',
      VITE_FEED_URL: 'https://scans.acme.com/vigil/manifest.json',
    })
    expect(origins).toEqual(['https://acme.kinde.com', 'https://scans.acme.com'])
    expect(contentSecurityPolicy(origins)).toContain(
      "connect-src 'self' https://acme.kinde.com https://scans.acme.com;",
    )
    expect(
      connectOrigins({ VITE_AUTH_DOMAIN: 'https://a.example', VITE_FEED_URL: 'https://a.example/feed.json' }),
    ).toEqual(['https://a.example'])
    expect(connectOrigins({})).toEqual([])
  })

  it('ignores a provider domain that is no URL', () => {
    expect(providerOrigin('acme')).toBeUndefined()
    expect(providerOrigin(undefined)).toBeUndefined()
  })

  it('sends no-referrer and nosniff', () => {
    expect(securityHeaders()).toMatchObject({ 'Referrer-Policy': 'no-referrer', 'X-Content-Type-Options': 'nosniff' })
  })
})
