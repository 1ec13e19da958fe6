import { afterEach, describe, expect, it } from 'vitest'
import { syncFeed, type FeedSyncOptions } from './sync'
import { deleteWorkspace } from '@/workspace/store/workspace-names'
import { openWorkspace } from '@/workspace/store/open'
import type { WorkspaceDatabase } from '@/workspace/store/records'
import { findingsOf, listRepositories, listRuns } from '@/workspace/store/reads'
import { importFile } from '@/workspace/import/import-file'

const origin = 'https://scans.test'
const manifestUrl = `${origin}/feed/manifest.json`

const npmAudit = (packages: string[]) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities: Object.fromEntries(
      packages.map((name, index) => [
        name,
        {
          name,
          via: [
            {
              source: 1000 + index,
              title: `${name} is vulnerable`,
              severity: 'high',
              url: `https://advisories.test/${name}`,
            },
          ],
        },
      ]),
    ),
  })

async function sha256(text: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** A static host in memory: ETags, 304s, an optional bearer-token check, and a log of requests. */
class FakeFeedHost {
  files = new Map<string, string>()
  requests: { url: string; authorization: string | null; conditional: boolean }[] = []
  requireToken?: string
  offlineAfter?: number

  fetch: typeof fetch = async (input, init) => {
    const url = String(input)
    const headers = new Headers(init?.headers)
    this.requests.push({ url, authorization: headers.get('Authorization'), conditional: headers.has('If-None-Match') })
    if (this.offlineAfter !== undefined && this.requests.length > this.offlineAfter)
      throw new TypeError('Failed to fetch')
    if (this.requireToken && headers.get('Authorization') !== `Bearer ${this.requireToken}`) {
      return new Response('no', { status: 401 })
    }
    const body = this.files.get(url)
    if (body === undefined) return new Response('missing', { status: 404 })
    const etag = `"${(await sha256(body)).slice(0, 16)}"`
    if (headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers: { ETag: etag } })
    return new Response(body, { status: 200, headers: { ETag: etag } })
  }

  async publish(repositories: Record<string, Record<string, string>>, options: { hashes?: boolean } = {}) {
    const entries = []
    for (const [name, files] of Object.entries(repositories)) {
      const listed = []
      for (const [path, text] of Object.entries(files)) {
        this.files.set(`${origin}/feed/${name}/${path}`, text)
        listed.push({ url: `${name}/${path}`, ...(options.hashes === false ? {} : { sha256: await sha256(text) }) })
      }
      entries.push({ name, description: `${name} service`, visibility: 'private', files: listed })
    }
    this.files.set(manifestUrl, JSON.stringify({ vigilFeed: 1, repositories: entries }))
  }
}

const opened: string[] = []
let database: WorkspaceDatabase

async function freshWorkspace() {
  const name = `vigil-feed-test-${crypto.randomUUID()}`
  opened.push(name)
  database = await openWorkspace(name)
  return database
}

afterEach(async () => {
  database?.close()
  for (const name of opened.splice(0)) await deleteWorkspace(name)
})

const sync = (host: FakeFeedHost, extra: Partial<FeedSyncOptions> = {}) =>
  syncFeed({ manifestUrl, pageOrigin: 'https://vigil.test', database, fetch: host.fetch, ...extra })

