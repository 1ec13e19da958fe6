import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join, normalize } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { feedAppPort, feedServerPort } from '../../playwright.config'
import { signInAsDemo } from './helpers'

const appOrigin = `http://127.0.0.1:${feedAppPort}`
const DAY = 86_400_000

/** The team's bucket: what CI published under /vigil/, with CORS for Vigil and ETags. */
function startHost(root: string): Promise<Server> {
  const server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', appOrigin)
    response.setHeader('Access-Control-Allow-Headers', 'Authorization, If-None-Match, If-Modified-Since')
    response.setHeader('Access-Control-Expose-Headers', 'ETag, Last-Modified')
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end()
      return
    }
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://feed').pathname)
    let body: Buffer
    try {
      body = readFileSync(join(root, normalize(path).replace(/^(\.\.[/\\])+/, '')))
    } catch {
      response.writeHead(404).end('not found')
      return
    }
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`
    if (request.headers['if-none-match'] === etag) response.writeHead(304, { ETag: etag }).end()
    else response.writeHead(200, { ETag: etag, 'Content-Type': 'application/json' }).end(body)
  })
  return new Promise((resolve) => server.listen(feedServerPort, '127.0.0.1', () => resolve(server)))
}

/** A Trivy scan of the payments image at `createdAt`, with one Critical vulnerability (7 days to fix). */
const trivyAt = (createdAt: Date) =>
  JSON.stringify({
    SchemaVersion: 2,
    CreatedAt: createdAt.toISOString(),
    ArtifactName: 'registry.example/payments:1',
    ArtifactType: 'container_image',
    Results: [
      {
        Target: 'package-lock.json',
        Class: 'lang-pkgs',
        Type: 'npm',
        Vulnerabilities: [
          {
            VulnerabilityID: 'CVE-2024-0001',
            PkgName: 'lodash',
            InstalledVersion: '4.17.20',
            FixedVersion: '4.17.21',
            Severity: 'CRITICAL',
            Title: 'Prototype pollution in lodash',
          },
        ],
      },
    ],
  })

async function goInApp(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

test.use({ baseURL: appOrigin })

test('two feed runs a week apart with --history: a fresh browser shows the first run’s first-seen date and the overdue count', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const root = mkdtempSync(join(tmpdir(), 'vigil-feed-history-'))
  const folder = join(root, 'vigil')
  mkdirSync(join(folder, 'payments'), { recursive: true })
  const history = join(folder, 'history.json')
  // CI's two runs, a week apart: the second publishes the same finding, and the history of both.
  const firstRun = new Date(Date.now() - 10 * DAY)
  for (const scannedAt of [firstRun, new Date(firstRun.getTime() + 7 * DAY)]) {
    writeFileSync(join(folder, 'payments', 'trivy.json'), trivyAt(scannedAt))
    execFileSync('node', ['scripts/feed.mjs', folder, '--history', history], { stdio: 'ignore' })
  }
  const server = await startHost(root)
  try {
    await signInAsDemo(page)
    await goInApp(page, '/organizations/settings')
    await expect(page.getByTestId('feed-status')).toContainText('1 fetched', { timeout: 30_000 })

    // Seen first 10 days ago, due 3 days ago: overdue. The second run alone would make it due in 4 days.
    await goInApp(page, '/vulnerabilities?view=flat&due=overdue')
    await expect(page.getByRole('main').getByRole('status')).toHaveText(/Showing 1 of 1 finding/)
    const row = page.getByRole('row', { name: 'payments: CVE-2024-0001' })
    await expect(row).toContainText(`First seen ${firstRun.toISOString().slice(0, 10)}, 10 days old`)
    await expect(row).toContainText('Overdue since')

    await goInApp(page, '/repository/payments?tab=vulnerabilities')
    await expect(page.getByRole('article', { name: /Prototype pollution/ })).toContainText(
      `First seen ${firstRun.toISOString().slice(0, 10)}, 10 days old. Overdue since`,
    )
  } finally {
    server.close()
    rmSync(root, { recursive: true, force: true })
  }
})
