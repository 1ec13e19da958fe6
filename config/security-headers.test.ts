import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, headersFile, policyOrigins, providerOrigin, securityHeaders } from './security-headers'

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
    expect(contentSecurityPolicy({ provider: origin })).toContain("connect-src 'self' https://acme.kinde.com;")
  })

  it('lets the app reach the team feed’s origin as well, once each', () => {
    const origins = policyOrigins({
      VITE_AUTH_DOMAIN: 'https://acme.kinde.com',
      VITE_FEED_URL: 'https://scans.acme.com/vigil/manifest.json',
    })
    expect(origins).toEqual({ provider: 'https://acme.kinde.com', feed: 'https://scans.acme.com' })
    expect(contentSecurityPolicy(origins)).toContain(
      "connect-src 'self' https://acme.kinde.com https://scans.acme.com;",
    )
    const same = policyOrigins({ VITE_AUTH_DOMAIN: 'https://a.example', VITE_FEED_URL: 'https://a.example/feed.json' })
    expect(contentSecurityPolicy(same)).toContain("connect-src 'self' https://a.example;")
    expect(contentSecurityPolicy(policyOrigins({}))).toContain("connect-src 'self';")
  })

  it('shows images only from the site, data: URLs and the provider (avatars), never any https host', () => {
    expect(contentSecurityPolicy()).toContain("img-src 'self' data:;")
    expect(contentSecurityPolicy({ provider: 'https://acme.kinde.com', feed: 'https://scans.acme.com' })).toContain(
      "img-src 'self' data: https://acme.kinde.com;",
    )
  })

  it('forbids framing in the header, where frame-ancestors works, and leaves it out of the meta policy', () => {
    expect(securityHeaders()['Content-Security-Policy']).toMatch(/; frame-ancestors 'none'$/)
    expect(contentSecurityPolicy()).not.toContain('frame-ancestors')
  })

  it('ignores a provider domain that is no URL', () => {
    expect(providerOrigin('acme')).toBeUndefined()
    expect(providerOrigin(undefined)).toBeUndefined()
  })

  it('sends no-referrer and nosniff', () => {
    expect(securityHeaders()).toMatchObject({ 'Referrer-Policy': 'no-referrer', 'X-Content-Type-Options': 'nosniff' })
  })

  it('publishes the headers for every path, the workers’ scripts included, which a meta policy does not reach', () => {
    const file = headersFile({ feed: 'https://scans.acme.com' })
    const [path, ...headers] = file.trim().split('\n')
    expect(path).toBe('/*')
    expect(headers).toEqual([
      `  Content-Security-Policy: ${contentSecurityPolicy({ feed: 'https://scans.acme.com' })}; frame-ancestors 'none'`,
      '  Referrer-Policy: no-referrer',
      '  X-Content-Type-Options: nosniff',
    ])
  })
})
