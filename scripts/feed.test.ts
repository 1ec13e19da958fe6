import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { createHash } from 'node:crypto'
import { describe, expect, it, onTestFinished } from 'vitest'
import { buildCatalogue, buildManifest } from '@/workspace/feed/build/feed-builder'
import { readEpssScores } from '@/workspace/intelligence/epss-scores'
import { readKevCatalogue } from '@/workspace/intelligence/kev-catalogue'
import { EPSS_ROWS, epssScores, kevCatalogue } from '@tests/helpers/catalogue-fixtures'
import { readScanText } from '@/workspace/readers/detect'
import { readManifest } from '@/workspace/feed/format/manifest'
import { findingHistory } from '@/workspace/history/finding-history'
import { readHistoryFile } from '@/workspace/history/history-file'

/** A new folder in the system's temporary folder, removed when the test ends. */
function temporaryFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix))
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }))
  return folder
}

/** A folder as CI leaves it: `<repo>/<scan files>`, made from the example files. */
function scanFolder(): string {
  const root = temporaryFolder('vigil-feed-')
  mkdirSync(join(root, 'payments', 'reports'), { recursive: true })
  mkdirSync(join(root, 'storefront'), { recursive: true })
  cpSync('public/examples/payments-api/trivy.json', join(root, 'payments', 'trivy.json'))
  cpSync('public/examples/payments-api/openapi.yaml', join(root, 'payments', 'reports', 'api spec.yaml'))
  writeFileSync(
    join(root, 'storefront', 'audit.json.gz'),
    gzipSync(readFileSync('public/examples/atlas-web/npm-audit.json')),
  )
  writeFileSync(join(root, 'storefront', '.DS_Store'), new Uint8Array([0, 1, 2]))
  return root
}

const feed = (...args: string[]) => spawnSync('node', ['scripts/feed.mjs', ...args], { encoding: 'utf8' })

