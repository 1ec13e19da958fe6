import { afterEach, describe, expect, it } from 'vitest'
import { sha256Hex } from '@/lib/sha256'
import { buildManifest } from '@/workspace/feed/build/feed-builder'
import {
  packSnapshot,
  readSnapshotPart,
  SNAPSHOT_FOLDER,
  SNAPSHOT_FORMAT,
  type SnapshotRepository,
} from '@/workspace/feed/format/snapshot'
import { buildSnapshot } from '@/workspace/feed/build/snapshot-builder'
import { filesByName } from './snapshot-sync'
import { syncFeed } from './sync'
import { importFile } from '@/workspace/import/import-file'
import { findingsOf, listRepositories, listRuns } from '@/workspace/store/reads'
import { deleteWorkspace } from '@/workspace/store/workspace-names'
import { openWorkspace } from '@/workspace/store/open'
import type { WorkspaceDatabase } from '@/workspace/store/records'

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
            { source: 1000 + index, title: `${name} is vulnerable`, severity: 'high', url: `https://a.test/${name}` },
          ],
        },
      ]),
    ),
  })

/** `count` packages named after `prefix`: files large enough that a snapshot is worth its request. */
const packages = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}-${index}`)

const folder = {
  'payments/audit.json': npmAudit(packages('lodash', 20)),
  'payments/more/audit.json': npmAudit(packages('qs', 20)),
  'storefront/audit.json': npmAudit(packages('express', 30)),
  'search/audit.json': npmAudit(packages('ws', 10)),
}

/** A static host in memory for what `npm run feed` writes: the files, the manifest, the snapshot's parts. */
class SnapshotHost {
  files = new Map<string, Uint8Array>()
  requests: string[] = []

  fetch: typeof fetch = async (input) => {
    const url = String(input)
    this.requests.push(url.slice(`${origin}/feed/`.length))
    const body = this.files.get(url)
    if (body === undefined) return new Response('missing', { status: 404 })
    const etag = `"${(await sha256Hex(body)).slice(0, 16)}"`
    // The files' modification time, as a static host gives it.
    const lastModified = 'Fri, 20 Nov 2026 08:00:00 GMT'
    return new Response(body as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: { ETag: etag, 'Last-Modified': lastModified },
    })
  }

  async publish(texts: Record<string, string>, edit: (manifest: Record<string, unknown>) => void = () => {}) {
    const files = Object.entries(texts).map(([path, text]) => ({
      path,
      bytes: new TextEncoder().encode(text),
      modifiedAt: '2026-11-20T08:00:00.000Z',
    }))
    for (const file of files) this.files.set(`${origin}/feed/${file.path}`, file.bytes)
    const { manifest } = await buildManifest(files, '', '2026-11-22T10:00:00.000Z')
    const snapshot = await buildSnapshot(manifest, files)
    for (const part of snapshot.parts) this.files.set(`${origin}/feed/${part.entry.url}`, part.bytes)
    const document = {
      ...manifest,
      snapshot: { format: SNAPSHOT_FORMAT, parts: snapshot.parts.map((part) => part.entry) },
    }
    edit(document)
    this.files.set(manifestUrl, new TextEncoder().encode(JSON.stringify(document)))
    return snapshot
  }
}

const opened: WorkspaceDatabase[] = []
const names: string[] = []

async function workspace() {
  const name = `vigil-snapshot-test-${crypto.randomUUID()}`
  names.push(name)
  const database = await openWorkspace(name)
  opened.push(database)
  return database
}

afterEach(async () => {
  for (const database of opened.splice(0)) database.close()
  for (const name of names.splice(0)) await deleteWorkspace(name)
})

const sync = (host: SnapshotHost, database: WorkspaceDatabase) =>
  syncFeed({ manifestUrl, pageOrigin: 'https://vigil.test', database, fetch: host.fetch })

/** What the screens read of a workspace, without the times an import records. */
async function contents(database: WorkspaceDatabase) {
  const repositories = await listRepositories(database)
  return Promise.all(
    repositories.map(async (summary) => ({
      summary: { ...summary, scannedAt: undefined, apis: { ...summary.apis, documents: [] } },
      runs: (await listRuns(database, summary.name)).map((run) => ({ ...run, importedAt: undefined })),
      findings: (await findingsOf(database, summary.name)).map((finding) => finding.key).sort(),
    })),
  )
}

/**
 * Publishes `folder` with its snapshot's search repository rewritten by `edit`, and syncs it into
 * a workspace that holds a hand import into storefront: the sync's report, and what storefront
 * holds after it (`kept`: its findings of the hand import).
 */
async function syncTampered(edit: (search: SnapshotRepository) => void) {
  const host = new SnapshotHost()
  const built = await host.publish(folder)
  const repositories: SnapshotRepository[] = []
  for await (const { repository } of readSnapshotPart(new Blob([built.parts[0].bytes as Uint8Array<ArrayBuffer>])))
    repositories.push(repository)
  edit(repositories.find((repository) => repository.name === 'search')!)
  const { parts } = await packSnapshot(repositories, `${SNAPSHOT_FOLDER}/`)
  for (const part of parts) host.files.set(`${origin}/feed/${part.entry.url}`, part.bytes)
  const manifest = JSON.parse(new TextDecoder().decode(host.files.get(manifestUrl)))
  manifest.snapshot.parts = parts.map((part) => part.entry)
  host.files.set(manifestUrl, new TextEncoder().encode(JSON.stringify(manifest)))

  const database = await workspace()
  await importFile(
    database,
    { name: 'grype.json', blob: new Blob([npmAudit(['left-pad'])]), repository: 'storefront' },
    () => {},
  )
  const before = await findingsOf(database, 'storefront')
  const report = await sync(host, database)
  const storefront = await findingsOf(database, 'storefront')
  return {
    database,
    report,
    storefront,
    kept: storefront.filter((finding) => before.some((held) => held.key === finding.key)),
  }
}

describe('feed sync with a snapshot', () => {
  it('loads an empty workspace from the snapshot in two requests, as the file-by-file sync would have filled it', async () => {
    const host = new SnapshotHost()
    const snapshot = await host.publish(folder)
    const fromSnapshot = await workspace()
    const report = await sync(host, fromSnapshot)
    expect(host.requests).toEqual(['manifest.json', snapshot.parts[0].entry.url])
    expect(report).toMatchObject({ files: 4, fetched: 0, fromSnapshot: 4, unchanged: 0, added: 80, problems: [] })
    expect(report.snapshot).toMatchObject({ parts: 1, repositories: 3 })

    const fileByFile = await workspace()
    const plain = new SnapshotHost()
    await plain.publish(folder, (manifest) => delete manifest.snapshot)
    expect(await sync(plain, fileByFile)).toMatchObject({ fetched: 4, fromSnapshot: 0 })
    expect(await contents(fromSnapshot)).toEqual(await contents(fileByFile))

    // Nothing changed: one request, the manifest, and no file.
    host.requests = []
    expect(await sync(host, fromSnapshot)).toMatchObject({ fetched: 0, unchanged: 4, requests: 1 })
    expect(host.requests).toEqual(['manifest.json'])
  })

  it('gives a repository from the snapshot the visibility its manifest entry says, and none where it says none', async () => {
    const host = new SnapshotHost()
    await host.publish(folder, (manifest) => {
      const entries = manifest.repositories as { name: string; visibility?: string }[]
      entries.find((entry) => entry.name === 'payments')!.visibility = 'public'
      entries.find((entry) => entry.name === 'search')!.visibility = 'private'
    })
    const database = await workspace()
    expect(await sync(host, database)).toMatchObject({ fetched: 0, fromSnapshot: 4 })
    const summaries = await listRepositories(database)
    expect(summaries.map((summary) => [summary.name, summary.visibility, summary.coverage])).toEqual([
      ['payments', 'public', { policyIssues: false, vulnerabilities: true, apiSurface: false }],
      ['search', 'private', { policyIssues: false, vulnerabilities: true, apiSurface: false }],
      ['storefront', undefined, { policyIssues: false, vulnerabilities: true, apiSurface: false }],
    ])
    expect(summaries.some((summary) => 'isPrivate' in summary)).toBe(false)
  })

  it('never takes a repository the workspace holds from the snapshot: its files are fetched, its hand import stays', async () => {
    const host = new SnapshotHost()
    await host.publish(folder)
    const database = await workspace()
    await importFile(
      database,
      { name: 'grype.json', blob: new Blob([npmAudit(['left-pad'])]), repository: 'storefront' },
      () => {},
    )
    const report = await sync(host, database)
    expect(report).toMatchObject({ fetched: 1, fromSnapshot: 3 })
    expect(host.requests.filter((url) => !url.startsWith('vigil-snapshot/'))).toEqual([
      'manifest.json',
      'storefront/audit.json',
    ])
    const storefront = await listRuns(database, 'storefront')
    expect(storefront.map((run) => run.origin.kind).sort()).toEqual(['feed', 'hand'])
  })

  it('takes nothing from a snapshot’s repository whose records name another one: the hand import it names stays as it was', async () => {
    // Search's findings claim to be storefront's.
    const { database, report, kept, storefront } = await syncTampered((search) => {
      search.pages = search.pages.map((page) => ({ ...page, repository: 'storefront', run: 'grype.json' }))
    })
    expect(report).toMatchObject({ fromSnapshot: 2, fetched: 2, problems: [] })
    expect(kept).toHaveLength(1)
    expect(JSON.stringify(storefront)).not.toContain('ws-0')
    expect((await findingsOf(database, 'search')).length).toBe(10)
  })

  it.each([
    ['a file the manifest lists for another repository', 'storefront/audit.json'],
    ['a file by its full address, where the import history names it by its path', `${origin}/feed/search/audit.json`],
    ['a file the manifest does not list', 'search/other.json'],
  ])('fetches file by file a snapshot’s repository that names %s', async (_what, name) => {
    const { database, report, kept } = await syncTampered((search) => {
      search.files = search.files.map((file) => ({ ...file, url: name }))
    })
    expect(report).toMatchObject({ fromSnapshot: 2, fetched: 2, problems: [] })
    // Payments only (storefront was held).
    expect(report.snapshot).toMatchObject({ repositories: 1 })
    expect(kept).toHaveLength(1)
    const groups = await database.getAll('feedFileGroups')
    const urls = groups.flatMap((group) => group.files.map((file) => [file.repository, file.url]))
    expect(urls.filter(([repository]) => repository === 'search')).toEqual([
      ['search', `${origin}/feed/search/audit.json`],
    ])
    expect((await findingsOf(database, 'search')).length).toBe(10)
  })

  it('names each listed file as the import history does, and none by a name two files share', () => {
    const listed = [
      `${origin}/feed/search/audit.json`,
      `${origin}/elsewhere/audit.json`,
      'https://other.test/x.json',
      `${origin}/feed/https://other.test/x.json`,
    ].map((url) => ({ url }))
    expect([...filesByName(listed, manifestUrl)]).toEqual([
      ['search/audit.json', `${origin}/feed/search/audit.json`],
      [`${origin}/elsewhere/audit.json`, `${origin}/elsewhere/audit.json`],
    ])
  })

  describe('a repository’s pages packed in one record', () => {
    /** The page records the store holds for `repository`, as they are stored: each by its run's file. */
    const pageRecords = async (database: WorkspaceDatabase, repository: string) => {
      const file = (run: string) => run.replace('npm audit|', '')
      return (await database.getAllFromIndex('pages', 'repository', repository)).map((record) =>
        'pages' in record ? `packed: ${record.pages.map((page) => file(page.run)).join(', ')}` : file(record.run),
      )
    }

    it('lands a repository of two files as one record, split again by the next sync that changes one of them', async () => {
      const host = new SnapshotHost()
      await host.publish(folder)
      const database = await workspace()
      await sync(host, database)
      expect(await pageRecords(database, 'payments')).toEqual(['packed: audit.json, more/audit.json'])
      expect(await findingsOf(database, 'payments')).toHaveLength(40)

      await host.publish({ ...folder, 'payments/more/audit.json': npmAudit(packages('qs', 5)) })
      host.requests = []
      expect(await sync(host, database)).toMatchObject({ fetched: 1, unchanged: 3, fixed: 15, problems: [] })
      expect(host.requests).toEqual(['manifest.json', 'payments/more/audit.json'])
      expect((await pageRecords(database, 'payments')).sort()).toEqual(['audit.json', 'more/audit.json'])
      const findings = await findingsOf(database, 'payments')
      expect(findings).toHaveLength(25)
      expect(findings.filter((finding) => JSON.stringify(finding).includes('lodash-'))).toHaveLength(20)

      // What the feed knows of the changed file moved out of the snapshot's batch: nothing is asked for again.
      host.requests = []
      expect(await sync(host, database)).toMatchObject({ fetched: 0, unchanged: 4, problems: [] })
      expect(host.requests).toEqual(['manifest.json'])
      expect(
        (await database.getAll('feedFileGroups')).map((group) => [group.group === 'payments', group.files.length]),
      ).toEqual([
        [false, 3],
        [true, 1],
      ])
    })

    it('keeps the pages of the files that stay when a file leaves the manifest', async () => {
      const host = new SnapshotHost()
      await host.publish(folder)
      const database = await workspace()
      await sync(host, database)
      const { 'payments/more/audit.json': _left, ...rest } = folder
      await host.publish(rest)
      expect(await sync(host, database)).toMatchObject({ fetched: 0, removed: [], problems: [] })
      expect(await pageRecords(database, 'payments')).toEqual(['audit.json'])
      const findings = await findingsOf(database, 'payments')
      expect(findings).toHaveLength(20)
      expect(findings.every((finding) => JSON.stringify(finding).includes('lodash-'))).toBe(true)
    })

    it('takes no repository whose snapshot gives a page shaped as a packed record: the hand import it names stays', async () => {
      const { database, report, kept, storefront } = await syncTampered((search) => {
        const [page] = search.pages
        search.pages = [{ ...page, pages: [{ ...page, repository: 'storefront', run: 'grype.json' }] } as typeof page]
      })
      expect(report).toMatchObject({ fromSnapshot: 2, fetched: 2, problems: [] })
      expect(kept).toHaveLength(1)
      expect(JSON.stringify(storefront)).not.toContain('ws-0')
      expect(await pageRecords(database, 'search')).toEqual(['audit.json'])
    })
  })

  describe('in batches of repositories, one stored while the next is read', () => {
    // Past one batch (250 repositories a transaction): three transactions.
    const many = Object.fromEntries(
      Array.from({ length: 600 }, (_, index) => [
        `service-${String(index).padStart(3, '0')}/audit.json`,
        npmAudit(packages('pkg', 5)),
      ]),
    )

    it('lands every batch', async () => {
      const host = new SnapshotHost()
      await host.publish(many)
      const database = await workspace()
      const report = await sync(host, database)
      expect(report).toMatchObject({ files: 600, fetched: 0, fromSnapshot: 600, added: 3000, problems: [] })
      expect(await listRepositories(database)).toHaveLength(600)
    })

    it('stops at a batch the storage refuses, with the batches before it kept and none after it written', async () => {
      const host = new SnapshotHost()
      await host.publish(many)
      const database = await workspace()
      let transactions = 0
      const failing = new Proxy(database, {
        get(target, key) {
          if (key !== 'transaction') return Reflect.get(target, key, target) as unknown
          return (...args: Parameters<WorkspaceDatabase['transaction']>) => {
            if (([args[0]].flat() as string[]).includes('pages') && ++transactions === 2)
              throw new Error('The storage went away.')
            return target.transaction(...args)
          }
        },
      })
      await expect(sync(host, failing)).rejects.toThrow('The storage went away.')
      expect(transactions).toBe(2)
      expect(await listRepositories(database)).toHaveLength(250)
    })
  })

  it('refuses a part that does not match its hash, and fetches its repositories file by file', async () => {
    const host = new SnapshotHost()
    await host.publish(folder, (manifest) => {
      const snapshot = manifest.snapshot as { parts: { sha256: string }[] }
      snapshot.parts[0].sha256 = 'f'.repeat(64)
    })
    const database = await workspace()
    const report = await sync(host, database)
    expect(report).toMatchObject({ fetched: 4, fromSnapshot: 0, problems: [] })
    expect(report.snapshot?.refused).toMatch(/does not match the size or SHA-256 hash its manifest gives/)
    expect((await listRepositories(database)).map((summary) => summary.name)).toEqual([
      'payments',
      'search',
      'storefront',
    ])
  })
})
