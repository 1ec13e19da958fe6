#!/usr/bin/env node
// `npm run feed -- <folder> [--out manifest.json] [--history history.json] [--decisions decisions.json] [--kev kev.json] [--epss epss.csv.gz] [--no-snapshot]`:
// builds a feed manifest for a folder laid out `<repo>/<scan files>`, for a CI step to run before
// it uploads the folder and the manifest, and beside the manifest the snapshot (vigil-snapshot/):
// what a browser stores for every file, pre-digested, in a few compressed parts (docs/feed.md). With --history it also reads the team's previous history
// (when the file exists), adds this run's scans and writes it back; with --decisions it names the
// team's decisions file. Both are listed in the manifest, relative to it. With --kev and --epss it
// checks CISA's KEV catalogue and FIRST's EPSS scores with Vigil's readers and copies them beside
// the manifest (vigil-catalogues/kev.json, vigil-catalogues/epss.csv.gz), listed in it.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { loadModule } from './load-module.mjs'

const usage =
  'Usage: npm run feed -- <folder> [--out <manifest.json>] [--history <history.json>] [--decisions <decisions.json>] [--kev <known_exploited_vulnerabilities.json>] [--epss <epss_scores.csv.gz>] [--no-snapshot]  (default: <folder>/manifest.json; an --out folder gets <folder>/manifest.json)'
const options = ['--out', '--history', '--decisions', '--kev', '--epss']
const args = process.argv.slice(2)
const given = {}
const positional = []
let missingValue = false
for (let index = 0; index < args.length; index += 1) {
  if (options.includes(args[index])) {
    const value = args[index + 1]
    if (value === undefined || value.startsWith('--')) missingValue = true
    else given[args[index].slice(2)] = value
    index += 1
  } else if (args[index] !== '--help' && args[index] !== '--no-snapshot') positional.push(args[index])
}
const folderArg = positional[0]
if (!folderArg || missingValue || args.includes('--help')) {
  console.error(usage)
  process.exit(folderArg && !missingValue ? 0 : 2)
}
const folder = resolve(folderArg)
if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
  console.error(`${folderArg} is not a folder.\n${usage}`)
  process.exit(2)
}
// --out names the manifest, or the folder it goes in (one that exists, or a path ending in a slash).
const outFolder =
  given.out !== undefined && (/[/\\]$/.test(given.out) || statSync(given.out, { throwIfNoEntry: false })?.isDirectory())
const manifestPath = resolve(
  given.out === undefined ? join(folder, 'manifest.json') : outFolder ? join(given.out, 'manifest.json') : given.out,
)
const historyPath = given.history && resolve(given.history)
const decisionsPath = given.decisions && resolve(given.decisions)
const cataloguePaths = { kev: given.kev && resolve(given.kev), epss: given.epss && resolve(given.epss) }
const snapshotModule = await loadModule('src/workspace/feed/format/snapshot.ts')
const names = await loadModule('src/workspace/feed/format/names.ts')
const snapshotFolder = join(dirname(manifestPath), snapshotModule.SNAPSHOT_FOLDER)
const catalogueFolder = join(dirname(manifestPath), names.CATALOGUE_FOLDER)
// The team's files, the catalogues and the snapshot may sit in the scanned folder: they are not scan files.
const own = new Set(
  [
    manifestPath,
    historyPath,
    decisionsPath,
    cataloguePaths.kev,
    cataloguePaths.epss,
    snapshotFolder,
    catalogueFolder,
  ].filter(Boolean),
)

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return own.has(path) ? [] : walk(path)
    return entry.isFile() && !own.has(path) ? [path] : []
  })
}

const fromManifest = (path) => relative(dirname(manifestPath), path).split(sep).join('/')
const module = await loadModule('src/workspace/feed/build/feed-builder.ts')

let decisionsCount
if (decisionsPath) {
  if (!existsSync(decisionsPath)) {
    console.error(`${given.decisions} does not exist: give the team's decisions file (docs/triage.md).`)
    process.exit(2)
  }
  try {
    decisionsCount = module.checkDecisions(readFileSync(decisionsPath, 'utf8'))
  } catch (error) {
    console.error(`${given.decisions}: ${error.message}\nNo manifest written.`)
    process.exit(1)
  }
}

// The reference catalogues, read as Vigil reads them before anything is written.
const catalogues = []
for (const kind of ['kev', 'epss']) {
  const path = cataloguePaths[kind]
  if (!path) continue
  if (!statSync(path, { throwIfNoEntry: false })?.isFile()) {
    console.error(
      `${given[kind]} does not exist: give the file downloaded from ${kind === 'kev' ? 'CISA' : 'FIRST'} (docs/feed.md).`,
    )
    process.exit(2)
  }
  try {
    catalogues.push(
      await module.buildCatalogue({ kind, name: basename(path), bytes: new Uint8Array(readFileSync(path)) }),
    )
  } catch (error) {
    console.error(`--${kind} ${given[kind]}: ${error.message}\nNo manifest written.`)
    process.exit(1)
  }
}

