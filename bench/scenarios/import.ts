import { mkdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright'
import { desktopContext } from '../browser'
import { readLongTasks, watchLongTasks } from '../long-tasks'
import { vigilDir } from '../paths'
import { openApiDocument, sarifLog } from '../scan-files'
import { chooseAfterMs, importFiles, importRounds } from '../settings'
import { signIn } from '../sign-in'
import { median, round } from '../statistics'

/** A generated scan file, on disk and on the bench server. */
export interface ScanFile {
  name: string
  path: string
  /** An API description is imported as a folder `<repo>/<file>`: the folder holding it. */
  folder?: string
  /** Where the bench server serves it, relative to Vigil's origin. */
  url: string
  bytes: number
  results: number
}

export interface ImportRow {
  file: string
  megabytes: number
  results: number
  importMs: number
  mbPerSecond: number
  jsonParseMs: number
  ratioToJsonParse: number
  longestMainThreadTaskMs: number
}

/** What the import measurement keeps on the page's window. */
type MeasuredWindow = Window & typeof globalThis & { __chosenAt: number; __reportAt?: number }

/** The import benchmark's files, written where the bench server serves them (for the JSON.parse reference). */
export function writeScanFiles(): ScanFile[] {
  const dir = join(vigilDir, 'bench-scans')
  mkdirSync(dir, { recursive: true })
  const files = [
    { name: 'sast-10mb.sarif', log: sarifLog({ runs: 1, results: 25_000, padding: 60 }) },
    { name: 'multi-run-50mb.sarif', log: sarifLog({ runs: 5, results: 25_000, padding: 60 }) },
  ]
  const sarif = files.map(({ name, log }) => {
    const path = join(dir, name)
    writeFileSync(path, JSON.stringify(log))
    const results = log.runs.reduce((sum, run) => sum + run.results.length, 0)
    return { name, path, url: `bench-scans/${name}`, bytes: statSync(path).size, results }
  })
  // An API description names no repository: it is imported as a folder `<repo>/<file>`.
  const apiFolder = join(vigilDir, 'bench-apis')
  mkdirSync(join(apiFolder, 'bench-api'), { recursive: true })
  const apiPath = join(apiFolder, 'bench-api', 'openapi-5mb.json')
  writeFileSync(apiPath, JSON.stringify(openApiDocument({ operations: 2000, padding: 2050 })))
  const api = {
    name: 'openapi-5mb.json (2,000 operations)',
    path: apiPath,
    folder: apiFolder,
    url: 'bench-apis/bench-api/openapi-5mb.json',
    bytes: statSync(apiPath).size,
    results: 2000,
  }
  return [...sarif, api]
}

/**
 * One import through the dialog in a fresh browser profile: from choosing the file to the report
 * on screen, with the main thread's longest task meanwhile; and JSON.parse of the same bytes in
 * the same page, as the reference.
 */
async function importOnce(browser: Browser, origin: string, file: ScanFile) {
  const context = await desktopContext(browser)
  const page = await context.newPage()
  await signIn(page, origin)
  await page.goto(`${origin}/organizations/settings`)
  await page.getByRole('button', { name: 'Import scan files' }).click()
  // A person takes a moment to choose the file: the dialog's worker loads meanwhile.
  await page.waitForTimeout(chooseAfterMs)
  // From the file input's change event to the frame in which the report is on screen.
  await watchLongTasks(page)
  await page.evaluate(() => {
    const measured = window as MeasuredWindow
    document.addEventListener('change', (event) => (measured.__chosenAt = event.timeStamp), true)
    new MutationObserver(() => {
      if (measured.__reportAt) return
      const report = [...document.querySelectorAll('[role="status"]')].find((status) =>
        /1 of 1\s*file imported/.test(status.textContent),
      )
      if (report) requestAnimationFrame(() => (measured.__reportAt ??= performance.now()))
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  if (file.folder) await page.getByTestId('import-folder').setInputFiles(file.folder)
  else await page.getByTestId('import-files').setInputFiles(file.path)
  await page.waitForFunction(() => (window as MeasuredWindow).__reportAt, undefined, { timeout: 300_000 })
  const importMs = await page.evaluate(() => {
    const measured = window as MeasuredWindow
    return measured.__reportAt! - measured.__chosenAt
  })
  const { longestMs: longestTaskMs, frames } = await readLongTasks(page)
  for (const frame of frames) console.log(`import ${file.name}: long ${frame}`)
  const parseMs = await page.evaluate(async (url) => {
    const text = await (await fetch(url)).text()
    const start = performance.now()
    JSON.parse(text)
    return performance.now() - start
  }, `${origin}/${file.url}`)
  await context.close()
  return { importMs, parseMs, longestTaskMs }
}

/** Import throughput of each file against JSON.parse of the same bytes, and the main thread's longest task. */
export async function importBench(browser: Browser, origin: string, scanFiles: ScanFile[]): Promise<ImportRow[]> {
  const rows: ImportRow[] = []
  const chosen = scanFiles.filter((file) => !importFiles || importFiles.some((word) => file.name.includes(word)))
  for (const file of chosen) {
    const runs = []
    for (let round = 0; round < importRounds; round++) runs.push(await importOnce(browser, origin, file))
    const importMs = round(median(runs.map((run) => run.importMs)))
    const parseMs = median(runs.map((run) => run.parseMs))
    const row = {
      file: file.name,
      megabytes: round(file.bytes / 1024 / 1024),
      results: file.results,
      importMs,
      mbPerSecond: round(file.bytes / 1024 / 1024 / (importMs / 1000)),
      jsonParseMs: round(parseMs),
      ratioToJsonParse: round(parseMs / importMs, 3),
      longestMainThreadTaskMs: round(Math.max(...runs.map((run) => run.longestTaskMs))),
    }
    rows.push(row)
    console.log(`import ${file.name}: ${importMs} ms (JSON.parse ${row.jsonParseMs} ms, ×${row.ratioToJsonParse})`)
  }
  return rows
}
