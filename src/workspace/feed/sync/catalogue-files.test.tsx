import { describe, expect, it } from 'vitest'
import { sha256Hex } from '@/lib/sha256'
import { closeTestWorkspacesAfterEach, freshWorkspace } from '@tests/helpers/test-workspace'
import { EPSS_ROWS, epssScores, kevCatalogue } from '@tests/helpers/catalogue-fixtures'
import { buildCatalogue, buildManifest, type CatalogueInput } from '@/workspace/feed/build/feed-builder'
import { importCatalogue } from '@/workspace/import/import-catalogue'
import { epssOf } from '@/workspace/intelligence/epss-scores'
import { readCatalogues } from '@/workspace/store/catalogue-records'
import { listRepositories } from '@/workspace/store/reads'
import { syncFeed } from './sync'

closeTestWorkspacesAfterEach()

const origin = 'https://scans.test'
const manifestUrl = `${origin}/vigil/manifest.json`
const kevUrl = `${origin}/vigil/vigil-catalogues/kev.json`
const epssUrl = `${origin}/vigil/vigil-catalogues/epss.csv.gz`

const npmAudit = (name: string) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities: {
      [name]: {
        name,
        via: [
          { source: 1001, title: `${name} is vulnerable`, severity: 'high', url: `https://advisories.test/${name}` },
        ],
      },
    },
  })

const encode = (text: string) => new TextEncoder().encode(text)

/** A static host in memory: each body's ETag is its hash, a matching If-None-Match gets a 304. */
function host() {
  const files = new Map<string, Uint8Array>()
  const requests: string[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input)
    const body = files.get(url)
    if (body === undefined) {
      requests.push(`404 ${url}`)
      return new Response('missing', { status: 404 })
    }
    const etag = `"${(await sha256Hex(body)).slice(0, 16)}"`
    if (new Headers(init?.headers).get('If-None-Match') === etag) {
      requests.push(`304 ${url}`)
      return new Response(null, { status: 304, headers: { ETag: etag } })
    }
    requests.push(`200 ${url}`)
    return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers: { ETag: etag } })
  }
  return { files, requests, fetch }
}

type Host = ReturnType<typeof host>

/**
 * What CI publishes: a scan file, and the catalogues as `npm run feed --kev --epss` copies them
 * beside the manifest. `edit` changes the manifest's catalogue entries before it is published.
 */
async function publish(
  feed: Host,
  catalogues: { kev?: string; epss?: string },
  options: { audit?: string; edit?: (entries: Record<string, unknown>[]) => void } = {},
) {
  const inputs: CatalogueInput[] = []
  if (catalogues.kev)
    inputs.push({ kind: 'kev', name: 'known_exploited_vulnerabilities.json', bytes: encode(catalogues.kev) })
  if (catalogues.epss) inputs.push({ kind: 'epss', name: 'epss_scores-current.csv', bytes: encode(catalogues.epss) })
  const built = await Promise.all(inputs.map((input) => buildCatalogue(input)))
  const audit = options.audit ?? npmAudit('lodash')
  const { manifest } = await buildManifest(
    [{ path: 'payments/audit.json', bytes: encode(audit) }],
    '',
    '2026-12-06T03:00:00Z',
    { catalogues: built.map((catalogue) => catalogue.entry) },
  )
  options.edit?.(manifest.catalogues as unknown as Record<string, unknown>[])
  feed.files.set(manifestUrl, encode(JSON.stringify(manifest)))
  feed.files.set(`${origin}/vigil/payments/audit.json`, encode(audit))
  for (const catalogue of built) feed.files.set(`${origin}/vigil/${catalogue.entry.url}`, catalogue.bytes)
}

const sync = (feed: Host, database: Awaited<ReturnType<typeof freshWorkspace>>) =>
  syncFeed({ manifestUrl, pageOrigin: 'https://vigil.test', database, fetch: feed.fetch })

const KEV = kevCatalogue('2026-12-04', ['CVE-2024-45337', 'CVE-2023-44487'])
const EPSS = epssScores('2026-12-06', EPSS_ROWS)

