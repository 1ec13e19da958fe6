#!/usr/bin/env node
// `npm run feed -- <folder> [--out manifest.json]`: builds a feed manifest for a folder laid out
// `<repo>/<scan files>`, for a CI step to run before it uploads the folder and the manifest.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { loadModule } from './load-module.mjs'

const usage = 'Usage: npm run feed -- <folder> [--out <manifest.json>]  (default: <folder>/manifest.json)'
const args = process.argv.slice(2)
const outIndex = args.indexOf('--out')
const out = outIndex >= 0 ? args[outIndex + 1] : undefined
const folderArg = args.filter((_, index) => outIndex < 0 || (index !== outIndex && index !== outIndex + 1))[0]
if (!folderArg || (outIndex >= 0 && !out) || args.includes('--help')) {
  console.error(usage)
  process.exit(folderArg ? 0 : 2)
}
const folder = resolve(folderArg)
if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
  console.error(`${folderArg} is not a folder.\n${usage}`)
  process.exit(2)
}
const manifestPath = resolve(out ?? join(folder, 'manifest.json'))

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return walk(path)
    return entry.isFile() && path !== manifestPath ? [path] : []
  })
}

const module = await loadModule('src/workspace/feed-builder.ts')
const files = walk(folder).map((path) => ({
  path: relative(folder, path).split(sep).join('/'),
  bytes: new Uint8Array(readFileSync(path)),
}))
const fromManifest = relative(dirname(manifestPath), folder).split(sep).join('/')
const { manifest, refused, skipped } = await module.buildManifest(files, fromManifest ? `${fromManifest}/` : '')

for (const path of skipped) console.log(`skipped hidden file ${path}`)
if (refused.length > 0) {
  for (const { path, reason } of refused) console.error(`refused ${path}: ${reason}`)
  console.error(
    `\nNo manifest written: ${refused.length} file(s) are not scan files Vigil reads (${module.readableFormats}). Move them out of the folder.`,
  )
  process.exit(1)
}
mkdirSync(dirname(manifestPath), { recursive: true })
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
const fileCount = manifest.repositories.reduce((sum, repository) => sum + repository.files.length, 0)
console.log(
  `wrote ${relative(process.cwd(), manifestPath) || manifestPath}: ${manifest.repositories.length} repositories, ${fileCount} files`,
)
