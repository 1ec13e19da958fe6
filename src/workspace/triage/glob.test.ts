import { describe, expect, it } from 'vitest'
import { checkPathPattern, compilePathPattern, matchesPath, normalisePath } from './glob'

const matches = (pattern: string, path: string) => matchesPath(compilePathPattern(pattern), path)

describe('path patterns', () => {
  it.each([
    ['test/**', 'test/a.ts', true],
    ['test/**', 'test/unit/deep/a.ts', true],
    ['test/**', 'test', true],
    ['test/**', 'src/test/a.ts', false],
    ['test/**', 'tests/a.ts', false],
    ['**/*.spec.ts', 'a.spec.ts', true],
    ['**/*.spec.ts', 'src/deep/x/a.spec.ts', true],
    ['**/*.spec.ts', 'src/a.spec.tsx', false],
    ['**/*.spec.ts', 'src/spec.ts', false],
    ['*.spec.ts', 'src/a.spec.ts', false],
    ['src/*/index.ts', 'src/a/index.ts', true],
    ['src/*/index.ts', 'src/a/b/index.ts', false],
    ['src/**/index.ts', 'src/index.ts', true],
    ['src/**/index.ts', 'src/a/b/index.ts', true],
    ['**/fixtures/**', 'packages/api/fixtures/keys/private.pem', true],
    ['**/fixtures/**', 'packages/api/fixture/keys.pem', false],
    ['**/*.{spec,test}.ts', 'src/a.test.ts', true],
    ['**/*.{spec,test}.ts', 'src/a.spec.ts', true],
    ['**/*.{spec,test}.ts', 'src/a.e2e.ts', false],
    ['docs/?.md', 'docs/a.md', true],
    ['docs/?.md', 'docs/ab.md', false],
    ['docs/?.md', 'docs//a.md', true],
    ['log[0-9].txt', 'log7.txt', true],
    ['log[0-9].txt', 'logx.txt', false],
    ['log[!0-9].txt', 'logx.txt', true],
    ['log[!0-9].txt', 'log1.txt', false],
    ['*', 'a/b', false],
    ['**', 'a/b', true],
    ['a*b*c', 'axxbyyc', true],
    ['a*b*c', 'axxbyy', false],
    ['Dockerfile', './Dockerfile', true],
    ['infra/main.tf', '/infra/main.tf', true],
    ['infra/main.tf', 'infra\\main.tf', true],
    ['a/**/**/b', 'a/x/y/b', true],
  ])('%s against %s: %s', (pattern, path, expected) => {
    expect(matches(pattern, path)).toBe(expected)
  })

  it('stays fast on patterns that make backtracking matchers explode', () => {
    const path = `${'a/'.repeat(200)}b`
    const pattern = `${'**/a/'.repeat(20)}c`
    // An exponential matcher would not return from these.
    expect(matches(pattern, path)).toBe(false)
    expect(matches(`${'*a'.repeat(30)}c`, 'a'.repeat(5000))).toBe(false)
  })

  it.each([
    ['', 'Write a path pattern'],
    ['   ', 'Write a path pattern'],
    ['src\\test\\**', 'Write "/" between folders'],
    ['src/{a,b', 'do not pair up'],
    ['src/a,b}', 'do not pair up'],
    ['src/{a,{b,c}}', 'one level'],
    ['log[0-9.txt', 'has no closing "]"'],
    ['x'.repeat(501), 'longer than 500'],
    ['{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}', 'more than 64 alternatives'],
  ])('refuses %j', (pattern, message) => {
    expect(checkPathPattern(pattern)).toContain(message)
    expect(() => compilePathPattern(pattern)).toThrow(message)
  })

  it('accepts the patterns people write', () => {
    for (const pattern of ['test/**', '**/*.spec.ts', 'src/{a,b}/**', '[abc]*.go']) {
      expect(checkPathPattern(pattern)).toBeUndefined()
    }
  })

  it('normalises paths the way scanners write them', () => {
    expect(normalisePath('./src//a/./b.ts')).toBe('src/a/b.ts')
    expect(normalisePath('C:\\repo\\a.ts')).toBe('C:/repo/a.ts')
  })
})
