import { describe, expect, it } from 'vitest'
import { imageName, isLocalPath, isRepositoryAddress, repositoryFromPath, repositoryNameOf } from './repository-name'

describe('repository names', () => {
  it.each([
    ['busybox:1.32.1', 'busybox'],
    ['busybox', 'busybox'],
    ['ghcr.io/acme/api@sha256:0123456789abcdef', 'ghcr.io/acme/api'],
    ['ghcr.io/acme/api:2.1.0@sha256:0123456789abcdef', 'ghcr.io/acme/api'],
    ['localhost:5000/app:1', 'localhost:5000/app'],
    ['localhost:5000/app', 'localhost:5000/app'],
    ['registry.example/payments:1.4', 'registry.example/payments'],
    [' alpine:3.10 ', 'alpine'],
  ])('names the image %s as %s, without its tag or digest', (reference, name) => {
    expect(imageName(reference)).toBe(name)
  })

  it.each([
    ['https://github.com/acme/payments-api.git', 'payments-api'],
    ['git@github.com:acme/payments-api.git', 'payments-api'],
    ['payments-api', 'payments-api'],
  ])('names the repository at %s as %s', (uri, name) => {
    expect(repositoryNameOf(uri)).toBe(name)
  })

  it.each([
    ['.', true],
    ['./src', true],
    ['../x', true],
    ['/tmp/scan', true],
    ['C:\\work\\repo', true],
    ['images/alpine-310.tar.gz', true],
    ['sbom.cdx.json', true],
    ['alpine:3.10', false],
    ['billing-service', false],
    ['testdata/fixtures/repo/npm', false],
  ])('%s is a local path: %s', (text, local) => {
    expect(isLocalPath(text)).toBe(local)
  })

  it.each([
    ['https://github.com/acme/api', true],
    ['git@github.com:acme/api.git', true],
    ['github.com/acme/api', true],
    ['alpine:3.10', false],
    ['localhost:5000/app:1', false],
    ['testdata/fixtures/repo/npm', false],
  ])('%s is a repository address: %s', (text, address) => {
    expect(isRepositoryAddress(text)).toBe(address)
  })

  it.each([
    ['scans/payments-api/results.sarif', 'payments-api'],
    ['scans/payments-api/nested/deeper/osv.json', 'payments-api'],
    ['payments-api/results.sarif', 'payments-api'],
    ['/payments-api//results.sarif', 'payments-api'],
    ['results.sarif', undefined],
  ])('gives a file at %s in a chosen or dropped folder the repository %s', (path, repository) => {
    expect(repositoryFromPath(path)).toBe(repository)
  })
})
