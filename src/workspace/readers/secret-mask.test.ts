import { describe, expect, it } from 'vitest'
import { maskSecret } from './secret-mask'

const token = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'

describe('secret masking', () => {
  it.each([
    [token, 'ghp_********'],
    [`export GITHUB_TOKEN=${token}`, 'expo********'],
    ['GITHUB_TOKEN=****************************************', 'GITH********'],
    ['**********', '********'],
    ['abc', '********'],
    ['abcdefgh', 'ab********'],
    ['', '********'],
    [undefined, '********'],
  ])('masks %j as %j', (match, masked) => {
    expect(maskSecret(match)).toBe(masked)
  })

  it('never keeps more than four characters of what it is given', () => {
    const masked = maskSecret(`password = "${token}"`)
    expect(masked.replace(/\*/g, '').length).toBeLessThanOrEqual(4)
    expect(masked).not.toContain(token.slice(4, 12))
  })
})
