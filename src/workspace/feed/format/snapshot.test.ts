import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { sha256Hex } from '@/lib/sha256'
import { buildManifest, type FolderFile } from '@/workspace/feed/build/feed-builder'
import { readManifest } from './manifest'
import {
  historyFromSnapshot,
  historyToSnapshot,
  packSnapshot,
  readSnapshotPart,
  SNAPSHOT_FORMAT,
  SnapshotRefused,
  type SnapshotRepository,
} from './snapshot'
import { buildSnapshot } from '@/workspace/feed/build/snapshot-builder'
import { partsFor } from '@/workspace/feed/sync/snapshot-sync'
import { findingsOfPage } from '@/workspace/store/finding-pages'

const example = (path: string, source: string): FolderFile => ({
  path,
  bytes: new Uint8Array(readFileSync(`public/examples/${source}`)),
  modifiedAt: '2026-11-20T08:00:00.000Z',
})

const folder = [
  example('payments/trivy.json', 'payments-api/trivy.json'),
  example('payments/openapi.yaml', 'payments-api/openapi.yaml'),
  example('storefront/npm-audit.json', 'atlas-web/npm-audit.json'),
  example('storefront/semgrep.sarif', 'atlas-web/semgrep.sarif'),
]

async function repositoriesOf(bytes: Uint8Array, textLimit?: number): Promise<SnapshotRepository[]> {
  const repositories: SnapshotRepository[] = []
  for await (const { repository } of readSnapshotPart(new Blob([bytes as Uint8Array<ArrayBuffer>]), textLimit)) {
    repositories.push(repository)
  }
  return repositories
}

/** A part of the given lines, gzip-compressed. */
async function partOf(lines: unknown[]): Promise<Blob> {
  const text = lines.map((line) => `${JSON.stringify(line)}\n`).join('')
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))
  return new Blob([await new Response(stream).arrayBuffer()])
}

/** Characters that do not compress. */
const random = (length: number) =>
  Array.from({ length }, () => String.fromCharCode(35 + Math.floor(Math.random() * 56))).join('')

/** A repository record of the given name, its pages padded with `filler` characters that do not compress. */
const fake = (name: string, filler = 0): SnapshotRepository =>
  ({
    name,
    summary: { name },
    digest: { repository: name },
    runs: [],
    pages: [{ repository: name, run: 'r', tool: 't', page: 0, modelVersion: 2, findingsJson: random(filler) }],
    history: [],
    imports: [],
    files: [],
  }) as unknown as SnapshotRepository

