import { describe, expect, it } from 'vitest'
import { packageOfMessage } from './sarif-dependency-results'

describe('the package a dependency scanner’s SARIF message names', () => {
  it.each([
    ['Package: libssl1.1\nInstalled Version: 1.1.1d-r2\nFixed Version: 1.1.1g-r0, 1.1.1e-r0', 'libssl1.1', '1.1.1d-r2'],
    [
      'A high vulnerability in npm package: @babel/core, version 7.0.0 was found at: /app/package.json',
      '@babel/core',
      '7.0.0',
    ],
    [
      'The path /app.jar reports log4j-core at version 2.14.1  which would result in a vulnerable (java-archive) package installed',
      'log4j-core',
      '2.14.1',
    ],
    ["Package 'golang.org/x/net@0.7.0' is vulnerable to 'GO-2023-1571'.", 'golang.org/x/net', '0.7.0'],
    ['org.apache.logging.log4j:log4j-core@2.14.1 is vulnerable', 'org.apache.logging.log4j:log4j-core', '2.14.1'],
    ['Nothing about a package here', undefined, undefined],
  ])('finds the package in the message %j', (message, name, version) => {
    const found = packageOfMessage(message)
    expect([found.name, found.version]).toEqual([name, version])
  })
})
