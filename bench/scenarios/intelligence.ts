import type { Browser, CDPSession, Page } from 'playwright'
import { desktopContext } from '../browser'
import type { CatalogueFile, CatalogueFiles } from '../catalogue-files'
import { readLongTasks, watchLongTasks } from '../long-tasks'
import { inAppTime } from '../page-timing'
import {
  chooseAfterMs,
  intelligenceParts,
  intelligenceRounds,
  workspaceFindings,
  workspaceRepositories,
} from '../settings'
import { signIn } from '../sign-in'
import { median, round } from '../statistics'
import { workerPeak } from './feed'
import { advisoriesReady } from './vulnerabilities'
import { seedLargeWorkspace } from './workspace'

// The exploit intelligence (CISA's KEV catalogue, FIRST's EPSS scores): reading the catalogues
// through the import dialog, the join of a large workspace's findings to them on /vulnerabilities
// (with them held against the same workspace without them), and the fix-first order of the
// generated organisation's advisories and findings against the default orders.

/** A figure over rounds: the median, the lowest and highest, and each round's. */
export interface Spread {
  median: number
  min: number
  max: number
  rounds: number[]
}

const spread = (values: number[]): Spread => ({
  median: round(median(values)),
  min: round(Math.min(...values)),
  max: round(Math.max(...values)),
  rounds: values.map((value) => round(value)),
})

export interface CatalogueImportRow {
  file: string
  /** Rows (EPSS) or entries (KEV). */
  entries: number
  megabytes: number
  /** Uncompressed, for the gzip-compressed EPSS file. */
  textMegabytes: number
  /** From choosing the file to the report on screen. */
  importMs: Spread
  /** The same bytes in the same page: ungzipped and split into rows and cells (EPSS), `JSON.parse` (KEV). */
  floorMs: number
  /** The main thread's longest task from the choice to the report, the highest of the rounds. */
  longestTaskMs: number
  longestTaskRoundsMs: number[]
  /** The import worker's JS heap at its highest (CDP, asked every 50 ms), the highest of the rounds. */
  workerPeakHeapMb?: number
  /** Its heap with the memory outside it that it holds (array buffers, large decoded strings), at its highest. */
  workerPeakWithBuffersMb?: number
  /** What the dialog's report says of the file. */
  report: string
}

export interface WorkspaceVisitRow {
  view: 'grouped' | 'flat'
  catalogues: 'held' | 'none'
  /** From the in-app navigation to /vulnerabilities?…sort=fix-first to its rows on screen. */
  readyMs: Spread
  /** The longest main-thread task from the navigation to 2 s after ready, the highest of the rounds. */
  longestTaskMs: number
  longestTaskRoundsMs: number[]
  /** The page's JS heap after a garbage collection, 2 s after ready (median). */
  jsHeapMb: number
  /** The memory outside the heap that it holds then (array buffers: the EPSS table's columns among them), median. */
  buffersMb: number
  /** The rows of the list: advisories (grouped) or findings (flat). */
  rows: number
  /** The first row's label, and whether it shows a KEV entry. */
  firstRow: string
  firstRowKev: boolean
}

export interface WorkspaceIntelligenceResults {
  repositories: number
  findings: number
  vulnerabilities: number
  seedSeconds: number
  /** Both catalogues chosen together in the seeded workspace's import dialog, to its report (once). */
  importBothMs: number
  visits: WorkspaceVisitRow[]
}

export interface SortSwitchRow {
  sort: string
  /** The first switch to it on the page (its code and comparator cold); the flat view's rounds are all first. */
  firstMs?: number
  /** From the option's click to the frame with the new first rows, after its paint. */
  switchMs: Spread
  /** The same, at that frame's animation-frame callback (before its paint). */
  frameMs: number
  longestTaskMs: number
  longestTaskRoundsMs: number[]
}

