import { describe, expect, it } from 'vitest'
import { cacheControlFor, immutableCaching } from './asset-caching'

describe('asset caching', () => {
  it('keeps the hashed files under assets/ for good', () => {
    expect(cacheControlFor('/assets/index-BQ0GVgUb.js')).toBe('public, max-age=31536000, immutable')
    expect(cacheControlFor('/assets/app-layout-C4qityOs.css')).toBe(immutableCaching)
  })

  it('leaves the pages, the service worker and public files to revalidation: their names do not change', () => {
    for (const path of ['/', '/index.html', '/repositories', '/mockServiceWorker.js', '/examples/assets/x.json'])
      expect(cacheControlFor(path)).toBeUndefined()
  })

  it('follows the base the app is built under', () => {
    expect(cacheControlFor('/vigil/assets/index-BQ0GVgUb.js', '/vigil/')).toBe(immutableCaching)
    expect(cacheControlFor('/assets/index-BQ0GVgUb.js', '/vigil/')).toBeUndefined()
  })
})