const files = walk(folder).map((path) => ({
  path: relative(folder, path).split(sep).join('/'),
  bytes: new Uint8Array(readFileSync(path)),
  modifiedAt: statSync(path).mtime.toISOString(),
}))
const prefix = fromManifest(folder)
const { manifest, refused, skipped, scans } = await module.buildManifest(
  files,
  prefix ? `${prefix}/` : '',
  new Date().toISOString(),
  {
    history: historyPath && fromManifest(historyPath),
    decisions: decisionsPath && fromManifest(decisionsPath),
    catalogues: catalogues.map((catalogue) => catalogue.entry),
  },
)

for (const path of skipped) console.log(`skipped hidden file ${path}`)
if (refused.length > 0) {
  for (const { path, reason } of refused) console.error(`refused ${path}: ${reason}`)
  console.error(
    `\nNo manifest written: ${refused.length} file(s) are not scan files Vigil reads (${module.readableFormats}). Move them out of the folder.`,
  )
  process.exit(1)
}

if (historyPath) {
  const previous = existsSync(historyPath) ? readFileSync(historyPath, 'utf8') : undefined
  let updated
  try {
    updated = module.updateHistory(previous, scans, manifest.generatedAt)
  } catch (error) {
    console.error(
      `${given.history}: ${error.message}\nNo manifest written: fix or remove the history file (without it the history starts again).`,
    )
    process.exit(1)
  }
  mkdirSync(dirname(historyPath), { recursive: true })
  writeFileSync(historyPath, updated.text)
  console.log(
    `${previous === undefined ? 'started' : 'updated'} ${relative(process.cwd(), historyPath) || historyPath}: ${scans.length} scans added; ${updated.repositories} repositories, ${updated.runs} runs`,
  )
}
if (decisionsPath) console.log(`listed ${relative(process.cwd(), decisionsPath)}: ${decisionsCount} decisions`)

mkdirSync(dirname(manifestPath), { recursive: true })
// The catalogues under their stable names; one an earlier build copied and this one was not given goes.
const catalogueNames = new Set(
  catalogues.map((catalogue) => catalogue.entry.url.slice(`${names.CATALOGUE_FOLDER}/`.length)),
)
if (catalogues.length > 0) mkdirSync(catalogueFolder, { recursive: true })
for (const catalogue of catalogues) {
  writeFileSync(join(dirname(manifestPath), catalogue.entry.url), catalogue.bytes)
  console.log(`listed ${catalogue.entry.url}: ${catalogue.summary}`)
  for (const warning of catalogue.warnings) console.log(`  ${warning}`)
}
for (const name of Object.values(names.catalogueFileNames))
  if (!catalogueNames.has(name)) rmSync(join(catalogueFolder, name), { force: true })
if (existsSync(catalogueFolder) && readdirSync(catalogueFolder).length === 0)
  rmSync(catalogueFolder, { recursive: true })
if (args.includes('--no-snapshot')) {
  rmSync(snapshotFolder, { recursive: true, force: true })
} else if (prefix.startsWith('..')) {
  // A browser names a file by its path below the manifest's folder: outside it, it names it by its
  // whole address, which the build cannot know (and a file's run may be named after it).
  console.log('no snapshot written: the manifest is not in the scanned folder or above it')
  rmSync(snapshotFolder, { recursive: true, force: true })
} else {
  const { buildSnapshot } = await loadModule('src/workspace/feed/build/snapshot-builder.ts')
  const started = Date.now()
  const snapshot = await buildSnapshot(manifest, files, prefix ? `${prefix}/` : '')
  mkdirSync(snapshotFolder, { recursive: true })
  const names = new Set()
  for (const part of snapshot.parts) {
    const name = part.entry.url.slice(`${snapshotModule.SNAPSHOT_FOLDER}/`.length)
    names.add(name)
    writeFileSync(join(snapshotFolder, name), part.bytes)
  }
  // Parts of earlier builds go: a browser reads only those the manifest lists.
  for (const name of readdirSync(snapshotFolder)) if (!names.has(name)) rmSync(join(snapshotFolder, name))
  manifest.snapshot = { format: snapshotModule.SNAPSHOT_FORMAT, parts: snapshot.parts.map((part) => part.entry) }
  const bytes = snapshot.parts.reduce((sum, part) => sum + part.entry.size, 0)
  console.log(
    `wrote the snapshot in ${relative(process.cwd(), snapshotFolder) || snapshotFolder}: ${snapshot.repositories} repositories in ${snapshot.parts.length} parts, ${(bytes / 1024 / 1024).toFixed(1)} MB, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  for (const name of snapshot.leftOut) console.log(`left out of the snapshot (fetched file by file): ${name}`)
}
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
const fileCount = manifest.repositories.reduce((sum, repository) => sum + repository.files.length, 0)
console.log(
  `wrote ${relative(process.cwd(), manifestPath) || manifestPath}: ${manifest.repositories.length} repositories, ${fileCount} files`,
)
