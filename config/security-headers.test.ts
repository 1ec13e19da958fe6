import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, providerOrigin, securityHeaders } from './security-headers'

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

  it('ignores a provider domain that is no URL', () => {
    expect(providerOrigin('acme')).toBeUndefined()
    expect(providerOrigin(undefined)).toBeUndefined()
  })

  it('sends no-referrer and nosniff', () => {
    expect(securityHeaders()).toMatchObject({ 'Referrer-Policy': 'no-referrer', 'X-Content-Type-Options': 'nosniff' })
  })
})