export interface FixFirstSortResults {
  repositories: number
  advisories: number
  /** The findings of the flat view. */
  findings: number
  /** "Fix first" and "Most repositories" (the grouped view's default), switched in turn on one page. */
  grouped: SortSwitchRow[]
  /** The order the flat view's rounds start from. */
  flatFrom: string
  /** "Fix first" and "Most severe" (the flat view's default), each switched to from `flatFrom` in a fresh page. */
  flat: SortSwitchRow[]
}

export interface IntelligenceResults {
  catalogues?: CatalogueImportRow[]
  workspace?: WorkspaceIntelligenceResults
  sort?: FixFirstSortResults
}

const FIX_FIRST = 'Fix first (KEV, EPSS × severity)'
const MOST_REPOSITORIES = 'Most repositories'
const MOST_SEVERE = 'Most severe'
const SORT_ROUNDS = 5

/** What the import measurement keeps on the page's window. */
type ImportWindow = Window & typeof globalThis & { __chosenAt: number; __reportAt?: number; __report?: string }

/** The longest few long frames of a measurement (a million findings can make many), longest first. */
function printFrames(label: string, frames: string[]): void {
  const duration = (frame: string) => Number(/^frame of (\d+) ms/.exec(frame)?.[1] ?? 0)
  const longest = [...frames].sort((a, b) => duration(b) - duration(a))
  for (const frame of longest.slice(0, 3)) console.log(`${label}: long ${frame}`)
  if (frames.length > 3) console.log(`${label}: ${frames.length - 3} shorter long frames`)
}