describe('feed snapshot', () => {
  it('holds what the import stores for every file of the feed, each repository once, in a part named by its hash', async () => {
    const { manifest } = await buildManifest(folder, '', '2026-11-22T10:00:00.000Z')
    const snapshot = await buildSnapshot(manifest, folder)
    expect(snapshot.leftOut).toEqual([])
    expect(snapshot.parts).toHaveLength(1)
    const [part] = snapshot.parts
    expect(part.entry).toMatchObject({ first: 'payments', last: 'storefront', repositories: 2 })
    expect(part.entry.sha256).toBe(await sha256Hex(part.bytes))
    expect(part.entry.url).toBe(`vigil-snapshot/${part.entry.sha256}.ndjson.gz`)
    expect(part.entry.size).toBe(part.bytes.byteLength)

    const [payments, storefront] = await repositoriesOf(part.bytes)
    expect(payments.name).toBe('payments')
    expect(payments.files.map((file) => file.url)).toEqual(['payments/openapi.yaml', 'payments/trivy.json'])
    expect(payments.files.map((file) => file.sha256)).toEqual(manifest.repositories[0].files.map((file) => file.sha256))
    expect(payments.summary.tools).toEqual(['Trivy'])
    expect(payments.summary.apis.documents.map((document) => document.file)).toEqual(['payments/openapi.yaml'])
    expect(payments.digest.repository).toBe('payments')
    expect(payments.runs.every((run) => run.origin.kind === 'feed' && run.origin.manifestUrl === '')).toBe(true)
    expect(payments.runs.map((run) => run.run).sort()).toEqual(payments.files.flatMap((file) => file.runs).sort())
    expect(payments.history.map((run) => run.run).sort()).toEqual(payments.runs.map((run) => run.run).sort())
    // Each run's history whole: every finding of the run, first seen at its scan, still reported.
    const trivy = payments.runs.find((run) => run.tool === 'Trivy')!
    const history = historyFromSnapshot(payments.history.find((run) => run.run === trivy.run)!)
    expect(history?.findings.size).toBe(trivy.findings)
    const seconds = Date.parse(trivy.scannedAt) / 1000
    for (const record of history?.findings.values() ?? [])
      expect(record.stretches).toEqual([seconds, seconds, Infinity])
    expect(payments.imports.every((record) => record.id === undefined && record.repository === 'payments')).toBe(true)
    expect(payments.pages.reduce((sum, page) => sum + findingsOfPage(page).length, 0)).toBe(
      payments.runs.reduce((sum, run) => sum + run.findings, 0),
    )
    expect(storefront.summary.counts.vulnerabilities).toBeGreaterThan(0)
  })

  it('cuts parts within the size limit, in names order, and leaves out a repository too large for any part', async () => {
    const repositories = ['a', 'b', 'c', 'd'].map((name) => fake(name))
    repositories.splice(2, 0, fake('bz', 20_000))
    const { parts, leftOut } = await packSnapshot(repositories, 'vigil-snapshot/', 8_000)
    expect(leftOut).toEqual(['bz'])
    expect(parts.every((part) => part.bytes.byteLength <= 8_000)).toBe(true)
    // Halved around the one too large, which falls between two parts: no part is fetched for it.
    expect(parts.map((part) => [part.entry.first, part.entry.last])).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ])
    expect((await repositoriesOf(parts[1].bytes)).map((repository) => repository.name)).toEqual(['c', 'd'])
    expect(
      partsFor(
        parts.map((part) => part.entry),
        ['bz'],
      ),
    ).toEqual([])

    const small = await packSnapshot(
      ['a', 'b', 'c', 'd'].map((name) => fake(name, 300)),
      'vigil-snapshot/',
      1_000,
    )
    expect(small.parts.length).toBeGreaterThan(1)
    expect(small.leftOut).toEqual([])
    expect(small.parts.flatMap((part) => [part.entry.first, part.entry.last]).join(' ')).toMatch(/^a .* d$/)
    await expect(packSnapshot([fake('b'), fake('a')], '')).rejects.toThrow('sorted by name')
  })

  it('refuses a part of another format, naming both versions and what to do', async () => {
    const newer = await partOf([{ vigilSnapshot: SNAPSHOT_FORMAT + 1 }, fake('a')])
    await expect(repositoriesOf(new Uint8Array(await newer.arrayBuffer()))).rejects.toThrow(
      `The feed's snapshot is of format ${SNAPSHOT_FORMAT + 1}, and this Vigil reads format ${SNAPSHOT_FORMAT}: it was not used, and the files were fetched one by one. The feed was built by a newer Vigil: reload this page to get the newer version.`,
    )
    const headless = await partOf([fake('a')])
    await expect(repositoriesOf(new Uint8Array(await headless.arrayBuffer()))).rejects.toThrow(SnapshotRefused)
    await expect(repositoriesOf(new Uint8Array([31, 139, 8, 0, 1, 2]))).rejects.toThrow('could not be read')
  })

  it('refuses a part that decompresses past its cap', async () => {
    const text = `${JSON.stringify({ vigilSnapshot: SNAPSHOT_FORMAT })}\n${' '.repeat(3 * 1024 * 1024)}`
    const bomb = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))
    const compressed = new Uint8Array(await new Response(bomb).arrayBuffer())
    await expect(repositoriesOf(compressed, 1024 * 1024)).rejects.toThrow(
      "A part of the feed's snapshot decompresses to more than 1 MB, and Vigil reads parts up to 1 MB: the rest of the files were fetched one by one.",
    )
  })

  it('fetches only the parts whose names hold a repository the workspace lacks', () => {
    const part = (first: string, last: string) => ({ url: first, sha256: '', size: 1, first, last, repositories: 1 })
    const parts = [part('a', 'c'), part('d', 'f'), part('g', 'k')]
    expect(partsFor(parts, ['b', 'h']).map((chosen) => chosen.first)).toEqual(['a', 'g'])
    expect(partsFor(parts, ['cc'])).toEqual([])
    expect(partsFor(parts, ['a', 'b', 'c', 'd', 'k'])).toHaveLength(3)
  })

  it('is listed in the manifest: its parts resolved when Vigil reads its format, only its format when not', () => {
    const base = { vigilFeed: 1, repositories: [] }
    const entry = {
      url: 'vigil-snapshot/x.ndjson.gz',
      sha256: 'a'.repeat(64),
      size: 10,
      first: 'a',
      last: 'b',
      repositories: 2,
    }
    const url = 'https://scans.example.com/vigil/manifest.json'
    const page = 'https://vigil.example.com'
    const read = (snapshot: unknown) => readManifest(JSON.stringify({ ...base, snapshot }), url, page)
    expect(read({ format: SNAPSHOT_FORMAT, parts: [entry] }).snapshot).toEqual({
      format: SNAPSHOT_FORMAT,
      parts: [{ ...entry, url: 'https://scans.example.com/vigil/vigil-snapshot/x.ndjson.gz' }],
    })
    const newer = SNAPSHOT_FORMAT + 1
    expect(read({ format: newer, parts: [{ anything: true }] }).snapshot).toEqual({
      format: newer,
      parts: [],
    })
    expect(() => read({ format: SNAPSHOT_FORMAT, parts: [{ url: 'x' }] })).toThrow('does not match')
  })
})

describe('a run’s history in a snapshot', () => {
  const run = {
    repository: 'payments',
    run: 'trivy.json',
    tool: 'Trivy',
    timeSource: 'scan' as const,
    scans: [1_790_000_000, 1_790_086_400],
    truncated: false,
    findings: new Map([
      [
        'CVE-1|lodash@4.17.20',
        { severity: 'High' as const, scans: 2, stretches: [1_790_000_000, 1_790_086_400, Infinity] },
      ],
      [
        'CVE-2|qs@6.0.0',
        { severity: 'Low' as const, scans: 1, stretches: [1_790_000_000, 1_790_000_000, 1_790_086_400] },
      ],
    ]),
  }

  it('comes back from JSON as it was: its findings a map, a stretch still open Infinity', () => {
    const text = JSON.stringify(historyToSnapshot(run))
    expect(text).not.toContain('Infinity')
    expect(historyFromSnapshot(JSON.parse(text))).toEqual(run)
  })

  it('is refused when it is not one: a map written as an object (format 2), a finding without its record', () => {
    const written = JSON.parse(JSON.stringify(historyToSnapshot(run)))
    expect(historyFromSnapshot({ ...written, findings: {} })).toBeUndefined()
    expect(historyFromSnapshot({ ...written, findings: [['CVE-1|lodash@4.17.20']] })).toBeUndefined()
    expect(
      historyFromSnapshot({ ...written, findings: [['CVE-1', { severity: 'High', scans: 1, stretches: ['x'] }]] }),
    ).toBeUndefined()
    expect(historyFromSnapshot({ ...written, scans: undefined })).toBeUndefined()
  })
})
