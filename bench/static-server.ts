import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join } from 'node:path'

export interface StaticServer {
  server: Server
  origin: string
}

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

/** Requests the feed benchmark's host answered (the feed scenario resets and reads it). */
export const feedRequests = { count: 0 }

/** A static server on loopback with the single-page fallback and the caching a host gives Vigil. */
export function serve(dir: string, port = 0): Promise<StaticServer> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
    let file = join(dir, path)
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) {
      file = extname(path) ? '' : join(dir, path.endsWith('.html') ? path : 'index.html')
    }
    if (!file || !existsSync(file)) {
      response.writeHead(404).end()
      return
    }
    if (path.startsWith('/bench-feed/')) {
      // The feed benchmark's static host: ETags and 304s, as a bucket or CDN answers.
      feedRequests.count += 1
      const stats = statSync(file)
      const etag = `"${stats.size.toString(16)}-${stats.mtimeMs.toString(16)}"`
      if (request.headers['if-none-match'] === etag) {
        response.writeHead(304, { ETag: etag }).end()
        return
      }
      response.setHeader('ETag', etag)
    }
    // Hashed assets are kept for good, as docs/security.md ("Hosting") asks and `npm run preview` does.
    if (path.startsWith('/assets/')) response.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
    response.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(response)
  })
  return new Promise((done) =>
    server.listen(port, '127.0.0.1', () =>
      done({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  )
}
