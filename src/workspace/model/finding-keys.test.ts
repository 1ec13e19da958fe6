import { describe, expect, it } from 'vitest'
import { findingKey, runIdOf, textHash } from './finding-keys'

describe('finding keys', () => {
  it.each([
    [
      {
        kind: 'package' as const,
        advisoryId: 'ghsa-35jh-r3h4-6jhm',
        package: { type: 'npm', name: 'lodash', version: '4.17.20' },
        location: './services/api/package-lock.json',
      },
      'package|GHSA-35jh-r3h4-6jhm|npm/lodash@4.17.20|services/api/package-lock.json',
    ],
    [
      { kind: 'package' as const, advisoryId: 'CVE-2021-1', package: { type: 'npm', name: 'x' } },
      'package|CVE-2021-1|npm/x@|',
    ],
    [
      { kind: 'code' as const, ruleId: 'js/xss', file: 'src/a.js', fingerprint: 'primaryLocationLineHash=abc:1' },
      'code|js/xss|src/a.js|fp:primaryLocationLineHash=abc:1',
    ],
    [
      { kind: 'code' as const, ruleId: 'js/xss', file: 'src\\a.js', context: 'el.innerHTML = input' },
      `code|js/xss|src/a.js|ctx:${textHash('el.innerHTML = input')}`,
    ],
    [
      { kind: 'secret' as const, ruleId: 'github-pat', file: 'config.env', context: 'expo********' },
      `secret|github-pat|config.env|ctx:${textHash('expo********')}`,
    ],
    [{ kind: 'endpoint' as const, channel: 'http', method: 'get', path: '/users/{id}' }, 'http GET /users/{id}'],
  ])('keys %j as %s', (parts, key) => {
    expect(findingKey(parts)).toBe(key)
  })

  it('keys code by its context, whatever its whitespace, and never by its line', () => {
    const key = (context: string) => findingKey({ kind: 'code', ruleId: 'r', file: 'a.py', context })
    expect(key('  eval(  request.args["q"] )\n')).toBe(key('eval( request.args["q"] )'))
    expect(key('eval(a)')).not.toBe(key('eval(b)'))
  })

  it('hashes a text to the same 14 hex digits in every version of Vigil', () => {
    expect(textHash('')).toBe('0bdcb81aee8d83')
    expect(textHash('el.innerHTML = input')).toMatch(/^[0-9a-f]{14}$/)
    expect(textHash('a')).not.toBe(textHash('b'))
  })

  it('names a run by its tool and what it scanned, else the tool alone', () => {
    expect(runIdOf('CodeQL', '/language:javascript/')).toBe('CodeQL|/language:javascript/')
    expect(runIdOf('CodeQL', '/language:python/')).not.toBe(runIdOf('CodeQL', '/language:javascript/'))
    expect(runIdOf('OSV-Scanner')).toBe('OSV-Scanner')
  })
})
