import { describe, expect, it } from 'vitest'
import { compareVersions, fixAbove, schemeOf, withinVers, type VersionScheme } from './versions'

describe('version comparison', () => {
  it.each<[string, string, VersionScheme]>([
    // semver: numbers, pre-releases before their release, build metadata ignored
    ['1.2.3', '1.2.4', 'semver'],
    ['1.2.9', '1.2.10', 'semver'],
    ['1.9.0', '1.10.0', 'semver'],
    ['1.0.0-alpha', '1.0.0', 'semver'],
    ['1.0.0-alpha', '1.0.0-alpha.1', 'semver'],
    ['1.0.0-alpha.1', '1.0.0-alpha.beta', 'semver'],
    ['1.0.0-beta.2', '1.0.0-beta.11', 'semver'],
    ['1.0.0-rc.1', '1.0.0', 'semver'],
    ['0.2.3', '0.2.4', 'semver'],
    ['v1.2.3', 'v1.3.0', 'semver'],
    ['v0.0.0-20210921155107-089bfa567519', 'v0.1.0', 'semver'],
    ['4.17.20', '4.17.21', 'semver'],
    // PEP 440
    ['1.0.dev1', '1.0a1', 'pep440'],
    ['1.0a1', '1.0b1', 'pep440'],
    ['1.0b2', '1.0rc1', 'pep440'],
    ['1.0rc1', '1.0', 'pep440'],
    ['1.0', '1.0.post1', 'pep440'],
    ['1.0.post1', '1.0.1', 'pep440'],
    ['1.0a1.dev1', '1.0a1', 'pep440'],
    ['2.2.24', '3.2.4', 'pep440'],
    ['3.2.4', '3.2.5', 'pep440'],
    ['1.26.17', '1.26.18', 'pep440'],
    ['1.26.18', '2.0.7', 'pep440'],
    ['2.0', '1!0.5', 'pep440'],
    ['1.0-alpha1', '1.0', 'pep440'],
    // Maven
    ['1.0-SNAPSHOT', '1.0', 'maven'],
    ['2.0.0-M1', '2.0.0', 'maven'],
    ['2.14.1', '2.15.0', 'maven'],
    ['2.12.1', '2.12.2', 'maven'],
    ['9.0.14', '9.0.50', 'maven'],
    // distributions and dotted versions
    ['1.1.1c-r0', '1.1.1d-r0', 'generic'],
    ['1.1.1d-r0', '1.1.1d-r2', 'generic'],
    ['1.0.2l', '1.0.2m', 'generic'],
    ['1.1.1', '1.1.1a', 'generic'],
    ['2.4.56-1~deb11u1', '2.4.56-1', 'generic'],
    ['1.1.1n-0+deb11u2', '1.1.1n-0+deb11u3', 'generic'],
    ['1.0', '1.0+dfsg', 'generic'],
    ['1:1.0', '2:0.1', 'generic'],
    ['9:1.0', '10:0.1', 'generic'],
    ['1.0rc1', '1.0', 'generic'],
    ['1.0-beta', '1.0-rc', 'generic'],
  ])('%s is older than %s (%s)', (older, newer, scheme) => {
    expect(compareVersions(older, newer, scheme)).toBeLessThan(0)
    expect(compareVersions(newer, older, scheme)).toBeGreaterThan(0)
  })

  it.each<[string, string, VersionScheme]>([
    ['1.0', '1.0.0', 'semver'],
    ['1.0.0+build.7', '1.0.0', 'semver'],
    ['1.0', '1.0.0', 'pep440'],
    ['1.0.0', '1.0.0+local.1', 'pep440'],
    ['1.0.Final', '1.0', 'maven'],
    ['1.0.0', '1.0', 'generic'],
    ['v2.1', '2.1', 'generic'],
  ])('%s is the same version as %s (%s)', (a, b, scheme) => {
    expect(compareVersions(a, b, scheme)).toBe(0)
  })

  it('falls back to token comparison for text a scheme cannot read, without throwing', () => {
    expect(compareVersions('not a version', '1.0', 'semver')).toBeLessThan(0)
    expect(compareVersions('2024-01-01', '2024-02-01', 'pep440')).toBeLessThan(0)
    expect(compareVersions('', '1', 'generic')).toBeLessThan(0)
  })

  it.each([
    ['npm', 'semver'],
    ['Go', 'semver'],
    ['crates.io', 'semver'],
    ['PyPI', 'pep440'],
    ['Maven', 'maven'],
    ['java-archive', 'maven'],
    ['Debian:11', 'generic'],
    ['Alpine:v3.16', 'generic'],
    [undefined, 'generic'],
    ['__proto__', 'generic'],
  ])('reads the versions of %s as %s', (ecosystem, scheme) => {
    expect(schemeOf(ecosystem)).toBe(scheme)
  })
})

describe('the fix above an installed version', () => {
  it('takes the lowest fix above the installed version, the one of its release line', () => {
    expect(fixAbove('7.3.7', ['7.5.2', '6.3.1'], 'semver')).toBe('7.5.2')
    expect(fixAbove('6.1.0', ['7.5.2', '6.3.1'], 'semver')).toBe('6.3.1')
    expect(fixAbove('2.14.1', ['2.15.0', '2.3.1', '2.12.2'], 'maven')).toBe('2.15.0')
    expect(fixAbove('2.12.1', ['2.15.0', '2.3.1', '2.12.2'], 'maven')).toBe('2.12.2')
  })

  it('gives nothing when no fix is above it, and only a single fix when the version is unknown', () => {
    expect(fixAbove('3.0.0', ['2.0.0'], 'semver')).toBeUndefined()
    expect(fixAbove(undefined, ['2.0.0'], 'semver')).toBe('2.0.0')
    expect(fixAbove(undefined, ['2.0.0', '1.9.9'], 'semver')).toBeUndefined()
    expect(fixAbove('1.0.0', [], 'semver')).toBeUndefined()
  })
})

describe('vers ranges', () => {
  it.each([
    ['1.5.0', 'vers:npm/>=1.0.0|<2.0.0', true],
    ['2.0.0', 'vers:npm/>=1.0.0|<2.0.0', false],
    ['0.9.0', 'vers:npm/>=1.0.0|<2.0.0', false],
    ['1.2.3', 'vers:npm/1.2.3|>=2.0.0|<5.0.0', true],
    ['3.0.0', 'vers:npm/1.2.3|>=2.0.0|<5.0.0', true],
    ['1.2.4', 'vers:npm/1.2.3|>=2.0.0|<5.0.0', false],
    ['0.5', 'vers:pypi/<1.0', true],
    ['2.2.1', 'vers:gem/>=2.2.0|!=2.2.1|<2.3.0', false],
    ['2.2.2', 'vers:gem/>=2.2.0|!=2.2.1|<2.3.0', true],
    ['9.9.9', 'vers:deb/>=1.0', true],
    ['1.0.0', 'vers:npm/*', true],
    ['1.0.0-rc.1', 'vers:npm/1.0.0-rc.1%2Bbuild', true],
    ['7.0.0-M2', 'vers:tomee/>=7.0.0-M1|<=7.0.7', true],
  ])('%s in %s is %s', (version, range, expected) => {
    expect(withinVers(version, range)).toBe(expected)
  })

  it('says nothing of a range that is not vers', () => {
    expect(withinVers('1.0.0', '>=1.0.0 <2.0.0')).toBeUndefined()
  })
})
