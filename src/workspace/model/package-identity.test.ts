import { describe, expect, it } from 'vitest'
import { packageIdentity, purlTypeOf } from './package-identity'

describe('package identity', () => {
  it.each([
    [{ purl: 'pkg:pypi/Django_Rest@3.2.4' }, { type: 'pypi', name: 'django-rest', version: '3.2.4' }],
    [
      { ecosystem: 'PyPI', name: 'Django.Rest', version: '3.2.4' },
      { type: 'pypi', name: 'django-rest', version: '3.2.4' },
    ],
    [
      { purl: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1?type=jar' },
      { type: 'maven', name: 'org.apache.logging.log4j/log4j-core', version: '2.14.1' },
    ],
    [
      { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core', version: '2.14.1' },
      { type: 'maven', name: 'org.apache.logging.log4j/log4j-core', version: '2.14.1' },
    ],
    [{ purl: 'pkg:npm/%40babel/core@7.0.0' }, { type: 'npm', name: '@babel/core', version: '7.0.0' }],
    [
      { ecosystem: 'npm', name: '@babel/core', version: '7.0.0' },
      { type: 'npm', name: '@babel/core', version: '7.0.0' },
    ],
    [
      { purl: 'pkg:deb/debian/openssl@1.1.1n-0%2Bdeb11u3?distro=debian-11' },
      { type: 'deb', name: 'openssl', version: '1.1.1n-0+deb11u3' },
    ],
    [
      { ecosystem: 'Debian:11', name: 'openssl', version: '1.1.1n-0+deb11u3' },
      { type: 'deb', name: 'openssl', version: '1.1.1n-0+deb11u3' },
    ],
    [
      { purl: 'pkg:golang/github.com/gin-gonic/gin@v1.9.0' },
      { type: 'golang', name: 'github.com/gin-gonic/gin', version: '1.9.0' },
    ],
    [
      { ecosystem: 'Go', name: 'github.com/gin-gonic/gin', version: '1.9.0' },
      { type: 'golang', name: 'github.com/gin-gonic/gin', version: '1.9.0' },
    ],
    [
      { ecosystem: 'java-archive', name: 'log4j-core' },
      { type: 'maven', name: 'log4j-core', version: undefined },
    ],
    [
      { purl: 'not a purl', ecosystem: 'npm', name: 'left-pad', version: '1.0.0' },
      { type: 'npm', name: 'left-pad', version: '1.0.0' },
    ],
    [
      { ecosystem: 'constructor', name: 'x' },
      { type: 'constructor', name: 'x', version: undefined },
    ],
    [
      { name: 'x', version: '1' },
      { type: 'unknown', name: 'x', version: '1' },
    ],
  ])('knows %j as %j', (input, identity) => {
    expect(packageIdentity({ name: '', ...input })).toEqual(identity)
  })

  it('names the package-URL type of the tools’ ecosystems', () => {
    expect(['npm', 'PyPI', 'gomod', 'java-archive', 'Alpine:v3.16', 'rust-crate', 'toString'].map(purlTypeOf)).toEqual([
      'npm',
      'pypi',
      'golang',
      'maven',
      'apk',
      'cargo',
      undefined,
    ])
  })
})
