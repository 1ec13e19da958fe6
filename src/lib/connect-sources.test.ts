import { describe, expect, it } from 'vitest'
import { connectAllowed, connectSources } from './connect-sources'

describe('connect sources of a policy', () => {
  it('reads connect-src, else default-src', () => {
    expect(connectSources("default-src 'self'; connect-src 'self' https://scans.test; img-src data:")).toEqual([
      "'self'",
      'https://scans.test',
    ])
    expect(connectSources("default-src 'self'; img-src data:")).toEqual(["'self'"])
    expect(connectSources('img-src data:')).toBeUndefined()
  })

  it.each([
    ['https://vigil.test/api', true],
    ['https://scans.test/feed/manifest.json', true],
    ['https://scans.test:8443/feed/manifest.json', false],
    ['https://evil.test/manifest.json', false],
  ])('lets %s through: %s', (address, allowed) => {
    expect(connectAllowed(new URL(address), ["'self'", 'https://scans.test'], 'https://vigil.test')).toBe(allowed)
  })

  it('takes a scheme source and * as the browser does', () => {
    expect(connectAllowed(new URL('https://any.test/x'), ['https:'], 'https://vigil.test')).toBe(true)
    expect(connectAllowed(new URL('http://any.test/x'), ['https:'], 'https://vigil.test')).toBe(false)
    expect(connectAllowed(new URL('https://any.test/x'), ['*'], 'https://vigil.test')).toBe(true)
  })
})