describe('feed sync', () => {
  it('imports every file first, then fetches nothing that has not changed', async () => {
    await freshWorkspace()
    const host = new FakeFeedHost()
    await host.publish({
      payments: { 'audit.json': npmAudit(['lodash']) },
      storefront: { 'audit.json': npmAudit(['minimist', 'qs']) },
    })
    const first = await sync(host)
    expect(first).toMatchObject({
      repositories: 2,
      files: 2,
      fetched: 2,
      unchanged: 0,
      added: 3,
      problems: [],
      requests: 3,
    })
    const summaries = await listRepositories(database)
    expect(
      summaries.map((summary) => [
        summary.name,
        summary.description,
        summary.visibility,
        summary.counts.vulnerabilities,
      ]),
    ).toEqual([
      ['payments', 'payments service', 'private', 1],
      ['storefront', 'storefront service', 'private', 2],
    ])

    host.requests = []
    const again = await sync(host)
    // The manifest answers 304 and every file's hash is the one imported: one request in all.
    expect(again).toMatchObject({ manifestUnchanged: true, fetched: 0, unchanged: 2, requests: 1 })
    expect(host.requests).toEqual([{ url: manifestUrl, authorization: null, conditional: true }])
  })

  it('re-fetches only the file that changed, and removes a repository that left the manifest', async () => {
    await freshWorkspace()
    const host = new FakeFeedHost()
    await host.publish({
      payments: { 'audit.json': npmAudit(['lodash']) },
      storefront: { 'audit.json': npmAudit(['qs']) },
    })
    await sync(host)
    await host.publish({ payments: { 'audit.json': npmAudit(['lodash', 'axios']) } })
    host.files.delete(`${origin}/feed/storefront/audit.json`)
    host.requests = []
    const report = await sync(host)
    expect(report).toMatchObject({ fetched: 1, unchanged: 0, removed: ['storefront'], added: 1 })
    expect(host.requests.map((request) => request.url)).toEqual([manifestUrl, `${origin}/feed/payments/audit.json`])
    expect((await listRepositories(database)).map((summary) => summary.name)).toEqual(['payments'])
    expect(await findingsOf(database, 'storefront')).toEqual([])
  })

  it('never removes what was imported by hand into a repository the manifest names, when the feed drops it', async () => {
    await freshWorkspace()
    const host = new FakeFeedHost()
    await host.publish({ payments: { 'audit.json': npmAudit(['lodash']) } })
    await importFile(
      database,
      {
        name: 'payments/trivy.json',
        blob: new Blob([
          JSON.stringify({
            SchemaVersion: 2,
            ArtifactName: '.',
            ArtifactType: 'filesystem',
            Results: [
              {
                Target: 'go.sum',
                Class: 'lang-pkgs',
                Type: 'gomod',
                Vulnerabilities: [
                  {
                    VulnerabilityID: 'CVE-2024-0001',
                    PkgName: 'golang.org/x/net',
                    InstalledVersion: '0.1.0',
                    Severity: 'HIGH',
                  },
                ],
              },
            ],
          }),
        ]),
        repository: 'payments',
        repositoryFromFolder: true,
      },
      () => {},
    )
    await sync(host)
    expect((await listRuns(database, 'payments')).map((run) => run.origin.kind).sort()).toEqual(['feed', 'hand'])

    await host.publish({ storefront: { 'audit.json': npmAudit(['qs']) } })
    const report = await sync(host)
    expect(report.removed).toEqual([])
    expect((await listRuns(database, 'payments')).map((run) => run.origin.kind)).toEqual(['hand'])
    expect((await listRepositories(database)).map((summary) => [summary.name, summary.counts.vulnerabilities])).toEqual(
      [
        ['payments', 1],
        ['storefront', 1],
      ],
    )
  })

  /** payments/audit.json imported by hand, then a feed whose newer scan of that file is synced. */
  async function handImportThenFeedOfIt(): Promise<FakeFeedHost> {
    await freshWorkspace()
    await importFile(
      database,
      {
        name: 'payments/audit.json',
        blob: new Blob([npmAudit(['lodash', 'qs'])]),
        repository: 'payments',
        repositoryFromFolder: true,
      },
      () => {},
    )
    const host = new FakeFeedHost()
    await host.publish({ payments: { 'audit.json': npmAudit(['lodash']) } })
    await sync(host)
    return host
  }

  it('names a file’s run as a hand import of the same folder does: the feed’s newer scan replaces the hand one', async () => {
    await handImportThenFeedOfIt()
    const runs = await listRuns(database, 'payments')
    expect(runs).toHaveLength(1)
    expect((await listRepositories(database)).map((summary) => [summary.name, summary.counts.vulnerabilities])).toEqual(
      [['payments', 1]],
    )
  })

  it('keeps a run imported by hand when the feed’s newer scan replaced it and the feed then drops its file', async () => {
    const host = await handImportThenFeedOfIt()
    await host.publish({ storefront: { 'audit.json': npmAudit(['minimist']) } })
    const report = await sync(host)
    expect(report.removed).toEqual([])
    expect((await listRuns(database, 'payments')).map((run) => run.origin.kind)).toEqual(['hand'])
    expect((await listRepositories(database)).map((summary) => [summary.name, summary.counts.vulnerabilities])).toEqual(
      [
        ['payments', 1],
        ['storefront', 1],
      ],
    )
  })

  it('takes away what a file brought when it comes back holding another tool’s run', async () => {
    await freshWorkspace()
    const host = new FakeFeedHost()
    await host.publish({ payments: { 'scan.json': npmAudit(['lodash', 'qs']) } })
    await sync(host)
    const osv = JSON.stringify({
      results: [
        {
          source: { path: 'package-lock.json', type: 'lockfile' },
          packages: [
            {
              package: { name: 'minimist', version: '1.2.5', ecosystem: 'npm' },
              vulnerabilities: [{ id: 'GHSA-xvch-5gv4-984h', summary: 'Prototype pollution' }],
            },
          ],
        },
      ],
    })
    await host.publish({ payments: { 'scan.json': osv } })
    await sync(host)
    expect((await listRuns(database, 'payments')).map((run) => run.tool)).toEqual(['OSV-Scanner'])
    expect((await listRepositories(database))[0].counts.vulnerabilities).toBe(1)
  })

  it('moves a repository renamed in the manifest to its new name, findings and all', async () => {
    await freshWorkspace()
    const host = new FakeFeedHost()
    await host.publish({ payments: { 'audit.json': npmAudit(['lodash', 'qs']) } })
    await sync(host)
    // The same file, listed under the repository's new name.
    const manifest = JSON.parse(host.files.get(manifestUrl)!)
    manifest.repositories[0].name = 'billing'
    host.files.set(manifestUrl, JSON.stringify(manifest))
    const report = await sync(host)
    expect(report.fetched).toBe(1)
    expect(report.removed).toEqual(['payments'])
    expect((await listRepositories(database)).map((summary) => [summary.name, summary.counts.vulnerabilities])).toEqual(
      [['billing', 2]],
    )
  })

  it('asks with the ETag when the manifest gives no hash, and counts a 304 as unchanged', async () => {
    await freshWorkspace()
    const host = new FakeFeedHost()
    await host.publish({ payments: { 'audit.json': npmAudit(['lodash']) } }, { hashes: false })
    await sync(host)
    host.requests = []
    const report = await sync(host)
    expect(report).toMatchObject({ fetched: 0, unchanged: 1, requests: 2 })
    expect(host.requests.every((request) => request.conditional)).toBe(true)
  })

  it('refuses a file whose hash does not match, keeping what the workspace had', async () => {
    await freshWorkspace()
    const host = new FakeFeedHost()
    await host.publish({ payments: { 'audit.json': npmAudit(['lodash']) } })
    await sync(host)
    host.files.set(`${origin}/feed/payments/audit.json`, npmAudit(['lodash', 'evil']))
    const manifest = JSON.parse(host.files.get(manifestUrl)!)
    manifest.repositories[0].files[0].sha256 = 'b'.repeat(64)
    host.files.set(manifestUrl, JSON.stringify(manifest))
    const report = await sync(host)
    expect(report.problems).toEqual([
      `${origin}/feed/payments/audit.json: its SHA-256 hash does not match the manifest's (the file was changed or damaged); it was not imported.`,
    ])
    expect((await findingsOf(database, 'payments')).length).toBe(1)
  })

  it('refuses a file whose size is not the manifest’s, reading no more of it than the manifest says', async () => {
    await freshWorkspace()
    const host = new FakeFeedHost()
    await host.publish({ payments: { 'audit.json': npmAudit(['lodash']) }, storefront: { 'audit.json': '{}' } })
    const manifest = JSON.parse(host.files.get(manifestUrl)!)
    manifest.repositories[0].files[0].size = 3
    manifest.repositories[1].files[0].size = 300
    host.files.set(manifestUrl, JSON.stringify(manifest))
    const report = await sync(host)
    expect(report.problems).toEqual([
      `${origin}/feed/payments/audit.json: the file is larger than the 3 bytes the manifest says; it was not imported.`,
      `${origin}/feed/storefront/audit.json: the file has 2 bytes, the manifest says 300; it was not imported.`,
    ])
    expect(await listRepositories(database)).toEqual([])
  })

  /** A response whose body comes in 64 KiB chunks, counting what was read of it. */
  const streamed = (size: number, headers: Record<string, string> = {}) => {
    const read = { bytes: 0 }
    let left = size
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (left <= 0) return controller.close()
        const chunk = new Uint8Array(Math.min(left, 64 * 1024)).fill(0x20)
        left -= chunk.byteLength
        read.bytes += chunk.byteLength
        controller.enqueue(chunk)
      },
    })
    return { read, response: new Response(body, { status: 200, headers }) }
  }

  it('refuses a manifest over its byte cap from its Content-Length, reading none of it', async () => {
    await freshWorkspace()
    const { read, response } = streamed(8 * 1024 * 1024, { 'Content-Length': String(8 * 1024 * 1024) })
    await expect(
      sync(new FakeFeedHost(), { fetch: async () => response, limits: { manifest: 1024 * 1024 } }),
    ).rejects.toThrow(
      'The feed manifest is larger than 1 MB, and Vigil reads manifests up to 1 MB: split the feed, or list fewer files in it.',
    )
    expect(read.bytes).toBeLessThanOrEqual(64 * 1024)
  })

  it('stops reading a manifest that sends no length once it passes the cap', async () => {
    await freshWorkspace()
    const { read, response } = streamed(8 * 1024 * 1024)
    await expect(
      sync(new FakeFeedHost(), { fetch: async () => response, limits: { manifest: 1024 * 1024 } }),
    ).rejects.toThrow('The feed manifest is larger than 1 MB')
    expect(read.bytes).toBeLessThanOrEqual(1024 * 1024 + 2 * 64 * 1024)
  })

  it('refuses a scan file over the cap from its Content-Length or while it streams, and the others land', async () => {
    await freshWorkspace()
    const host = new FakeFeedHost()
    await host.publish({ payments: { 'audit.json': npmAudit(['lodash']) } }, { hashes: false })
    const manifest = JSON.parse(host.files.get(manifestUrl)!)
    manifest.repositories[0].files.push({ url: 'payments/huge.json' }, { url: 'payments/endless.json' })
    host.files.set(manifestUrl, JSON.stringify(manifest))
    const reads: { read: { bytes: number } }[] = []
    const feed: typeof fetch = async (input, init) => {
      const url = String(input)
      if (url.endsWith('huge.json')) {
        const body = streamed(4 * 1024 * 1024, { 'Content-Length': String(4 * 1024 * 1024) })
        reads.push(body)
        return body.response
      }
      if (url.endsWith('endless.json')) {
        const body = streamed(4 * 1024 * 1024)
        reads.push(body)
        return body.response
      }
      return host.fetch(input, init)
    }
    const report = await sync(host, { fetch: feed, limits: { file: 1024 * 1024 } })
    expect(report.problems).toEqual([
      `${origin}/feed/payments/huge.json: the file is larger than 1 MB, and Vigil reads feed files up to 1 MB; it was not imported.`,
      `${origin}/feed/payments/endless.json: the file is larger than 1 MB, and Vigil reads feed files up to 1 MB; it was not imported.`,
    ])
    expect(reads[0].read.bytes).toBeLessThanOrEqual(64 * 1024)
    expect(reads[1].read.bytes).toBeLessThanOrEqual(1024 * 1024 + 2 * 64 * 1024)
    expect((await listRepositories(database)).map((summary) => summary.name)).toEqual(['payments'])
  })

  it('does not fetch a file that failed again until its wait is over, unless the manifest lists a new version', async () => {
    await freshWorkspace()
    const host = new FakeFeedHost()
    await host.publish({ payments: { 'audit.json': npmAudit(['lodash']) } })
    const fileUrl = `${origin}/feed/payments/audit.json`
    host.files.set(fileUrl, 'not a scan')
    let clock = Date.parse('2026-11-26T09:00:00Z')
    const now = () => new Date(clock).toISOString()
    const first = await sync(host, { now })
    expect(first.problems).toEqual([expect.stringMatching(/^https:\/\/scans\.test\/feed\/payments\/audit\.json: /)])

    // Signed in again ten minutes later: the file is not asked for.
    clock += 10 * 60 * 1000
    host.requests = []
    const second = await sync(host, { now })
    expect(host.requests.map((request) => request.url)).toEqual([manifestUrl])
    expect(second.problems).toEqual([
      `${fileUrl}: it failed 1 time; Vigil tries it again after 2026-11-26T09:15:00.000Z, or as soon as the manifest lists a new version.`,
    ])

    // After the wait it is asked for again, fails again, and waits longer.
    clock += 10 * 60 * 1000
    host.requests = []
    await sync(host, { now })
    expect(host.requests.map((request) => request.url)).toEqual([manifestUrl, fileUrl])
    clock += 30 * 60 * 1000
    expect((await sync(host, { now })).problems).toEqual([
      `${fileUrl}: it failed 2 times; Vigil tries it again after 2026-11-26T10:20:00.000Z, or as soon as the manifest lists a new version.`,
    ])

    // CI publishes a mended file: the new hash in the manifest ends the wait.
    await host.publish({ payments: { 'audit.json': npmAudit(['lodash', 'qs']) } })
    const mended = await sync(host, { now })
    expect(mended).toMatchObject({ fetched: 1, problems: [] })
    expect((await listRepositories(database)).map((summary) => summary.name)).toEqual(['payments'])
  })

  it('sends the token to no other origin, and says whether it sent one when refused', async () => {
    await freshWorkspace()
    const host = new FakeFeedHost()
    await host.publish({ payments: { 'audit.json': npmAudit(['lodash']) } })
    const manifest = JSON.parse(host.files.get(manifestUrl)!)
    manifest.repositories[0].files.push({ url: 'https://cdn.test/shared/audit.json' })
    host.files.set(manifestUrl, JSON.stringify(manifest))
    host.files.set('https://cdn.test/shared/audit.json', npmAudit(['qs']))
    const report = await sync(host, { token: 'secret' })
    expect(report.tokenSent).toBe(true)
    expect(host.requests.map((request) => [new URL(request.url).origin, request.authorization])).toEqual([
      [origin, 'Bearer secret'],
      [origin, 'Bearer secret'],
      ['https://cdn.test', null],
    ])

    host.requireToken = 'secret'
    await expect(sync(host)).rejects.toThrow('(HTTP 401). Vigil sent no sign-in token')
    await expect(sync(host, { token: 'wrong' })).rejects.toThrow(
      'Vigil sent your sign-in token, and the feed did not accept it.',
    )
  })

  it('sends the token only under the manifest’s own folder: never to another path of its host', async () => {
    await freshWorkspace()
    const host = new FakeFeedHost()
    await host.publish({ payments: { 'audit.json': npmAudit(['lodash']) } })
    const manifest = JSON.parse(host.files.get(manifestUrl)!)
    // On a shared host (GitHub Pages, a path-style bucket) another tenant's folder is on the same origin.
    for (const url of ['/other-tenant/collect.json', '/feed-evil/collect.json', '/feed/..%2Fother-tenant/x.json']) {
      manifest.repositories[0].files.push({ url })
      host.files.set(new URL(url, origin).href, npmAudit(['qs']))
    }
    host.files.set(manifestUrl, JSON.stringify(manifest))
    await sync(host, { token: 'secret' })
    expect(host.requests.map((request) => [request.url, request.authorization])).toEqual([
      [manifestUrl, 'Bearer secret'],
      [`${origin}/feed/payments/audit.json`, 'Bearer secret'],
      [`${origin}/other-tenant/collect.json`, null],
      [`${origin}/feed-evil/collect.json`, null],
      [`${origin}/feed/..%2Fother-tenant/x.json`, null],
    ])
    host.requireToken = 'secret'
    host.requests = []
    await expect(sync(host, { token: 'secret', concurrency: 1 })).rejects.toThrow(
      "(HTTP 401). Vigil sends your sign-in token only to addresses under the manifest's folder",
    )
  })

  it('sends the token over https, or over http only to this machine', async () => {
    await freshWorkspace()
    for (const [feedOrigin, sent] of [
      ['http://scans.test', null],
      ['http://127.0.0.1:4190', 'Bearer secret'],
      ['http://127.evil.example:4190', null],
    ] as const) {
      const host = new FakeFeedHost()
      const address = `${feedOrigin}/feed/manifest.json`
      host.files.set(address, JSON.stringify({ vigilFeed: 1, repositories: [] }))
      const report = await sync(host, { token: 'secret', manifestUrl: address, pageOrigin: 'http://127.0.0.1:4176' })
      expect(host.requests.map((request) => request.authorization)).toEqual([sent])
      expect(report.tokenSent).toBe(sent !== null)
    }
  })

  it('follows no redirect while it sends a token', async () => {
    await freshWorkspace()
    const redirecting: typeof fetch = async (_input, init) => {
      expect(init?.redirect).toBe('manual')
      return new Response(null, { status: 302, headers: { Location: 'https://elsewhere.test/m.json' } })
    }
    await expect(sync(new FakeFeedHost(), { token: 't', fetch: redirecting })).rejects.toThrow(
      'Vigil follows no redirect while it sends your sign-in token',
    )
  })

  it.each([
    ['missing', 'There is no feed manifest at https://scans.test/feed/manifest.json (HTTP 404).'],
    ['html', 'answered with an HTML page'],
    ['invalid', "does not match Vigil's feed format"],
  ])('changes nothing when the manifest is %s', async (kind, message) => {
    await freshWorkspace()
    const host = new FakeFeedHost()
    if (kind === 'html') host.files.set(manifestUrl, '<html><body>Sign in</body></html>')
    if (kind === 'invalid') host.files.set(manifestUrl, JSON.stringify({ repositories: 'none' }))
    await expect(sync(host)).rejects.toThrow(message)
    expect(await listRepositories(database)).toEqual([])
  })

  it('says so when the feed cannot be reached, and when the browser is offline', async () => {
    await freshWorkspace()
    const unreachable: typeof fetch = async () => {
      throw new TypeError('Failed to fetch')
    }
    await expect(sync(new FakeFeedHost(), { fetch: unreachable })).rejects.toThrow('or it refused this site under CORS')
    await expect(sync(new FakeFeedHost(), { fetch: unreachable, online: () => false })).rejects.toThrow(
      'This browser is offline',
    )
  })

  it('keeps what landed when going offline mid-sync, and the rest as it was', async () => {
    await freshWorkspace()
    const host = new FakeFeedHost()
    await host.publish({ a: { 'audit.json': npmAudit(['lodash']) }, b: { 'audit.json': npmAudit(['qs']) } })
    await sync(host)
    await host.publish({
      a: { 'audit.json': npmAudit(['lodash', 'axios']) },
      b: { 'audit.json': npmAudit(['qs', 'ms']) },
    })
    host.requests = []
    host.offlineAfter = 2
    await expect(sync(host, { concurrency: 1, online: () => host.requests.length <= 2 })).rejects.toThrow(
      'The sync stopped after 1 of 2 files: what was synced is kept, and the rest of the workspace keeps its last good state.',
    )
    const counts = Object.fromEntries(
      (await listRepositories(database)).map((summary) => [summary.name, summary.counts.vulnerabilities]),
    )
    expect(counts).toEqual({ a: 2, b: 1 })
  })

  it('names the site’s Content-Security-Policy, not CORS, for a feed the policy does not let in, and asks for nothing', async () => {
    await freshWorkspace()
    const host = new FakeFeedHost()
    await expect(sync(host, { connectSrc: ["'self'", 'https://other-feed.test'] })).rejects.toThrow(
      "This Vigil's Content-Security-Policy lets it fetch only from 'self' https://other-feed.test (connect-src), and the feed at https://scans.test is not one of them. Ask whoever hosts Vigil to add https://scans.test to connect-src (docs/security.md).",
    )
    expect(host.requests).toEqual([])
    await host.publish({ payments: { 'audit.json': npmAudit(['lodash']) } })
    const manifest = JSON.parse(host.files.get(manifestUrl)!)
    manifest.repositories[0].files[0].url = 'https://cdn.test/audit.json'
    host.files.set(manifestUrl, JSON.stringify(manifest))
    const report = await sync(host, { connectSrc: ["'self'", origin] })
    expect(report.problems).toEqual([
      "https://cdn.test/audit.json: this Vigil's Content-Security-Policy (connect-src) does not let it fetch from https://cdn.test; it was not imported.",
    ])
    expect(host.requests.map((request) => request.url)).toEqual([manifestUrl])
  })

  it('refuses an http feed on an https page before asking for anything', async () => {
    await freshWorkspace()
    const host = new FakeFeedHost()
    await expect(sync(host, { manifestUrl: 'http://scans.test/feed/manifest.json' })).rejects.toThrow(
      'refuses a feed over plain http',
    )
    expect(host.requests).toEqual([])
  })
})
