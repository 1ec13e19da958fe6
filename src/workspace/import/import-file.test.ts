import { randomBytes } from 'node:crypto'
import { createGzip, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { MAX_FILE_BYTES } from '@/workspace/readers/detect'
import { bytesOf, chooseRepository, gunzipWithin, importFile, pathInRepository } from './import-file'
import type { WorkspaceDatabase } from '@/workspace/store/records'

const MiB = 1024 * 1024

/** `size` bytes of one value, gzip-compressed as a stream (never held decompressed). */
async function gzipBomb(size: number, fill: number): Promise<Uint8Array<ArrayBuffer>> {
  const gzip = createGzip({ level: 9 })
  const parts: Buffer[] = []
  gzip.on('data', (part: Buffer) => parts.push(part))
  const done = new Promise((resolve, reject) => {
    gzip.on('end', resolve)
    gzip.on('error', reject)
  })
  const chunk = Buffer.alloc(MiB, fill)
  for (let written = 0; written < size; written += chunk.length) {
    if (!gzip.write(chunk)) await new Promise((resolve) => gzip.once('drain', resolve))
  }
  gzip.end()
  await done
  return Uint8Array.from(Buffer.concat(parts))
}

/** A workspace that fails the test if anything reaches it. */
const untouchable = new Proxy({} as WorkspaceDatabase, {
  get: () => {
    throw new Error('the workspace was touched')
  },
})

describe('the repository a file lands in', () => {
  it.each([
    ['acme-api', ['busybox'], 'acme-api'],
    ['acme-api', [undefined], 'acme-api'],
    [undefined, ['busybox'], 'busybox'],
    [undefined, [undefined, 'checkout-web'], 'checkout-web'],
    ['   ', ['busybox'], 'busybox'],
    [undefined, [undefined], undefined],
    [undefined, [''], undefined],
  ])('given %j and a file naming %j: %j', (given, named, repository) => {
    expect(chooseRepository(given, named)).toBe(repository)
  })

  it.each([
    [{ name: 'acme-api/scans/trivy.json', repository: 'acme-api', repositoryFromFolder: true }, 'scans/trivy.json'],
    [{ name: 'acme-api/grype.json', repository: 'acme-api', repositoryFromFolder: true }, 'grype.json'],
    [{ name: 'dropped/acme-api/grype.json', repository: 'acme-api', repositoryFromFolder: true }, 'grype.json'],
    [{ name: 'acme-api/grype.json', repositoryFromFolder: true }, 'grype.json'],
    [{ name: 'grype.json' }, 'grype.json'],
    [{ name: 'acme-api/grype.json', repositoryFromFolder: false }, 'acme-api/grype.json'],
    [{ name: 'x', fileName: 'reports/x.sarif' }, 'reports/x.sarif'],
  ])('reads %j as the file %s of its repository', (input, path) => {
    expect(pathInRepository(input)).toBe(path)
  })
})

describe('reading a file’s bytes', () => {
  it('reads plain and gzip-compressed files', async () => {
    const text = '{"version":"2.1.0","runs":[]}'
    const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes)
    expect(decode(await bytesOf(new Blob([text])))).toBe(text)
    expect(decode(await bytesOf(new Blob([gzipSync(text)])))).toBe(text)
  })

  it('reads bytes already in memory (a feed’s fetched file) as they are, or decompressed, within the limit', async () => {
    const text = '{"version":"2.1.0","runs":[]}'
    const plain = new TextEncoder().encode(text)
    expect(await bytesOf(plain)).toBe(plain)
    expect(new TextDecoder().decode(await bytesOf(new Uint8Array(gzipSync(text))))).toBe(text)
    await expect(bytesOf(new Uint8Array(2 * MiB), MiB)).rejects.toThrow(
      'The file is 2 MB; Vigil reads files up to 1 MB.',
    )
    await expect(bytesOf(new Uint8Array(gzipSync(Buffer.alloc(4 * MiB, 0x20))), MiB)).rejects.toThrow(
      'The file decompresses to more than 1 MB',
    )
  })

  it('refuses gzip cut short, binary inside gzip, and a file over the limit', async () => {
    const compressed = gzipSync(`{"a":"${randomBytes(10_000).toString('hex')}"}`)
    await expect(bytesOf(new Blob([compressed.subarray(0, 2_000)]))).rejects.toThrow(
      'The file looks gzip-compressed but could not be decompressed (it may be cut short).',
    )
    await expect(bytesOf(new Blob([gzipSync(Buffer.alloc(100))]))).rejects.toThrow('The file is binary')
    await expect(bytesOf(new Blob(['x'.repeat(2 * MiB)]), MiB)).rejects.toThrow(
      'The file is 2 MB; Vigil reads files up to 1 MB.',
    )
  })

  it('stops decompressing at the limit, holding nothing past it', async () => {
    const compressed = gzipSync(Buffer.alloc(8 * MiB, 0x20))
    await expect(gunzipWithin(new Blob([compressed]).stream(), MiB)).rejects.toThrow(
      'The file decompresses to more than 1 MB, and Vigil reads files up to 1 MB: nothing of it was imported.',
    )
    expect((await gunzipWithin(new Blob([compressed]).stream(), 8 * MiB)).length).toBe(8 * MiB)
  })

  it('refuses a gzip bomb (1 GiB of spaces in about a megabyte) at 512 MB within seconds, and stores nothing', async ({
    annotate,
  }) => {
    const compressed = await gzipBomb(1024 * MiB, 0x20)
    expect(compressed.length).toBeLessThan(2 * MiB)
    const blob = new Blob([compressed])
    let peak = process.memoryUsage()
    const before = peak
    const sampler = setInterval(() => {
      const now = process.memoryUsage()
      if (now.rss > peak.rss) peak = now
    }, 5)
    const started = performance.now()
    const outcome = await importFile(untouchable, { name: 'acme-api/bomb.sarif.gz', blob }, () => {})
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    expect(outcome).toEqual({
      status: 'refused',
      file: 'acme-api/bomb.sarif.gz',
      reason: `The file decompresses to more than ${MAX_FILE_BYTES / MiB} MB, and Vigil reads files up to ${MAX_FILE_BYTES / MiB} MB: nothing of it was imported. A small gzip file that grows this much may be a decompression bomb.`,
    })
    // Seconds on an idle machine; the bound leaves room for a loaded one.
    expect(seconds).toBeLessThan(30)
    await annotate(
      `gzip bomb: ${(compressed.length / MiB).toFixed(2)} MiB of gzip refused in ${seconds.toFixed(2)} s; ` +
        `peak RSS ${(peak.rss / MiB).toFixed(0)} MiB (${((peak.rss - before.rss) / MiB).toFixed(0)} MiB over the start), ` +
        `array buffers ${(peak.arrayBuffers / MiB).toFixed(0)} MiB at that peak`,
    )
  }, 120_000)

  it('refuses a gzip bomb of zeros at its first bytes, as binary', async () => {
    const compressed = await gzipBomb(1024 * MiB, 0)
    const started = performance.now()
    await expect(bytesOf(new Blob([compressed]))).rejects.toThrow('The file is binary')
    expect(performance.now() - started).toBeLessThan(1000)
  }, 120_000)
})
