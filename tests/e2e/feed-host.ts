import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join, normalize } from 'node:path'
import type { Page } from '@playwright/test'
import { feedAppPort, feedServerPort } from '../../playwright.config'
import { goInApp } from './helpers'

/** Vigil's origin in the feed tests (the feed host allows it). */
export const appOrigin = `http://127.0.0.1:${feedAppPort}`

/**
 * A team's feed on a static host: the files CI published under /vigil/, with CORS for Vigil's
 * origin, ETags and 304s, and (when asked) a bearer-token check. It logs every GET. It publishes
 * a snapshot only when asked, and cuts the connection of the paths in `cutOff` (every time:
 * a browser asks again once when a kept-alive connection closes).
 */
export class FeedHost {
  readonly root = mkdtempSync(join(tmpdir(), 'vigil-feed-host-'))
  readonly folder = join(this.root, 'vigil')
  gets: { path: string; authorization?: string; status: number }[] = []
  requireToken = false
  cutOff = new Set<string>()
  private server?: Server

  constructor(public snapshot = false) {}

  async start() {
    this.server = createServer((request, response) => {
      response.setHeader('Access-Control-Allow-Origin', appOrigin)
      response.setHeader('Access-Control-Allow-Headers', 'Authorization, If-None-Match, If-Modified-Since')
      response.setHeader('Access-Control-Expose-Headers', 'ETag, Last-Modified')
      response.setHeader('Vary', 'Origin')
      if (request.method === 'OPTIONS') {
        response.writeHead(204, { 'Access-Control-Max-Age': '600' }).end()
        return
      }
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://feed').pathname)
      const log = (status: number) => this.gets.push({ path, authorization: request.headers.authorization, status })
      if (this.cutOff.has(path)) {
        log(0)
        request.socket.destroy()
        return
      }
      // A gateway that checks the identity provider's tokens: a bearer JWT (header.payload.signature).
      if (this.requireToken && !/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/.test(request.headers.authorization ?? '')) {
        log(401)
        response.writeHead(401).end('sign in')
        return
      }
      let body: Buffer
      try {
        body = readFileSync(join(this.root, normalize(path).replace(/^(\.\.[/\\])+/, '')))
      } catch {
        log(404)
        response.writeHead(404).end('not found')
        return
      }
      const etag = `"${createHash('sha1').update(body).digest('hex')}"`
      if (request.headers['if-none-match'] === etag) {
        log(304)
        response.writeHead(304, { ETag: etag }).end()
        return
      }
      log(200)
      response.writeHead(200, { ETag: etag, 'Content-Type': 'application/octet-stream' }).end(body)
    })
    await new Promise<void>((resolve) => this.server!.listen(feedServerPort, '127.0.0.1', resolve))
  }

  stop() {
    this.server?.close()
    rmSync(this.root, { recursive: true, force: true })
  }

  /** Puts a scan file where CI would, and builds the manifest with `npm run feed`. */
  publish(files: Record<string, string>) {
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(join(this.folder, path, '..'), { recursive: true })
      cpSync(source, join(this.folder, path))
    }
    this.buildManifest()
  }

  /** Builds the manifest with `npm run feed`; `options` as its command line takes them (`--decisions <file>`). */
  buildManifest(...options: string[]) {
    execFileSync('node', ['scripts/feed.mjs', this.folder, ...(this.snapshot ? [] : ['--no-snapshot']), ...options], {
      stdio: 'ignore',
    })
  }

  paths() {
    return this.gets.map((get) => `${get.status} ${get.path}`)
  }
}

/** Opens the data-sources page and asks the team feed to sync now. */
export async function syncNow(page: Page) {
  await goInApp(page, '/organizations/settings')
  await page.getByRole('region', { name: 'Team feed' }).getByRole('button', { name: 'Sync now' }).click()
}

/** The team feed's status line on the data-sources page. */
export const feedStatus = (page: Page) => page.getByTestId('feed-status')