/** Opens the import dialog on the settings screen; a person takes a moment to choose the file. */
async function openImportDialog(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/organizations/settings`)
  await page.getByRole('button', { name: 'Import scan files' }).click()
  await page.waitForTimeout(chooseAfterMs)
}

/** From here on, the time of the next file input's change and of the frame with the report on screen. */
async function watchReport(page: Page): Promise<void> {
  await page.evaluate(() => {
    const measured = window as ImportWindow
    measured.__reportAt = undefined
    document.addEventListener('change', (event) => (measured.__chosenAt = event.timeStamp), true)
    new MutationObserver(() => {
      if (measured.__reportAt) return
      const report = [...document.querySelectorAll('[role="status"]')].find((status) =>
        /\d+ of \d+\s*files? imported/.test(status.textContent),
      )
      if (!report) return
      measured.__report = report.textContent
      requestAnimationFrame(() => (measured.__reportAt ??= performance.now()))
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
}

/** The time from the choice to the report, once it is on screen; throws when a file was not imported. */
async function reportTime(page: Page, files: number): Promise<number> {
  await page.waitForFunction(() => (window as ImportWindow).__reportAt, undefined, { timeout: 300_000 })
  const { ms, report } = await page.evaluate(() => {
    const measured = window as ImportWindow
    return { ms: measured.__reportAt! - measured.__chosenAt, report: measured.__report ?? '' }
  })
  if (!report.replace(/\s+/g, ' ').startsWith(`${files} of ${files}`)) {
    const dialog = await page.getByRole('dialog').innerText()
    throw new Error(`The catalogues were not all imported: ${dialog}`)
  }
  return ms
}

/** The floor of reading a catalogue: its bytes fetched, then ungzipped and split into cells (EPSS) or parsed (KEV). */
function readingFloor(page: Page, url: string, gzip: boolean): Promise<number> {
  return page.evaluate(
    async ({ address, compressed }) => {
      const bytes = await (await fetch(address, { cache: 'no-store' })).arrayBuffer()
      const start = performance.now()
      if (!compressed) {
        JSON.parse(new TextDecoder().decode(bytes))
        return performance.now() - start
      }
      const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text()
      let rows = 0
      for (const line of text.split('\n')) {
        const cells = line.split(',')
        if (cells.length === 3 && line.startsWith('CVE-') && Number(cells[1]) >= 0 && Number(cells[2]) >= 0) rows += 1
      }
      if (rows === 0) throw new Error('The EPSS file read as no rows')
      return performance.now() - start
    },
    { address: url, compressed: gzip },
  )
}

/** One catalogue imported through the dialog in a fresh profile, and the floor of reading it in the same page. */
async function importCatalogueOnce(browser: Browser, origin: string, file: CatalogueFile, gzip: boolean) {
  const context = await desktopContext(browser)
  const page = await context.newPage()
  await signIn(page, origin)
  await openImportDialog(page, origin)
  await watchLongTasks(page)
  await watchReport(page)
  const {
    value: importMs,
    peakMb,
    peakWithBuffersMb,
  } = await workerPeak(
    page,
    async () => {
      await page.getByTestId('import-files').setInputFiles(file.path)
      return reportTime(page, 1)
    },
    50,
  )
  const { longestMs, frames } = await readLongTasks(page)
  printFrames(`import ${file.name}`, frames)
  const report =
    (await page
      .getByText(/for the whole workspace/)
      .first()
      .textContent()) ?? ''
  const floorMs = await readingFloor(page, `${origin}/${file.url}`, gzip)
  await context.close()
  return { importMs, peakMb, peakWithBuffersMb, longestMs, report, floorMs }
}

/** Each catalogue, `BENCH_INTELLIGENCE_ROUNDS` times, each in a fresh profile. */
async function catalogueImports(
  browser: Browser,
  origin: string,
  files: CatalogueFiles,
): Promise<CatalogueImportRow[]> {
  const rows: CatalogueImportRow[] = []
  for (const [file, gzip] of [
    [files.epss, true],
    [files.kev, false],
  ] as const) {
    const runs = []
    for (let round = 0; round < intelligenceRounds; round++)
      runs.push(await importCatalogueOnce(browser, origin, file, gzip))
    const peaks = runs.flatMap((run) => (run.peakMb === undefined ? [] : [run.peakMb]))
    const withBuffers = runs.flatMap((run) => (run.peakWithBuffersMb === undefined ? [] : [run.peakWithBuffersMb]))
    const row: CatalogueImportRow = {
      file: file.name,
      entries: file.entries,
      megabytes: round(file.bytes / 1024 / 1024, 2),
      textMegabytes: round(file.textBytes / 1024 / 1024, 2),
      importMs: spread(runs.map((run) => run.importMs)),
      floorMs: round(median(runs.map((run) => run.floorMs))),
      longestTaskMs: round(Math.max(...runs.map((run) => run.longestMs))),
      longestTaskRoundsMs: runs.map((run) => round(run.longestMs)),
      workerPeakHeapMb: peaks.length ? Math.max(...peaks) : undefined,
      workerPeakWithBuffersMb: withBuffers.length ? Math.max(...withBuffers) : undefined,
      report: runs[0].report,
    }
    console.log(
      `import ${file.name}: ${row.importMs.median} ms (rounds ${row.importMs.rounds.join(', ')}), floor ${row.floorMs} ms, longest task ${row.longestTaskMs} ms, worker heap peak ${row.workerPeakHeapMb ?? 'not measured'} MB (${row.workerPeakWithBuffersMb ?? '?'} MB with its buffers): ${row.report}`,
    )
    rows.push(row)
  }
  return rows
}

/**
 * What the workspace's stores hold, seen from the page (same origin): the bench keeps each state's
 * catalogues and kept advisory index in a database of its own, and puts one state back before a
 * visit. Runs in the page.
 */
type StoreAction =
  | { kind: 'forget-index' }
  | { kind: 'drop-catalogues' }
  | { kind: 'index-current' }
  | { kind: 'keep'; state: string }
  | { kind: 'apply'; state: string }

async function workspaceStores(action: StoreAction): Promise<boolean> {
  const request = <T>(pending: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      pending.onsuccess = () => resolve(pending.result)
      pending.onerror = () => reject(pending.error)
    })
  const finished = (transaction: IDBTransaction) =>
    new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve()
      transaction.onerror = () => reject(transaction.error)
      transaction.onabort = () => reject(transaction.error)
    })
  const names = (await indexedDB.databases()).flatMap((database) =>
    database.name?.startsWith('vigil-workspace-') ? [database.name] : [],
  )
  if (names.length !== 1) throw new Error(`Expected one workspace in this profile, found ${names.length}`)
  const workspace = await request(indexedDB.open(names[0]))
  const opening = indexedDB.open('bench-intelligence', 1)
  opening.onupgradeneeded = () => opening.result.createObjectStore('states')
  const side = await request(opening)
  interface Kept {
    catalogues: unknown[]
    index: unknown
  }
  try {
    if (action.kind === 'forget-index' || action.kind === 'drop-catalogues') {
      const [store, clear] =
        action.kind === 'forget-index'
          ? (['indexes', (target: IDBObjectStore) => target.delete('vulnerabilities')] as const)
          : (['catalogues', (target: IDBObjectStore) => target.clear()] as const)
      const transaction = workspace.transaction(store, 'readwrite')
      clear(transaction.objectStore(store))
      await finished(transaction)
      return true
    }
    if (action.kind === 'index-current') {
      const indexes = workspace.transaction('indexes').objectStore('indexes')
      const [index, generation] = await Promise.all([
        request(indexes.get('vulnerabilities') as IDBRequest<{ generation: number } | undefined>),
        request(indexes.get('generation') as IDBRequest<{ value: number } | undefined>),
      ])
      return !!index && index.generation === (generation?.value ?? 0)
    }
    if (action.kind === 'keep') {
      const read = workspace.transaction(['catalogues', 'indexes'])
      const [catalogues, index] = await Promise.all([
        request(read.objectStore('catalogues').getAll()),
        request(read.objectStore('indexes').get('vulnerabilities')),
      ])
      if (!index) throw new Error('No advisory index is kept to keep')
      const write = side.transaction('states', 'readwrite')
      write.objectStore('states').put({ catalogues, index } satisfies Kept, action.state)
      await finished(write)
      return true
    }
    const kept = await request(side.transaction('states').objectStore('states').get(action.state) as IDBRequest<Kept>)
    const write = workspace.transaction(['catalogues', 'indexes'], 'readwrite')
    const catalogues = write.objectStore('catalogues')
    catalogues.clear()
    for (const catalogue of kept.catalogues) catalogues.put(catalogue)
    write.objectStore('indexes').put(kept.index)
    await finished(write)
    return true
  } finally {
    workspace.close()
    side.close()
  }
}

/**
 * A change to the workspace's stores, made from a page of the same origin that is not Vigil (one of
 * the bench's catalogue files): Vigil, its workers and their writes are gone first.
 */
async function storeAction(page: Page, origin: string, action: StoreAction): Promise<void> {
  await page.goto(`${origin}/bench-catalogues/known_exploited_vulnerabilities.json`)
  await page.evaluate(workspaceStores, action)
}

/** `/vulnerabilities` in the flat view is ready: its count of findings and its rows on screen. Runs in the page. */
function findingsReady(): boolean {
  return (
    [...document.querySelectorAll('[role="status"]')].some(
      (node) => node.checkVisibility() && /^Showing [\d,]+ of \d{1,3}(,\d{3})+ findings/.test(node.textContent),
    ) &&
    [...document.querySelectorAll('table[aria-label="Findings"] tr[data-index]')].some((row) => row.checkVisibility())
  )
}

/** The first visible row of the table on screen: its label, and whether it shows a KEV entry. Runs in the page. */
function firstRowShown(): { label: string; kev: boolean } {
  const row = [...document.querySelectorAll('table[aria-label] tbody tr[data-index]')].find((candidate) =>
    candidate.checkVisibility(),
  )
  return { label: row?.getAttribute('aria-label') ?? '', kev: row?.textContent.includes('KEV') ?? false }
}

const views = {
  grouped: { path: '/vulnerabilities?sort=fix-first', ready: advisoriesReady },
  flat: { path: '/vulnerabilities?view=flat&sort=fix-first', ready: findingsReady },
} as const

/**
 * One visit: the app opened afresh at the repositories list (its workspace read), then an in-app
 * navigation to the view, timed to its rows on screen; the longest task until 2 s after; the heap.
 */
async function visit(page: Page, cdp: CDPSession, origin: string, view: keyof typeof views) {
  const total = workspaceRepositories.toLocaleString('en-US')
  await page.goto(`${origin}/repositories`)
  await page.getByText(`Showing ${total} of ${total} repositories`).waitFor({ timeout: 120_000 })
  await watchLongTasks(page)
  const readyMs = await inAppTime(page, views[view].path, views[view].ready)
  const firstRow = await page.evaluate(firstRowShown)
  const shown = await page.evaluate(totalShown)
  await page.waitForTimeout(2000)
  const { longestMs, frames } = await readLongTasks(page)
  await cdp.send('HeapProfiler.collectGarbage')
  const heap = await cdp.send('Runtime.getHeapUsage')
  const buffers = (heap as { backingStorageSize?: number }).backingStorageSize ?? 0
  return {
    readyMs,
    longestMs,
    frames,
    heapMb: heap.usedSize / 1024 / 1024,
    buffersMb: buffers / 1024 / 1024,
    firstRow,
    shown,
  }
}

/** Waits until the page has kept its advisory index of the current findings (written after the view is ready). */
async function waitForKeptIndex(page: Page): Promise<void> {
  for (let wait = 0; wait < 120; wait++) {
    if (await page.evaluate(workspaceStores, { kind: 'index-current' } as StoreAction)) return
    await page.waitForTimeout(500)
  }
  throw new Error('The advisory index was not kept within a minute')
}

/**
 * The large workspace with both catalogues imported (their CVEs overlap its findings), against the
 * same workspace without them, in the same profile: before each visit the bench puts back one
 * state's catalogues and its advisory index as the page itself kept it (the kept index carries the
 * KEV flags its findings had), so both states are their own steady state.
 */
async function workspaceWithCatalogues(
  browser: Browser,
  origin: string,
  files: CatalogueFiles,
): Promise<WorkspaceIntelligenceResults> {
  const context = await desktopContext(browser)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  // One day of history: the trends are not measured here, and a year of it only lengthens the seeding.
  // Each CVE an advisory of its own: the seed's default aliases merge them all into one advisory.
  const seedSeconds = await seedLargeWorkspace(page, origin, { historyDays: 1, aliasPerAdvisory: true })
  console.log(`intelligence: workspace seeded in ${seedSeconds} s`)
  await openImportDialog(page, origin)
  await watchReport(page)
  await page.getByTestId('import-files').setInputFiles([files.epss.path, files.kev.path])
  const importBothMs = await reportTime(page, 2)
  console.log(`intelligence: both catalogues imported into the workspace in ${round(importBothMs)} ms`)
  await page.waitForTimeout(2000)

  // Each state's steady state: the page builds its advisory index (the flat view needs every
  // finding) and keeps it, as it would on a first visit after a change.
  for (const state of ['held', 'none'] as const) {
    if (state === 'none') await storeAction(page, origin, { kind: 'drop-catalogues' })
    await storeAction(page, origin, { kind: 'forget-index' })
    const warm = await visit(page, cdp, origin, 'flat')
    console.log(
      `intelligence: first flat visit, catalogues ${state}: ${round(warm.readyMs)} ms (first row ${warm.firstRow.label}${warm.firstRow.kev ? ', KEV' : ''})`,
    )
    await waitForKeptIndex(page)
    await storeAction(page, origin, { kind: 'keep', state })
  }

  const measured = new Map<string, Awaited<ReturnType<typeof visit>>[]>()
  for (let round = 0; round < intelligenceRounds; round++) {
    // Held first in even rounds, none first in odd ones: neither always follows the other.
    const states = round % 2 === 0 ? (['held', 'none'] as const) : (['none', 'held'] as const)
    for (const state of states) {
      await storeAction(page, origin, { kind: 'apply', state })
      for (const view of ['grouped', 'flat'] as const) {
        const result = await visit(page, cdp, origin, view)
        printFrames(`/vulnerabilities ${view}, catalogues ${state}`, result.frames)
        const key = `${view} ${state}`
        measured.set(key, [...(measured.get(key) ?? []), result])
      }
    }
  }
  await context.close()
  const visits: WorkspaceVisitRow[] = []
  for (const view of ['grouped', 'flat'] as const)
    for (const state of ['held', 'none'] as const) {
      const runs = measured.get(`${view} ${state}`)!
      visits.push({
        view,
        catalogues: state,
        readyMs: spread(runs.map((run) => run.readyMs)),
        longestTaskMs: round(Math.max(...runs.map((run) => run.longestMs))),
        longestTaskRoundsMs: runs.map((run) => round(run.longestMs)),
        jsHeapMb: round(median(runs.map((run) => run.heapMb))),
        buffersMb: round(median(runs.map((run) => run.buffersMb))),
        rows: runs[0].shown,
        firstRow: runs[0].firstRow.label,
        firstRowKev: runs[0].firstRow.kev,
      })
    }
  return {
    repositories: workspaceRepositories,
    findings: workspaceRepositories * workspaceFindings,
    // The seed's findings alternate: a vulnerability, then a policy issue.
    vulnerabilities: workspaceRepositories * Math.ceil(workspaceFindings / 2),
    seedSeconds,
    importBothMs: round(importBothMs),
    visits,
  }
}

/** What the measurement of a sort's switch keeps on the page's window. */
type SortWindow = Window &
  typeof globalThis & {
    __clickAt?: number
    __clickWatched?: boolean
    __shown?: { frame: number; painted: number; rows: string }
    __firstRows: (table: string) => string
  }

type ListTable = 'Advisories' | 'Findings'

/** The labels of the first visible rows of the table so named. Runs in the page. */
function firstRows(table: string): string {
  return [...document.querySelectorAll(`table[aria-label="${table}"] tbody tr[data-index]`)]
    .filter((row) => row.checkVisibility())
    .slice(0, 5)
    .map((row) => row.getAttribute('aria-label'))
    .join('\n')
}

/**
 * Chooses `label` in the Sort list (opened first, untimed), timed from the option's click to the
 * first frame whose first rows of `table` are `expected` (or, unknown yet, differ from those
 * before), after its paint and at its animation-frame callback; with the longest task until 500 ms
 * after.
 */
async function switchSort(page: Page, table: ListTable, label: string, expected?: string) {
  await page.waitForTimeout(1000)
  await page.getByRole('combobox', { name: 'Sort' }).click()
  const option = page.getByRole('option', { name: label, exact: true })
  await option.waitFor()
  await watchLongTasks(page)
  // Installed through the debugger protocol, which the page's CSP does not govern.
  await page.evaluate(`window.__firstRows = ${firstRows.toString()}`)
  await page.evaluate(
    ({ table, wanted }) => {
      const measured = window as SortWindow
      measured.__clickAt = undefined
      measured.__shown = undefined
      if (!measured.__clickWatched)
        document.addEventListener(
          'click',
          (event) => {
            if (event.target instanceof Element && event.target.closest('[role="option"]'))
              measured.__clickAt ??= event.timeStamp
          },
          true,
        )
      measured.__clickWatched = true
      const before = measured.__firstRows(table)
      const frame = () => {
        const rows = measured.__firstRows(table)
        const clicked = measured.__clickAt
        if (clicked !== undefined && rows !== '' && (wanted === null ? rows !== before : rows === wanted)) {
          const rendered = performance.now()
          const channel = new MessageChannel()
          channel.port1.onmessage = () =>
            (measured.__shown = { frame: rendered - clicked, painted: performance.now() - clicked, rows })
          channel.port2.postMessage(null)
          return
        }
        requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    },
    { table, wanted: expected ?? null },
  )
  await option.click()
  await page.waitForFunction(() => (window as SortWindow).__shown, undefined, { timeout: 60_000 })
  await page.waitForTimeout(500)
  const shown = await page.evaluate(() => (window as SortWindow).__shown!)
  const { longestMs, frames } = await readLongTasks(page)
  printFrames(`sort ${table} → ${label}`, frames)
  return { ms: shown.painted, frameMs: shown.frame, rows: shown.rows, longestMs }
}

type Switch = Awaited<ReturnType<typeof switchSort>>

const switchRow = (sort: string, first: Switch | undefined, runs: Switch[]): SortSwitchRow => ({
  sort,
  ...(first ? { firstMs: round(first.ms) } : {}),
  switchMs: spread(runs.map((run) => run.ms)),
  frameMs: round(median(runs.map((run) => run.frameMs))),
  longestTaskMs: round(Math.max(...runs.map((run) => run.longestMs))),
  longestTaskRoundsMs: runs.map((run) => round(run.longestMs)),
})

/** The flat view's orders a round may start from (neither target), by address value and label. */
const flatStarts = [
  ['cvss', 'Highest CVSS'],
  ['advisory', 'Advisory id'],
  ['repository', 'Repository'],
] as const

/** Chooses an order in the Sort list, untimed, and returns the first rows once they settle. */
async function chooseSort(page: Page, label: string): Promise<string> {
  await page.getByRole('combobox', { name: 'Sort' }).click()
  await page.getByRole('option', { name: label, exact: true }).click()
  await page.waitForTimeout(1000)
  return settledRows(page, 'Findings')
}

/** The settled first rows, a second after a switch. */
async function settledRows(page: Page, table: ListTable): Promise<string> {
  await page.waitForTimeout(1000)
  return page.evaluate(firstRows, table)
}

/** The count a list's status line gives: "Showing 5 of 1,234 findings" → 1234. Runs in the page. */
function totalShown(): number {
  const total = [...document.querySelectorAll('[role="status"]')]
    .map((node) => /^Showing [\d,]+ of ([\d,]+) (advisor|finding)/.exec(node.textContent)?.[1])
    .find(Boolean)
  return Number((total ?? '0').replaceAll(',', ''))
}

/** Opens the generated organisation of 100,000 repositories afresh, then `path` in the app once it is ready. */
async function openGenerated(page: Page, origin: string, path: string, ready: () => boolean): Promise<void> {
  await page.goto(`${origin}/repositories?demo-org=100000`)
  await page.getByText('Showing 100,000 of 100,000 repositories').waitFor({ timeout: 60_000 })
  await inAppTime(page, path, ready)
  await page.bringToFront()
  await page.waitForTimeout(2000)
}

/**
 * At 100,000 generated repositories (no catalogue joins them; the fix-first comparator reads their
 * scanners' EPSS and severities), in the grouped view (the one the brief of this scenario names):
 * the Sort switched to "Fix first" and back to "Most repositories", the default, in turn, the
 * first switch of each apart. The grouped view of the generated organisation holds the few sample
 * advisories only; the flat view holds every finding, and there the sort is the comparator's work:
 * each round opens it afresh sorted by CVSS and switches to "Fix first" or to "Most severe", its
 * default (a flat order is kept once made, so a switch back would time nothing). A round starts from
 * an order whose first rows are neither target's, so that the switch shows.
 */
async function fixFirstSort(browser: Browser, origin: string): Promise<FixFirstSortResults> {
  const context = await desktopContext(browser)
  const page = await context.newPage()
  await signIn(page, origin)

  await openGenerated(page, origin, '/vulnerabilities', advisoriesReady)
  const advisories = await page.evaluate(totalShown)
  const firstFix = await switchSort(page, 'Advisories', FIX_FIRST)
  const fixRows = await settledRows(page, 'Advisories')
  const firstDefault = await switchSort(page, 'Advisories', MOST_REPOSITORIES)
  const defaultRows = await settledRows(page, 'Advisories')
  if (fixRows === defaultRows) throw new Error('The two sorts show the same first rows: a switch cannot be timed')
  const grouped: Record<string, Switch[]> = { [FIX_FIRST]: [], [MOST_REPOSITORIES]: [] }
  for (let round = 0; round < SORT_ROUNDS; round++) {
    grouped[FIX_FIRST].push(await switchSort(page, 'Advisories', FIX_FIRST, fixRows))
    grouped[MOST_REPOSITORIES].push(await switchSort(page, 'Advisories', MOST_REPOSITORIES, defaultRows))
  }

  // Each order's first rows, read on one page; a round starts from an order whose first rows are
  // neither target's, so that the switch shows.
  await openGenerated(page, origin, '/vulnerabilities?view=flat&sort=cvss', findingsReady)
  const findings = await page.evaluate(totalShown)
  const rowsOf = new Map<string, string>([['cvss', await page.evaluate(firstRows, 'Findings')]])
  for (const [sort, label] of flatStarts.slice(1)) rowsOf.set(sort, await chooseSort(page, label))
  for (const label of [FIX_FIRST, MOST_SEVERE]) rowsOf.set(label, await chooseSort(page, label))
  const start = flatStarts.find(
    ([sort]) => rowsOf.get(sort) !== rowsOf.get(FIX_FIRST) && rowsOf.get(sort) !== rowsOf.get(MOST_SEVERE),
  )?.[0]
  if (!start) throw new Error('Every flat order starts with the rows of fix first or of the most severe')
  const flat: Record<string, Switch[]> = { [FIX_FIRST]: [], [MOST_SEVERE]: [] }
  for (let round = 0; round < intelligenceRounds; round++) {
    const order = round % 2 === 0 ? [MOST_SEVERE, FIX_FIRST] : [FIX_FIRST, MOST_SEVERE]
    for (const sort of order) {
      await openGenerated(page, origin, `/vulnerabilities?view=flat&sort=${start}`, findingsReady)
      flat[sort].push(await switchSort(page, 'Findings', sort, rowsOf.get(sort)))
    }
  }
  await context.close()
  return {
    repositories: 100_000,
    advisories,
    findings,
    grouped: [
      switchRow(FIX_FIRST, firstFix, grouped[FIX_FIRST]),
      switchRow(MOST_REPOSITORIES, firstDefault, grouped[MOST_REPOSITORIES]),
    ],
    flatFrom: flatStarts.find(([sort]) => sort === start)![1],
    flat: [switchRow(FIX_FIRST, undefined, flat[FIX_FIRST]), switchRow(MOST_SEVERE, undefined, flat[MOST_SEVERE])],
  }
}

/** The exploit-intelligence scenario: each part that `BENCH_INTELLIGENCE_PARTS` names (all by default). */
export async function intelligenceBench(
  browser: Browser,
  origin: string,
  files: CatalogueFiles,
): Promise<IntelligenceResults> {
  const results: IntelligenceResults = {}
  const timed = async <T>(part: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now()
    const value = await run()
    console.log(`intelligence: ${part} took ${round((performance.now() - started) / 1000, 0)} s`)
    return value
  }
  if (intelligenceParts.includes('catalogues'))
    results.catalogues = await timed('catalogues', () => catalogueImports(browser, origin, files))
  if (intelligenceParts.includes('workspace'))
    results.workspace = await timed('workspace', () => workspaceWithCatalogues(browser, origin, files))
  if (intelligenceParts.includes('sort')) results.sort = await timed('sort', () => fixFirstSort(browser, origin))
  return results
}