// Each test runs the script, which loads the app's modules through Vite: seconds on a busy machine.
describe('npm run feed', { timeout: 30_000 }, () => {
  it('writes a manifest of every repository folder and its scan files, with formats, hashes and sizes', () => {
    const folder = scanFolder()
    const run = feed(folder)
    expect(run.status).toBe(0)
    expect(run.stdout).toContain('skipped hidden file storefront/.DS_Store')
    expect(run.stdout).toContain('2 repositories, 3 files')
    const text = readFileSync(join(folder, 'manifest.json'), 'utf8')
    const manifest = JSON.parse(text)
    expect(manifest.repositories.map((repository: { name: string }) => repository.name)).toEqual([
      'payments',
      'storefront',
    ])
    expect(manifest.repositories[0].files).toEqual([
      expect.objectContaining({ url: 'payments/reports/api%20spec.yaml', format: 'openapi', size: 4168 }),
      expect.objectContaining({ url: 'payments/trivy.json', format: 'trivy' }),
    ])
    expect(manifest.repositories[1].files[0]).toMatchObject({ url: 'storefront/audit.json.gz', format: 'npm-audit' })
    expect(manifest.repositories[0].files[1].sha256).toMatch(/^[0-9a-f]{64}$/)
    // What the builder writes, Vigil reads.
    const read = readManifest(text, 'https://scans.example.com/vigil/manifest.json', 'https://vigil.example.com')
    expect(read.repositories[0].files[0].url).toBe('https://scans.example.com/vigil/payments/reports/api%20spec.yaml')
  })

  it('writes the manifest elsewhere with --out, with file URLs relative to it', () => {
    const folder = scanFolder()
    const out = join(temporaryFolder('vigil-out-'), 'site', 'manifest.json')
    expect(feed(folder, '--out', out).status).toBe(0)
    const manifest = JSON.parse(readFileSync(out, 'utf8'))
    expect(manifest.repositories[0].files[0].url).toMatch(
      /^\.\.\/\.\.\/vigil-feed-\w+\/payments\/reports\/api%20spec\.yaml$/,
    )
  })

  it('refuses a folder with files Vigil cannot read, saying which and why, and writes nothing', () => {
    const folder = scanFolder()
    writeFileSync(join(folder, 'storefront', 'notes.txt'), 'remember the milk')
    writeFileSync(join(folder, 'README.md'), '# scans')
    const run = feed(folder)
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('refused README.md: it is not inside a repository folder')
    expect(run.stderr).toContain('refused storefront/notes.txt: The file is neither JSON nor YAML')
    expect(existsSync(join(folder, 'manifest.json'))).toBe(false)
  })

  it('says how to use it when the folder is missing', () => {
    expect(feed().status).toBe(2)
    expect(feed().stderr).toContain('Usage: npm run feed -- <folder> [--out <manifest.json>]')
    expect(feed('/no/such/folder').stderr).toContain('is not a folder')
  })

  it('builds manifests in memory too, refusing binary files', async () => {
    const { manifest, refused } = await buildManifest(
      [
        {
          path: 'api/openapi.json',
          bytes: new TextEncoder().encode(
            '{"openapi":"3.1.0","info":{"title":"A","version":"1"},"paths":{"/a":{"get":{}}}}',
          ),
        },
        { path: 'api/logo.png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0]) },
      ],
      'scans/',
      '2026-11-22T10:00:00Z',
    )
    expect(manifest).toMatchObject({ vigilFeed: 1, generatedAt: '2026-11-22T10:00:00Z' })
    expect(manifest.repositories[0].files).toEqual([
      expect.objectContaining({ url: 'scans/api/openapi.json', format: 'openapi' }),
    ])
    expect(refused).toEqual([{ path: 'api/logo.png', reason: 'The file is binary, not a text report.' }])
  })
})

/** The payments example's Trivy report as scanned at `createdAt`, without its vulnerabilities when `fixed`. */
function trivyAt(createdAt: string, fixed = false): string {
  const report = JSON.parse(readFileSync('public/examples/payments-api/trivy.json', 'utf8'))
  report.CreatedAt = createdAt
  if (fixed) for (const result of report.Results ?? []) result.Vulnerabilities = []
  return JSON.stringify(report)
}

const decisionsFile = JSON.stringify({
  vigilDecisions: 1,
  decisions: [
    {
      id: 'd1',
      at: '2026-11-02T10:00:00.000Z',
      by: { name: 'Ada', issuer: 'https://id.test', subject: 'ada' },
      scope: { kind: 'advisory', advisoryId: 'CVE-2024-0001' },
      previousState: 'needs-triage',
      state: 'in-triage',
      reason: '',
      severity: 'High',
    },
  ],
})

describe('npm run feed with the team history and decisions', { timeout: 60_000 }, () => {
  it('starts the history at the first run, adds each next run’s scans, and lists it and the decisions in the manifest', () => {
    const root = temporaryFolder('vigil-history-')
    const folder = join(root, 'scans')
    mkdirSync(join(folder, 'payments'), { recursive: true })
    writeFileSync(join(root, 'decisions.json'), decisionsFile)
    const history = join(folder, 'history.json')

    writeFileSync(join(folder, 'payments', 'trivy.json'), trivyAt('2026-11-01T03:00:00Z'))
    const first = feed(folder, '--history', history, '--decisions', join(root, 'decisions.json'))
    expect(first.status).toBe(0)
    expect(first.stdout).toContain('started')
    expect(first.stdout).toContain('1 scans added; 1 repositories, 1 runs')
    expect(first.stdout).toContain('1 decisions')

    writeFileSync(join(folder, 'payments', 'trivy.json'), trivyAt('2026-11-08T03:00:00Z'))
    const second = feed(folder, '--history', history, '--decisions', join(root, 'decisions.json'))
    expect(second.status).toBe(0)
    expect(second.stdout).toContain('updated')
    // The history file beside the scans is not a scan file.
    expect(second.stdout).toContain('1 repositories, 1 files')

    const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'))
    expect(manifest).toMatchObject({ history: 'history.json', decisions: '../decisions.json' })
    const read = readManifest(
      JSON.stringify(manifest),
      'https://scans.example.com/vigil/manifest.json',
      'https://vigil.example.com',
    )
    expect(read).toMatchObject({
      history: 'https://scans.example.com/vigil/history.json',
      decisions: 'https://scans.example.com/decisions.json',
    })

    const { history: state } = readHistoryFile(readFileSync(history, 'utf8'))
    const runs = state.repositories.get('payments')!
    const [run] = runs.values()
    expect(run.scans).toHaveLength(2)
    const [key] = run.findings.keys()
    expect(findingHistory(state, 'payments', run.run, key)).toMatchObject({
      firstSeen: '2026-11-01T03:00:00.000Z',
      lastSeen: '2026-11-08T03:00:00.000Z',
      scans: 2,
    })
  })

  it('refuses a history or decisions file it cannot read, and writes no manifest', () => {
    const folder = scanFolder()
    const history = join(folder, 'history.json')
    writeFileSync(history, '<html>sign in</html>')
    const bad = feed(folder, '--history', history)
    expect(bad.status).toBe(1)
    expect(bad.stderr).toContain('The history file is an HTML page, not JSON')
    expect(existsSync(join(folder, 'manifest.json'))).toBe(false)

    const decisions = join(folder, 'decisions.json')
    writeFileSync(decisions, '{"vigilDecisions": 1}')
    const refused = feed(folder, '--decisions', decisions)
    expect(refused.status).toBe(1)
    expect(refused.stderr).toContain("does not match Vigil's decisions format")
    expect(feed(folder, '--history').status).toBe(2)
  })

  it('dates each run by the file, as a browser importing the feed does', async () => {
    const { scans } = await buildManifest(
      [
        { path: 'payments/trivy.json', bytes: new TextEncoder().encode(trivyAt('2026-11-01T03:00:00Z')) },
        {
          path: 'storefront/audit.json',
          bytes: readFileSync('public/examples/atlas-web/npm-audit.json'),
          modifiedAt: '2026-11-02T00:00:00.000Z',
        },
      ],
      '',
      '2026-11-03T00:00:00.000Z',
    )
    expect(scans.map(({ repository, scannedAt, timeSource }) => ({ repository, scannedAt, timeSource }))).toEqual([
      { repository: 'payments', scannedAt: '2026-11-01T03:00:00.000Z', timeSource: 'scan' },
      { repository: 'storefront', scannedAt: '2026-11-02T00:00:00.000Z', timeSource: 'file' },
    ])
    expect(scans[0].findingKeys.length).toBeGreaterThan(0)
  })

  it('names a run by its file’s path in the repository folder, as a browser syncing the feed and a hand import do', async () => {
    const audit = readFileSync('public/examples/atlas-web/npm-audit.json')
    const { scans } = await buildManifest(
      [{ path: 'storefront/web/audit.json', bytes: audit }],
      '',
      '2026-11-03T00:00:00.000Z',
    )
    const [inFolder] = readScanText(new TextDecoder().decode(audit), { fileName: 'web/audit.json' })
    const [byUrl] = readScanText(new TextDecoder().decode(audit), { fileName: 'storefront/web/audit.json' })
    expect(inFolder.run).not.toBe(byUrl.run)
    expect(scans.map((scan) => scan.run)).toEqual([inFolder.run])
  })
})

describe('npm run feed with the reference catalogues', { timeout: 60_000 }, () => {
  const kev = kevCatalogue('2026-12-04', ['CVE-2024-45337', 'CVE-2023-44487'])
  const epss = epssScores('2026-12-06', EPSS_ROWS)
  const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

  /** The scan folder, and beside it CI's downloads: KEV's JSON, and EPSS's CSV as FIRST publishes it (gzip). */
  function downloads() {
    const folder = scanFolder()
    const root = temporaryFolder('vigil-downloads-')
    writeFileSync(join(root, 'known_exploited_vulnerabilities.json'), kev)
    writeFileSync(join(root, 'epss_scores-current.csv.gz'), gzipSync(epss))
    writeFileSync(join(root, 'epss.csv'), epss)
    return { folder, kev: join(root, 'known_exploited_vulnerabilities.json'), root }
  }

  it('checks both, copies them beside the manifest under stable names, and lists them with hash, size, version and date', () => {
    const { folder, kev: kevPath, root } = downloads()
    const out = temporaryFolder('vigil-site-')
    const run = feed(folder, '--out', out, '--kev', kevPath, '--epss', join(root, 'epss_scores-current.csv.gz'))
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toContain(
      "listed vigil-catalogues/kev.json: CISA's Known Exploited Vulnerabilities catalogue 2026.12.04 of 2026-12-04: 2 vulnerabilities",
    )
    expect(run.stdout).toContain(
      "listed vigil-catalogues/epss.csv.gz: FIRST's EPSS scores v2025.03.14 of 2026-12-06: 3 CVE scores",
    )
    // An --out folder gets the manifest in it.
    const text = readFileSync(join(out, 'manifest.json'), 'utf8')
    const manifest = JSON.parse(text)
    const kevBytes = readFileSync(join(out, 'vigil-catalogues', 'kev.json'))
    const epssBytes = readFileSync(join(out, 'vigil-catalogues', 'epss.csv.gz'))
    expect(manifest.catalogues).toEqual([
      {
        kind: 'kev',
        url: 'vigil-catalogues/kev.json',
        sha256: sha256(kevBytes),
        size: kevBytes.byteLength,
        version: '2026.12.04',
        date: '2026-12-04',
      },
      {
        kind: 'epss',
        url: 'vigil-catalogues/epss.csv.gz',
        sha256: sha256(epssBytes),
        size: epssBytes.byteLength,
        version: 'v2025.03.14',
        date: '2026-12-06',
      },
    ])
    // KEV as given; EPSS still gzip-compressed, as given.
    expect(kevBytes.toString('utf8')).toBe(kev)
    expect(epssBytes).toEqual(readFileSync(join(root, 'epss_scores-current.csv.gz')))
    // What the builder writes, Vigil reads.
    const read = readManifest(text, 'https://scans.example.com/vigil/manifest.json', 'https://vigil.example.com')
    expect(read.catalogues?.map((catalogue) => catalogue.url)).toEqual([
      'https://scans.example.com/vigil/vigil-catalogues/kev.json',
      'https://scans.example.com/vigil/vigil-catalogues/epss.csv.gz',
    ])
    expect(read.repositories).toHaveLength(2)
  })

  it('compresses a plain EPSS CSV, and takes the catalogues in the scanned folder for no scan files', () => {
    const { folder, root } = downloads()
    writeFileSync(join(folder, 'kev.json'), kev)
    const run = feed(folder, '--kev', join(folder, 'kev.json'), '--epss', join(root, 'epss.csv'))
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toContain('2 repositories, 3 files')
    const published = readFileSync(join(folder, 'vigil-catalogues', 'epss.csv.gz'))
    expect(published.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]))
    expect(gunzipSync(published).toString('utf8')).toBe(epss)

    // The next build (the copies now in the scanned folder) lists the same, and one without --epss drops it.
    const again = feed(folder, '--kev', join(folder, 'kev.json'))
    expect(again.status).toBe(0)
    expect(again.stdout).toContain('2 repositories, 3 files')
    const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'))
    expect(manifest.catalogues.map((catalogue: { kind: string }) => catalogue.kind)).toEqual(['kev'])
    expect(existsSync(join(folder, 'vigil-catalogues', 'epss.csv.gz'))).toBe(false)
    // Without either, the folder goes (the download left in the scanned folder would be refused as a scan file).
    rmSync(join(folder, 'kev.json'))
    expect(feed(folder).status).toBe(0)
    expect(existsSync(join(folder, 'vigil-catalogues'))).toBe(false)
  })

  it.each([
    [
      '--kev',
      'epss.csv',
      "This file is FIRST's EPSS scores, not CISA's Known Exploited Vulnerabilities catalogue: give it with --epss.",
    ],
    [
      '--epss',
      'known_exploited_vulnerabilities.json',
      "This file is CISA's Known Exploited Vulnerabilities catalogue, not FIRST's EPSS scores: give it with --kev.",
    ],
    ['--kev', 'notes.txt', "This file is not JSON, so it is not CISA's KEV catalogue."],
    ['--epss', 'notes.txt', 'This CSV file is not EPSS scores'],
    ['--kev', 'page.html', "This file is a web page, not CISA's KEV catalogue."],
  ])('refuses %s %s, saying why, and writes no manifest', (flag, name, reason) => {
    const { folder, root } = downloads()
    writeFileSync(join(root, 'notes.txt'), 'remember, the milk')
    writeFileSync(join(root, 'page.html'), '<!doctype html><title>Access denied</title>')
    const run = feed(folder, flag, join(root, name))
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(`${flag} ${join(root, name)}: ${reason}`)
    expect(run.stderr).toContain('No manifest written.')
    expect(existsSync(join(folder, 'manifest.json'))).toBe(false)
    expect(existsSync(join(folder, 'vigil-catalogues'))).toBe(false)
  })

  it('says when a catalogue file is missing', () => {
    const { folder } = downloads()
    const run = feed(folder, '--epss', '/no/such/epss.csv.gz')
    expect(run.status).toBe(2)
    expect(run.stderr).toContain('/no/such/epss.csv.gz does not exist')
    expect(feed(folder, '--kev').status).toBe(2)
  })

  it('writes in an EPSS score date that only the file name gives, as a browser reads it under the feed’s name', async () => {
    const undated = epssScores('2026-12-06', EPSS_ROWS, { dated: false })
    const built = await buildCatalogue({
      kind: 'epss',
      name: 'epss_scores-2026-12-06.csv',
      bytes: new TextEncoder().encode(undated),
    })
    expect(built.entry).toMatchObject({ kind: 'epss', url: 'vigil-catalogues/epss.csv.gz', date: '2026-12-06' })
    const text = gunzipSync(built.bytes).toString('utf8')
    expect(readEpssScores(text).catalogue.scoreDate).toBe('2026-12-06')
    await expect(
      buildCatalogue({ kind: 'epss', name: 'epss.csv', bytes: new TextEncoder().encode(undated) }),
    ).rejects.toThrow('This EPSS file does not say the day of its scores')
  })

  it('publishes a gzip-compressed KEV catalogue as plain JSON, and refuses one with no entries', async () => {
    const built = await buildCatalogue({ kind: 'kev', name: 'kev.json.gz', bytes: gzipSync(kev) })
    expect(new TextDecoder().decode(built.bytes)).toBe(kev)
    expect(readKevCatalogue(new TextDecoder().decode(built.bytes)).catalogue.catalogVersion).toBe('2026.12.04')
    expect(built.entry).toMatchObject({ url: 'vigil-catalogues/kev.json', size: built.bytes.byteLength })
    await expect(
      buildCatalogue({
        kind: 'kev',
        name: 'kev.json',
        bytes: new TextEncoder().encode(kevCatalogue('2026-12-04', [])),
      }),
    ).rejects.toThrow("This file holds CISA's Known Exploited Vulnerabilities catalogue with no entries")
  })
})
