import type { Plugin } from 'vite'

/**
 * Vite names every file under `assets/` after a hash of its content, so a name never serves other
 * bytes and a browser may keep it for good. Kept, the provider's page and the return from it reuse
 * the scripts the first screen loaded, and Chromium its compiled code, instead of fetching and
 * compiling them again (docs/security.md, "Hosting").
 */
export const immutableCaching = 'public, max-age=31536000, immutable'

/** The Cache-Control a host should send for a path of the built app; undefined leaves the host's own. */
export function cacheControlFor(pathname: string, base = '/'): string | undefined {
  return pathname.startsWith(`${base}assets/`) ? immutableCaching : undefined
}

/** `npm run preview` sends what a host should: hashed assets cached for good. */
export function immutableAssets(): Plugin {
  return {
    name: 'vigil:immutable-assets',
    configurePreviewServer(server) {
      const base = server.config.base
      server.middlewares.use((request, response, next) => {
        const value = cacheControlFor(new URL(request.url ?? '/', 'http://preview.invalid').pathname, base)
        if (value) response.setHeader('Cache-Control', value)
        next()
      })
    },
  }
}
