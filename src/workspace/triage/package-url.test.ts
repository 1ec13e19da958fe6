import { describe, expect, it } from 'vitest'
import { grypeTypeOf, packageBaseOf, packageNameOf, packageUrlOf, parsePackageUrl, purlTypeOf } from './package-url'

describe('package URLs', () => {
  it.each([
    ['npm', 'lodash', '4.17.20', 'pkg:npm/lodash@4.17.20'],
    ['npm', '@babel/core', '7.0.0', 'pkg:npm/%40babel/core@7.0.0'],
    ['PyPI', 'Django_Rest', '3.0', 'pkg:pypi/django-rest@3.0'],
    ['Go', 'github.com/gin-gonic/gin', 'v1.9.0', 'pkg:golang/github.com/gin-gonic/gin@v1.9.0'],
    ['gomod', 'golang.org/x/net', 'v0.1.0', 'pkg:golang/golang.org/x/net@v0.1.0'],
    ['Maven', 'org.apache.logging.log4j:log4j-core', '2.14.0', 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.0'],
    ['java-archive', 'org.yaml:snakeyaml', '1.33', 'pkg:maven/org.yaml/snakeyaml@1.33'],
    ['crates.io', 'serde', '1.0.0', 'pkg:cargo/serde@1.0.0'],
    ['bundler', 'rails', '7.0.0', 'pkg:gem/rails@7.0.0'],
    ['composer', 'symfony/http-kernel', '6.0.0', 'pkg:composer/symfony/http-kernel@6.0.0'],
    ['Debian:12', 'openssl', '3.0.11-1', 'pkg:deb/debian/openssl@3.0.11-1'],
    ['alpine', 'musl', '1.2.4-r1', 'pkg:apk/alpine/musl@1.2.4-r1'],
  ])('builds the purl of a %s package %s@%s', (ecosystem, packageName, packageVersion, purl) => {
    expect(packageUrlOf({ ecosystem, packageName, packageVersion })).toBe(purl)
  })

  it("prefers the scanner's own purl, and builds none without ecosystem or name", () => {
    expect(packageUrlOf({ purl: 'pkg:npm/a@1', ecosystem: 'PyPI', packageName: 'b' })).toBe('pkg:npm/a@1')
    expect(packageUrlOf({ purl: 'not a purl', ecosystem: 'npm', packageName: 'b' })).toBe('pkg:npm/b')
    expect(packageUrlOf({ ecosystem: 'unheard-of', packageName: 'b' })).toBeUndefined()
    expect(packageUrlOf({ ecosystem: 'npm' })).toBeUndefined()
  })

  it('gives the base every version shares, the name scanners show and the Grype type', () => {
    const identity = parsePackageUrl('pkg:maven/org.yaml/snakeyaml@1.33?type=jar')!
    expect(packageBaseOf(identity)).toBe('pkg:maven/org.yaml/snakeyaml')
    expect(packageNameOf(identity)).toBe('org.yaml:snakeyaml')
    expect(packageNameOf(parsePackageUrl('pkg:npm/%40babel/core@7')!)).toBe('@babel/core')
    expect(packageNameOf(parsePackageUrl('pkg:deb/debian/openssl@3')!)).toBe('openssl')
    expect(grypeTypeOf(purlTypeOf('Go'))).toBe('go-module')
    expect(grypeTypeOf(purlTypeOf('PyPI'))).toBe('python')
    expect(grypeTypeOf(undefined)).toBeUndefined()
    expect(parsePackageUrl('lodash')).toBeUndefined()
  })
})

describe('package types named by a file', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'finds no type for the ecosystem %s (never one of Object’s own members)',
    (name) => {
      expect(purlTypeOf(name)).toBeUndefined()
      expect(grypeTypeOf(name)).toBeUndefined()
    },
  )
})
