import { describe, expect, it } from 'vitest'
import { checkFeedUrl, FeedError, readManifest } from './manifest'

const manifestUrl = 'https://scans.example.com/vigil/manifest.json'
const page = 'https://vigil.example.com'
const read = (document: unknown) => readManifest(JSON.stringify(document), manifestUrl, page)

describe('feed manifest', () => {
  it('reads repositories and resolves file URLs against the manifest', () => {
    const manifest = read({
      vigilFeed: 1,
      generatedAt: '2026-11-22T10:00:00Z',
      repositories: [
        {
          name: 'payments',
          description: 'Card payments',
          url: 'https://git.example.com/payments',
          visibility: 'private',
          languages: ['Go'],
          files: [
            { url: 'payments/trivy.json', sha256: 'a'.repeat(64), size: 10 },
            { url: 'https://cdn.example.com/payments/openapi.yaml' },
          ],
        },
        { name: 'docs', visibility: 'public', files: [] },
      ],
    })
    expect(manifest.repositories).toEqual([
      {
        name: 'payments',
        description: 'Card payments',
        url: 'https://git.example.com/payments',
        isPrivate: true,
        languages: ['Go'],
        files: [
          { url: 'https://scans.example.com/vigil/payments/trivy.json', sha256: 'a'.repeat(64), size: 10 },
          { url: 'https://cdn.example.com/payments/openapi.yaml', sha256: undefined, size: undefined },
        ],
      },
      { name: 'docs', description: undefined, url: undefined, isPrivate: false, languages: undefined, files: [] },
    ])
    expect(manifest.generatedAt).toBe('2026-11-22T10:00:00Z')
  })

  it.each([
    ['<!doctype html><html><body>Sign in</body></html>', 'answered with an HTML page'],
    ['{"vigilFeed": 1, "repositories": [', 'not valid JSON'],
    ['{"repositories": []}', "does not match Vigil's feed format"],
    ['{"vigilFeed": 2, "repositories": []}', '/vigilFeed'],
    [
      '{"vigilFeed": 1, "repositories": [{"name": "a", "files": [{"url": "x", "sha256": "nothex"}]}]}',
      '/repositories/0/files/0/sha256',
    ],
    ['{"vigilFeed": 1, "repositories": [{"files": []}]}', 'name'],
  ])('refuses %s', (text, reason) => {
    expect(() => readManifest(text, manifestUrl, page)).toThrow(FeedError)
    expect(() => readManifest(text, manifestUrl, page)).toThrow(reason)
  })

  it('refuses a repository named twice and a file listed twice', () => {
    expect(() =>
      read({
        vigilFeed: 1,
        repositories: [
          { name: 'a', files: [] },
          { name: 'a', files: [] },
        ],
      }),
    ).toThrow('lists the repository "a" twice')
    expect(() =>
      read({
        vigilFeed: 1,
        repositories: [
          { name: 'a', files: [{ url: 'x.json' }] },
          { name: 'b', files: [{ url: 'https://scans.example.com/vigil/x.json' }] },
        ],
      }),
    ).toThrow('lists the file https://scans.example.com/vigil/x.json twice (for a and b)')
  })

  it('refuses http under an https page, and addresses that are no http(s) URL', () => {
    expect(() => checkFeedUrl('http://scans.example.com/m.json', page)).toThrow('refuses a feed over plain http')
    expect(checkFeedUrl('http://127.0.0.1:4190/m.json', 'http://127.0.0.1:4176').href).toBe(
      'http://127.0.0.1:4190/m.json',
    )
    expect(() => checkFeedUrl('file:///etc/passwd', page)).toThrow('must start with https://')
    expect(() => checkFeedUrl('scans', page)).toThrow('is not a URL')
    expect(() =>
      read({ vigilFeed: 1, repositories: [{ name: 'a', files: [{ url: 'http://cdn.example.com/a.json' }] }] }),
    ).toThrow('refuses a feed over plain http')
  })

  it('refuses an address with a user name or password, saying so without showing the password', () => {
    const attempt = () => checkFeedUrl('https://ci:hunter2@scans.example.com/vigil/manifest.json', page)
    expect(attempt).toThrow(
      'The feed address https://scans.example.com/vigil/manifest.json carries a user name or password: Vigil sends no credentials in an address. Remove them, and let the host check your sign-in token instead.',
    )
    expect(attempt).not.toThrow('hunter2')
    const inManifest = () =>
      read({ vigilFeed: 1, repositories: [{ name: 'a', files: [{ url: 'https://u:p4ss@cdn.example.com/a.json' }] }] })
    expect(inManifest).toThrow('https://cdn.example.com/a.json carries a user name or password')
    expect(inManifest).not.toThrow('p4ss')
  })

  it('collapses the spaces inside a repository name as a hand import does', () => {
    const manifest = read({ vigilFeed: 1, repositories: [{ name: '  billing \t  api ', files: [] }] })
    expect(manifest.repositories.map((repository) => repository.name)).toEqual(['billing api'])
    expect(() =>
      read({
        vigilFeed: 1,
        repositories: [
          { name: 'billing  api', files: [] },
          { name: 'billing api', files: [] },
        ],
      }),
    ).toThrow('The feed manifest lists the repository "billing api" twice.')
  })

  describe('catalogues', () => {
    const kev = { kind: 'kev', url: 'vigil-catalogues/kev.json', sha256: 'b'.repeat(64), size: 2048 }
    const epss = {
      kind: 'epss',
      url: 'https://cdn.example.com/epss.csv.gz',
      sha256: 'c'.repeat(64),
      size: 512,
      version: 'v2025.03.14',
      date: '2026-12-06',
    }

    it('reads the catalogues a feed carries, their URLs resolved against the manifest', () => {
      const manifest = read({ vigilFeed: 1, repositories: [], catalogues: [kev, { ...kev, ...epss }] })
      expect(manifest.catalogues).toEqual([
        {
          kind: 'kev',
          url: 'https://scans.example.com/vigil/vigil-catalogues/kev.json',
          sha256: 'b'.repeat(64),
          size: 2048,
        },
        {
          kind: 'epss',
          url: 'https://cdn.example.com/epss.csv.gz',
          sha256: 'c'.repeat(64),
          size: 512,
          version: 'v2025.03.14',
          date: '2026-12-06',
        },
      ])
    })

    it('reads a manifest without them as before, and passes over a kind this Vigil does not know', () => {
      expect(read({ vigilFeed: 1, repositories: [] })).not.toHaveProperty('catalogues')
      expect(read({ vigilFeed: 1, repositories: [], catalogues: [] })).not.toHaveProperty('catalogues')
      const manifest = read({
        vigilFeed: 1,
        repositories: [],
        catalogues: [{ kind: 'osv-malicious', url: 'vigil-catalogues/malicious.json', extra: 1 }, kev],
      })
      expect(manifest.catalogues?.map((catalogue) => catalogue.kind)).toEqual(['kev'])
    })

    it('is a field an older Vigil passes over: the schema lets a manifest carry fields it does not name', () => {
      // What an older Vigil does with `catalogues`, this one does with a field of a newer Vigil.
      const manifest = read({
        vigilFeed: 1,
        repositories: [{ name: 'a', files: [] }],
        someNewerField: [{ anything: true }],
      })
      expect(manifest.repositories.map((repository) => repository.name)).toEqual(['a'])
    })

    it.each([
      [{ ...kev, sha256: 'nothex' }, '/catalogues/0/sha256'],
      [{ kind: 'kev' }, 'url'],
      [{ url: 'kev.json' }, 'kind'],
      [{ ...kev, size: -1 }, '/catalogues/0/size'],
    ])('refuses a catalogue entry %j', (entry, reason) => {
      expect(() => read({ vigilFeed: 1, repositories: [], catalogues: [entry] })).toThrow(reason)
    })

    it('refuses a kind listed twice, and an http catalogue under an https page', () => {
      expect(() => read({ vigilFeed: 1, repositories: [], catalogues: [kev, kev] })).toThrow(
        'The feed manifest lists the KEV catalogue twice: a feed carries one of each.',
      )
      expect(() =>
        read({ vigilFeed: 1, repositories: [], catalogues: [{ ...epss, url: 'http://cdn.example.com/e.csv.gz' }] }),
      ).toThrow('refuses a feed over plain http')
    })
  })

  it('reads a manifest of 10,000 repositories', () => {
    const repositories = Array.from({ length: 10_000 }, (_, index) => ({
      name: `repo-${index}`,
      files: [{ url: `repo-${index}/a.sarif` }, { url: `repo-${index}/b.json` }, { url: `repo-${index}/c.yaml` }],
    }))
    expect(read({ vigilFeed: 1, repositories }).repositories).toHaveLength(10_000)
  })
})