describe('a feed that carries the reference catalogues', () => {
  it('lands both in the workspace of a browser that syncs it, after its scan files, from the feed', async () => {
    const feed = host()
    await publish(feed, { kev: KEV, epss: EPSS })
    const database = await freshWorkspace()

    const report = await sync(feed, database)

    expect(report).toMatchObject({ fetched: 1, problems: [] })
    expect(report.catalogues).toEqual([
      { kind: 'kev', name: 'KEV catalogue', status: 'updated', summary: '2 vulnerabilities, version 2026.12.04.' },
      {
        kind: 'epss',
        name: 'EPSS scores',
        status: 'updated',
        summary: '3 CVE scores, scores of 2026-12-06, model v2025.03.14.',
      },
    ])
    expect(feed.requests).toEqual([
      `200 ${manifestUrl}`,
      `200 ${origin}/vigil/payments/audit.json`,
      `200 ${kevUrl}`,
      `200 ${epssUrl}`,
    ])
    const { kev, epss } = await readCatalogues(database)
    expect(kev).toMatchObject({ catalogVersion: '2026.12.04', origin: 'feed', file: kevUrl, skipped: 0 })
    expect(kev?.entries.map((entry) => entry.cve)).toEqual(['CVE-2024-45337', 'CVE-2023-44487'])
    expect(epss).toMatchObject({ scoreDate: '2026-12-06', modelVersion: 'v2025.03.14', origin: 'feed', file: epssUrl })
    expect(epssOf(epss!, 'CVE-2023-44487')).toEqual({ score: 0.94412, percentile: 0.99953 })
    expect((await listRepositories(database)).map((summary) => summary.name)).toEqual(['payments'])
  })

  it('asks for nothing again while nothing changed, and not for a catalogue whose hash is the one read', async () => {
    const feed = host()
    await publish(feed, { kev: KEV, epss: EPSS })
    const database = await freshWorkspace()
    await sync(feed, database)
    const landed = (await readCatalogues(database)).kev?.importedAt

    feed.requests.length = 0
    const unchanged = await sync(feed, database)
    expect(feed.requests).toEqual([`304 ${manifestUrl}`])
    expect(unchanged.problems).toEqual([])

    // A scan file changed: the manifest is new, and the catalogues in it are the same.
    await publish(feed, { kev: KEV, epss: EPSS }, { audit: npmAudit('minimist') })
    feed.requests.length = 0
    const next = await sync(feed, database)
    expect(feed.requests).toEqual([`200 ${manifestUrl}`, `200 ${origin}/vigil/payments/audit.json`])
    expect(next.catalogues?.map((catalogue) => catalogue.status)).toEqual(['unchanged', 'unchanged'])
    expect((await readCatalogues(database)).kev?.importedAt).toBe(landed)
  })

  it('asks for a catalogue the manifest gives no hash of conditionally, and takes a 304 for unchanged', async () => {
    const feed = host()
    const withoutHash = (entries: Record<string, unknown>[]) => {
      for (const entry of entries) delete entry.sha256
    }
    await publish(feed, { kev: KEV }, { edit: withoutHash })
    const database = await freshWorkspace()
    const first = await sync(feed, database)
    expect(first.catalogues?.map((catalogue) => catalogue.status)).toEqual(['updated'])
    const landed = (await readCatalogues(database)).kev?.importedAt

    feed.requests.length = 0
    const second = await sync(feed, database)
    // Not settled (a catalogue without a hash): the manifest's 304, then the catalogue's.
    expect(feed.requests).toEqual([`304 ${manifestUrl}`, `304 ${kevUrl}`])
    expect(second).toMatchObject({ problems: [], catalogues: [{ kind: 'kev', status: 'unchanged' }] })
    expect((await readCatalogues(database)).kev?.importedAt).toBe(landed)
  })

  it('replaces the catalogues held with the newer ones a later build publishes', async () => {
    const feed = host()
    await publish(feed, { kev: KEV, epss: EPSS })
    const database = await freshWorkspace()
    await sync(feed, database)

    await publish(feed, {
      kev: kevCatalogue('2026-12-08', ['CVE-2024-45337', 'CVE-2023-44487', 'CVE-2021-44228']),
      epss: epssScores('2026-12-08', [...EPSS_ROWS, ['CVE-2024-3094', 0.85012, 0.98877]]),
    })
    feed.requests.length = 0
    const report = await sync(feed, database)

    expect(report.problems).toEqual([])
    expect(report.catalogues).toEqual([
      {
        kind: 'kev',
        name: 'KEV catalogue',
        status: 'updated',
        summary: '3 vulnerabilities, version 2026.12.08: replaces version 2026.12.04.',
      },
      {
        kind: 'epss',
        name: 'EPSS scores',
        status: 'updated',
        summary:
          '4 CVE scores, scores of 2026-12-08, model v2025.03.14: replaces scores of 2026-12-06, model v2025.03.14.',
      },
    ])
    expect(feed.requests).toEqual([`200 ${manifestUrl}`, `200 ${kevUrl}`, `200 ${epssUrl}`])
    const { kev, epss } = await readCatalogues(database)
    expect(kev?.catalogVersion).toBe('2026.12.08')
    expect(epss?.scoreDate).toBe('2026-12-08')
  })

  it('keeps out a catalogue older than the one the workspace holds, with its note and no problem, and does not ask again', async () => {
    const database = await freshWorkspace()
    // Someone imported a newer catalogue by hand before the feed's CI ran.
    await importCatalogue(
      () => Promise.resolve(database),
      { name: 'known_exploited_vulnerabilities.json', origin: 'file', importedAt: '2026-12-09T08:00:00.000Z' },
      { document: JSON.parse(kevCatalogue('2026-12-09', ['CVE-2021-44228'])) },
    )
    const feed = host()
    await publish(feed, { kev: KEV })

    const report = await sync(feed, database)

    expect(report.problems).toEqual([])
    expect(report.catalogues).toEqual([
      {
        kind: 'kev',
        name: 'KEV catalogue',
        status: 'kept',
        summary: expect.stringContaining('older than the one the workspace holds (version 2026.12.09), which is kept.'),
      },
    ])
    expect((await readCatalogues(database)).kev).toMatchObject({ catalogVersion: '2026.12.09', origin: 'file' })

    await publish(feed, { kev: KEV }, { audit: npmAudit('minimist') })
    feed.requests.length = 0
    const next = await sync(feed, database)
    expect(feed.requests).not.toContain(`200 ${kevUrl}`)
    expect(next.catalogues?.map((catalogue) => catalogue.status)).toEqual(['unchanged'])
  })

  it('reports a catalogue it cannot fetch or read in a sentence, lands the scan files, and keeps the one held', async () => {
    const feed = host()
    await publish(feed, { kev: KEV, epss: EPSS })
    const database = await freshWorkspace()
    await sync(feed, database)

    // The next build: a KEV download that was an error page (the builder would refuse it; the
    // manifest is edited by hand here), and an EPSS file changed behind the manifest's back.
    const page = encode('<!doctype html><title>Access denied</title>')
    await publish(
      feed,
      { kev: kevCatalogue('2026-12-08', ['CVE-2021-44228']), epss: epssScores('2026-12-08', EPSS_ROWS) },
      {
        audit: npmAudit('minimist'),
        edit: ([kevEntry]) => {
          kevEntry.size = page.byteLength
          delete kevEntry.sha256
        },
      },
    )
    feed.files.set(kevUrl, page)
    const epssSize = feed.files.get(epssUrl)!.byteLength
    feed.files.set(epssUrl, encode('replaced'))

    const report = await sync(feed, database)

    expect(report.fetched).toBe(1)
    expect(report.problems).toEqual([
      `${kevUrl}: This file is a web page, not CISA's KEV catalogue. Vigil reads CISA's KEV catalogue as JSON (known_exploited_vulnerabilities.json, from cisa.gov).`,
      `${epssUrl}: the file has 8 bytes, the manifest says ${epssSize}; it was not read.`,
    ])
    expect(report.catalogues?.map((catalogue) => [catalogue.name, catalogue.status])).toEqual([
      ['KEV catalogue', 'failed'],
      ['EPSS scores', 'failed'],
    ])
    const { kev, epss } = await readCatalogues(database)
    expect(kev?.catalogVersion).toBe('2026.12.04')
    expect(epss?.scoreDate).toBe('2026-12-06')

    // Not settled: the next sync asks for both again, and lands them once they are right.
    await publish(feed, { kev: kevCatalogue('2026-12-08', ['CVE-2021-44228']), epss: EPSS })
    const mended = await sync(feed, database)
    expect(mended.problems).toEqual([])
    expect(mended.catalogues?.map((catalogue) => catalogue.status)).toEqual(['updated', 'unchanged'])
  })

  it('reports a catalogue whose hash does not match, or that is missing, and counts it as not synced', async () => {
    const feed = host()
    await publish(feed, { kev: KEV, epss: EPSS })
    const kevBody = feed.files.get(kevUrl)!
    // Same size, other bytes: the hash tells.
    feed.files.set(
      kevUrl,
      kevBody.map((byte, index) => (index === kevBody.length - 2 ? 32 : byte)),
    )
    feed.files.delete(epssUrl)
    const database = await freshWorkspace()

    const report = await sync(feed, database)

    expect(report.fetched).toBe(1)
    expect(report.problems).toEqual([
      `${kevUrl}: its SHA-256 hash does not match the manifest's (the file was changed or damaged); it was not read.`,
      `${epssUrl}: the feed answered HTTP 404 for FIRST's EPSS scores.`,
    ])
    expect(await readCatalogues(database)).toEqual({})
  })
})
