import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** One chunk of a Vite build manifest (.vite/manifest.json), as far as the bench reads it. */
interface ManifestChunk {
  file: string
  name?: string
  css?: string[]
  imports?: string[]
  isDynamicEntry?: boolean
}

export interface FirstScreenSize {
  /** Gzipped bytes of the entry's JS and its static imports. */
  js: number
  /** Gzipped bytes of the CSS those chunks bring. */
  css: number
  chunks: string[]
  /** The lazily imported chunks, which the first screen does not load. */
  lazy: string[]
}

/** JS and CSS of an entry and its static imports, gzipped, from the Vite manifest. */
export function firstScreenSize(dir: string, entry: string): FirstScreenSize {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>
  const seen = new Set<string>()
  const sizes = { js: 0, css: 0 }
  const gz = (file: string) => gzipSync(readFileSync(join(dir, file))).length
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    sizes.js += gz(chunk.file)
    for (const css of chunk.css ?? []) sizes.css += gz(css)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(entry)
  const lazy = Object.values(manifest)
    .filter((chunk) => chunk.isDynamicEntry)
    .map((chunk) => chunk.name ?? chunk.file)
  return { ...sizes, chunks: [...seen].map((key) => manifest[key].file), lazy }
}
