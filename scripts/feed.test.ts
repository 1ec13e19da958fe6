import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { buildManifest } from '@/workspace/feed-builder'
import { readManifest } from '@/workspace/feed-manifest'

/** A folder as CI leaves it: `<repo>/<scan files>`, made from the example files. */
function scanFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'vigil-feed-'))
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

describe('npm run feed', () => {
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
    const out = join(mkdtempSync(join(tmpdir(), 'vigil-out-')), 'site', 'manifest.json')
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
