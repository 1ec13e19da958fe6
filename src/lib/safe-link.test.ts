import { describe, expect, it } from 'vitest'
import { safeLink } from './safe-link'

describe('safeLink', () => {
  it.each([
    ['https://nvd.nist.gov/vuln/detail/CVE-2021-44228', 'https://nvd.nist.gov/vuln/detail/CVE-2021-44228'],
    ['http://advisories.test/a b', 'http://advisories.test/a%20b'],
    ['  HTTPS://Example.com/x  ', 'https://example.com/x'],
  ])('keeps the web address %s', (address, href) => {
    expect(safeLink(address)).toBe(href)
  })

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'ms-msdt:/id PCWDiagnostic',
    'vbscript:msgbox(1)',
    '/repository/evil',
    '//evil.example/x',
    'not a url',
    '',
    undefined,
  ])('refuses %s as a link', (address) => {
    expect(safeLink(address)).toBeUndefined()
  })
})
