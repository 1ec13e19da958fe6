#!/usr/bin/env node
// `npm run bench`: builds Vigil and the reference pages, serves them on loopback, and measures in
// headless Chromium, interleaving Vigil with its reference so that machine noise cancels.
// Prints a table and writes bench/results.json. Nothing here is a test: it only measures.
import { execFileSync } from 'node:child_process'
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright'
import { chromiumArgs, ensureChromium } from '../scripts/chromium.mjs'
import { feedFolder, openApiDocument, sarifLog } from './scan-files.mjs'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7)
const IMPORT_ROUNDS = Number(process.env.BENCH_IMPORT_ROUNDS ?? 3)
const KEYSTROKES = 30
const SIZES = (process.env.BENCH_SIZES ?? '5,3876,10000,100000').split(',').map(Number)
const root = resolve(import.meta.dirname, '..')
const vigilDir = join(root, 'dist-bench/vigil')
const referenceDir = join(root, 'dist-bench/reference')

function build() {
  const vite = join(root, 'node_modules/.bin/vite')
  console.log('Building Vigil and the reference pages…')
  execFileSync(vite, ['build', '--logLevel', 'warn', '--outDir', vigilDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
  })
  execFileSync(vite, ['build', '--config', 'bench/vite.reference.config.ts'], { cwd: root, stdio: 'inherit' })
  execFileSync(vite, ['build', '--config', 'bench/vite.seed.config.ts'], { cwd: root, stdio: 'inherit' })
}

const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

/** Requests the feed benchmark's host answered. */
const feedRequests = { count: 0 }

/** A static server with the single-page fallback and the caching a host gives Vigil. */
function serve(dir) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://localhost').pathname)
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
    // Hashed assets are kept for good, as README's "Hosting" asks and `npm run preview` does.
    if (path.startsWith('/assets/')) response.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
    response.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(response)
  })
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => done({ server, origin: `http://127.0.0.1:${server.address().port}` })),
  )
}

/** JS and CSS of an entry and its static imports, gzipped, from the Vite manifest. */
function firstScreenSize(dir, entry) {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'))
  const seen = new Set()
  const sizes = { js: 0, css: 0 }
  const gz = (file) => gzipSync(readFileSync(join(dir, file))).length
  const visit = (key) => {
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

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}
const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits

/**
 * Opens `url` and times it to the animation frame in which the page is ready: `readyAt` returns
 * the page's clock then (`cond && performance.now()`), false before. That frame is what the user
 * sees. `afterRoundTrip` is the clock read once the bench has heard of it, which also counts
 * whatever the page does right after that frame (how the bench measured before).
 */
async function loadTimes(page, url, readyAt) {
  await page.goto(url, { waitUntil: 'commit' })
  const frame = await page.waitForFunction(readyAt, undefined, { polling: 'raf', timeout: 30_000 })
  return { frame: await frame.jsonValue(), afterRoundTrip: await page.evaluate(() => performance.now()) }
}

/** When the page's first contentful paint reached the screen, on its clock (Chromium's Paint Timing). */
async function firstContentfulPaint(page) {
  const entry = await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    undefined,
    { timeout: 30_000 },
  )
  return entry.jsonValue()
}

async function loadTime(page, url, readyAt) {
  return (await loadTimes(page, url, readyAt)).frame
}

/**
 * Records a demo sign-in as its user sees it, on every page of `context`, in wall-clock
 * milliseconds (each document's `performance.timeOrigin` plus its clock): the clicks on "Sign in"
 * and "Continue as Ada Lovelace", each document's start and the end of its parsing (the entry
 * script has run), each address the page moves to through the history without loading, the
 * provider's discovery and token requests, and the frames that first show the provider's Continue
 * button and the dashboard's heading. The bench's own waits poll with
 * growing pauses (up to half a second), so the time it takes to notice a page is not the page's.
 */
async function recordSignIn(context) {
  const events = []
  await context.exposeBinding('vigilBenchEvent', (_source, name, at) => events.push({ name, at }))
  await context.addInitScript(() => {
    const report = (name, clock) => window.vigilBenchEvent(name, performance.timeOrigin + clock)
    report(`document ${location.pathname}`, 0)
    addEventListener('DOMContentLoaded', () => report('parsed', performance.now()))
    for (const method of ['pushState', 'replaceState']) {
      const change = history[method]
      history[method] = function (...args) {
        const result = change.apply(this, args)
        report(`address ${location.pathname}`, performance.now())
        return result
      }
    }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const request = /openid-configuration|oauth2\/token/.exec(entry.name)?.[0]
        if (!request) continue
        const name = request === 'oauth2/token' ? 'token' : 'discovery'
        report(`${name} asked`, entry.startTime)
        report(`${name} answered`, entry.responseEnd)
      }
    }).observe({ type: 'resource' })
    // A page the sign-in loads (rather than draws in the same document) is watched from its start.
    let watching = location.protocol.startsWith('http') && sessionStorage.getItem('vigil-bench-watching') === 'yes'
    addEventListener(
      'click',
      (event) => {
        const text = event.target instanceof Element ? event.target.closest('button')?.textContent : undefined
        if (text === 'Sign in' || text?.startsWith('Continue as')) report(`click ${text}`, event.timeStamp)
        // Watched from the click on: reading the page every frame while it loads would slow the
        // logged-out screen that the start-up benchmark times.
        if (text === 'Sign in' && !watching) {
          watching = true
          sessionStorage.setItem('vigil-bench-watching', 'yes')
          requestAnimationFrame(watch)
        }
      },
      true,
    )
    const shown = (selector, text) =>
      [...document.querySelectorAll(selector)].some(
        (element) => element.textContent === text && element.checkVisibility(),
      )
    let providerShown = false
    const watch = (time) => {
      if (!providerShown && shown('button', 'Continue as Ada Lovelace')) {
        providerShown = true
        report('provider page shown', time)
      }
      if (shown('h1', 'Dashboard')) return report('dashboard shown', time)
      requestAnimationFrame(watch)
    }
    if (watching) requestAnimationFrame(watch)
  })
  return events
}

/**
 * One sign-in's waterfall from its events: the steps from the click on "Sign in" to the provider's
 * page, and from the click on "Continue" to the dashboard, each as milliseconds after its click.
 * A step that did not happen is left out: the demo's pages are reached through the history, so
 * there is no document to parse, and the discovery made before the provider's page is not asked
 * again. `seen` is the two together: the sign-in as the user sees it, without the time they take
 * to choose who to continue as.
 */
function signInWaterfall(events) {
  const at = (test, after) => events.find((event) => test(event.name) && event.at >= after)?.at
  const named = (name) => (event) => event === name
  const signIn = at(named('click Sign in'), 0)
  const toProvider = {
    discoveryAnswered: at(named('discovery answered'), signIn),
    providerDocument: at((name) => name.startsWith('document /demo-idp'), signIn),
    providerAddress: at((name) => name.startsWith('address /demo-idp'), signIn),
  }
  toProvider.providerParsed = toProvider.providerDocument && at(named('parsed'), toProvider.providerDocument)
  toProvider.providerPageShown = at(named('provider page shown'), signIn)
  const continued = at(named('click Continue as Ada Lovelace'), signIn)
  const isCallback = (kind) => (name) => name.startsWith(`${kind} /`) && !name.includes('demo-idp')
  const back = {
    callbackDocument: at(isCallback('document'), continued),
    callbackAddress: at(isCallback('address'), continued),
  }
  back.callbackParsed = back.callbackDocument && at(named('parsed'), back.callbackDocument)
  back.discoveryAsked = at(named('discovery asked'), continued)
  back.tokenAnswered = at(named('token answered'), continued)
  back.dashboardShown = at(named('dashboard shown'), continued)
  const since = (steps, start) =>
    Object.fromEntries(
      Object.entries(steps)
        .filter(([, time]) => time !== undefined)
        .map(([step, time]) => [step, time - start]),
    )
  return {
    seen: toProvider.providerPageShown - signIn + (back.dashboardShown - continued),
    toProvider: since(toProvider, signIn),
    back: since(back, continued),
  }
}

/** The median of each step over several waterfalls, over the rounds in which it happened. */
function medianWaterfall(waterfalls) {
  const steps = (part) => {
    const names = [...new Set(waterfalls.flatMap((w) => Object.keys(w[part])))]
    return Object.fromEntries(
      names.map((step) => [
        step,
        round(median(waterfalls.map((w) => w[part][step]).filter((time) => time !== undefined))),
      ]),
    )
  }
  return {
    seenMs: round(median(waterfalls.map((w) => w.seen))),
    toProvider: steps('toProvider'),
    back: steps('back'),
  }
}

/** From the logged-out screen to the dashboard, through the demo provider. */
async function signInFromLoggedOut(page) {
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.getByRole('button', { name: 'Continue as Ada Lovelace' }).click()
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
}

async function signIn(page, origin) {
  await page.goto(origin)
  await signInFromLoggedOut(page)
}

/** The keys the search benchmark types: a query, then Backspace back towards empty. */
const TYPED = 'service platform team'
const KEYS = [...TYPED, ...Array(KEYSTROKES - TYPED.length).fill('Backspace')]

/** The search field's text after each of KEYS. */
const QUERIES = KEYS.reduce((queries, key) => {
  const before = queries.at(-1) ?? ''
  return [...queries, key === 'Backspace' ? before.slice(0, -1) : before + key]
}, [])

/** Where a page shows its results: the "Showing X of Y" line and the first cell of each row in the page. */
const VIGIL_RESULTS = { count: '[role="status"]', cells: 'tbody tr[data-index] td:first-child' }
const REFERENCE_RESULTS = { count: '#count', cells: '#rows tr td:first-child' }

/** What the page shows of its results right now: the count line and the rows' first cells. */
function shownResults({ count, cells }) {
  const line = [...document.querySelectorAll(count)].find((node) => node.textContent.startsWith('Showing'))
  // The first rows: how many more the virtualiser keeps below the fold varies with measurement.
  const rows = [...document.querySelectorAll(cells)].slice(0, 6).map((cell) => cell.textContent.trim())
  return `${line?.textContent ?? ''}\n${rows.join('\n')}`
}

/**
 * Keystroke to results, as the user sees them: for each of 30 keystrokes in the search field,
 * from the key event's time stamp to the first frame whose count line and rows are those of the
 * final result for that query, read after the key. Each frame is timed twice: at its
 * animation-frame callback, where its content is read and before its paint, and after its paint
 * (a rAF, then a task).
 * The final results are what the page shows once each query has settled, read afterwards by
 * typing each query again and waiting. Event Timing durations (16 ms or more) are kept too.
 */
async function keystrokesToResults(page, selector, results, cpu) {
  // A tab in the background gets one frame a second: the measured page must be the one in front.
  await page.bringToFront()
  // Installed through the debugger protocol, which the page's CSP does not govern.
  await page.evaluate(`window.__shownResults = ${shownResults.toString()}`)
  await page.evaluate((resultsSelectors) => {
    window.__downs = []
    window.__frames = []
    window.__eventTiming = []
    window.__stopFrames = false
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'keydown' || entry.name === 'input') window.__eventTiming.push(entry.duration)
    }).observe({ type: 'event', durationThreshold: 16, buffered: false })
    // Once per page: a second measurement on the same page reuses the listener.
    if (!window.__keydownTimed)
      document.addEventListener('keydown', (event) => window.__downs.push(event.timeStamp), true)
    window.__keydownTimed = true
    const frame = () => {
      const state = window.__shownResults(resultsSelectors)
      const rendered = performance.now()
      const channel = new MessageChannel()
      channel.port1.onmessage = () => window.__frames.push({ rendered, at: performance.now(), state })
      channel.port2.postMessage(null)
      if (!window.__stopFrames) requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
  }, results)
  // Keys typed into a field that cannot take focus (hidden by a loading screen) would go nowhere.
  await page.waitForSelector(selector, { state: 'visible' })
  await withCpu(page, cpu, async () => {
    await page.focus(selector)
    if (!(await page.evaluate((field) => document.activeElement?.matches(field), selector)))
      throw new Error(`The search field ${selector} did not take focus`)
    for (const key of KEYS) {
      await page.keyboard.press(key)
      await page.waitForTimeout(120)
    }
    await page.waitForTimeout(500)
  })
  const { downs, frames, eventTiming } = await page.evaluate(() => {
    window.__stopFrames = true
    return { downs: window.__downs, frames: window.__frames, eventTiming: window.__eventTiming }
  })
  // The settled result of each query, typed again at full speed with time to settle.
  const expected = new Map()
  for (const query of new Set(QUERIES)) {
    await page.fill(selector, query)
    await page.waitForTimeout(600)
    expected.set(query, await page.evaluate(shownResults, results))
  }
  await page.fill(selector, '')
  const shown = downs.map((down, index) => {
    // Only a frame whose content was read after the key can show its result; one read before it
    // and painted after would "show" a key that changes nothing at once.
    const after = frames.filter((frame) => frame.rendered > down)
    const place = after.findIndex((frame) => frame.state === expected.get(QUERIES[index]))
    if (place < 0) return undefined
    const match = after[place]
    return { afterPaint: match.at - down, frame: match.rendered - down, frames: place + 1 }
  })
  const times = shown.map((result) => result?.afterPaint)
  const seen = times.filter((time) => time !== undefined)
  const later = seen.slice(1)
  const laterShown = shown.slice(1).filter((result) => result !== undefined)
  const toFrame = laterShown.map((result) => result.frame)
  return {
    first: times[0] === undefined ? 'never' : round(times[0]),
    p50: round(percentile(later, 50)),
    p95: round(percentile(later, 95)),
    max: round(Math.max(...later)),
    frameP95: round(percentile(toFrame, 95)),
    frameMax: round(Math.max(...toFrame)),
    inNextFrame: round((100 * laterShown.filter((result) => result.frames <= 1).length) / laterShown.length, 0),
    framesMax: Math.max(...laterShown.map((result) => result.frames)),
    neverShown: times.length - seen.length,
    eventTimingMax: eventTiming.length ? round(Math.max(...eventTiming)) : '<16',
    samples: times.map((time) => (time === undefined ? null : round(time))),
  }
}

async function withCpu(page, rate, task) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  try {
    return await task()
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  }
}

/** The import benchmark's files, written where the bench server serves them (for the JSON.parse reference). */
function writeScanFiles() {
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
async function importOnce(browser, origin, file) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await signIn(page, origin)
  await page.goto(`${origin}/organizations/settings`)
  await page.getByRole('button', { name: 'Import scan files' }).click()
  // From the file input's change event to the frame in which the report is on screen.
  await page.evaluate(() => {
    window.__longest = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration)
    }).observe({ type: 'longtask', buffered: false })
    document.addEventListener('change', (event) => (window.__chosenAt = event.timeStamp), true)
    new MutationObserver(() => {
      if (window.__reportAt) return
      const report = [...document.querySelectorAll('[role="status"]')].find((status) =>
        /1 of 1\s*file imported/.test(status.textContent),
      )
      if (report) requestAnimationFrame(() => (window.__reportAt ??= performance.now()))
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  if (file.folder) await page.getByTestId('import-folder').setInputFiles(file.folder)
  else await page.getByTestId('import-files').setInputFiles(file.path)
  await page.waitForFunction(() => window.__reportAt, undefined, { timeout: 300_000 })
  const importMs = await page.evaluate(() => window.__reportAt - window.__chosenAt)
  const longestTaskMs = await page.evaluate(() => window.__longest)
  const parseMs = await page.evaluate(async (url) => {
    const text = await (await fetch(url)).text()
    const start = performance.now()
    JSON.parse(text)
    return performance.now() - start
  }, `${origin}/${file.url}`)
  await context.close()
  return { importMs, parseMs, longestTaskMs }
}

const FEED_REPOSITORIES = Number(process.env.BENCH_FEED_REPOS ?? 10_000)

/**
 * A feed of FEED_REPOSITORIES repositories × 3 files on the bench server (same origin, so no CORS):
 * the first sync through the settings page, then a sync with nothing changed, timed from the
 * click to the report on screen, with the requests the host answered.
 */
async function feedSync(browser, origin) {
  const started = Date.now()
  const { files, bytes } = feedFolder(join(vigilDir, 'bench-feed'), FEED_REPOSITORIES)
  execFileSync('node', ['scripts/feed.mjs', join(vigilDir, 'bench-feed')], { cwd: root, stdio: 'ignore' })
  const buildSeconds = round((Date.now() - started) / 1000)
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await signIn(page, origin)
  await page.goto(`${origin}/organizations/settings`)
  await page.getByRole('textbox', { name: 'Feed manifest URL' }).fill(`${origin}/bench-feed/manifest.json`)
  const sync = async (expected) => {
    feedRequests.count = 0
    const start = Date.now()
    await page.getByRole('button', { name: 'Sync now' }).click()
    await page.getByTestId('feed-status').filter({ hasText: expected }).waitFor({ timeout: 1_800_000 })
    return { ms: Date.now() - start, requests: feedRequests.count }
  }
  const first = await sync(`${files} fetched`)
  const again = await sync(`0 fetched, ${files} unchanged`)
  await context.close()
  return {
    repositories: FEED_REPOSITORIES,
    files,
    megabytes: round(bytes / 1024 / 1024),
    manifestBuildSeconds: buildSeconds,
    firstSyncMs: first.ms,
    filesPerSecond: round(files / (first.ms / 1000)),
    mbPerSecond: round(bytes / 1024 / 1024 / (first.ms / 1000)),
    firstSyncRequests: first.requests,
    resyncMs: again.ms,
    resyncRequests: again.requests,
  }
}

const LARGE_REPOSITORIES = Number(process.env.BENCH_WORKSPACE_REPOS ?? 10_000)
const LARGE_FINDINGS = Number(process.env.BENCH_WORKSPACE_FINDINGS ?? 100)

/**
 * Time from an in-app navigation (wouter follows pushState) until `ready` holds in a frame, read
 * from the page's clock; it includes one round trip to the page, a few milliseconds.
 */
async function inAppTime(page, path, ready) {
  const start = await page.evaluate((target) => {
    const now = performance.now()
    history.pushState(null, '', target)
    return now
  }, path)
  await page.waitForFunction(ready, undefined, { polling: 'raf', timeout: 60_000 })
  return (await page.evaluate(() => performance.now())) - start
}

/**
 * A workspace of 10,000 repositories and 1,000,000 findings, written through the real store by the
 * seed page; then a signed-in reload to the repositories list, a repository's details and the
 * dashboard, and the JS heap.
 */
async function largeWorkspace(browser, origin) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await signIn(page, origin)
  await page.goto(`${origin}/bench-seed/index.html?repos=${LARGE_REPOSITORIES}&findings=${LARGE_FINDINGS}`)
  await page.waitForFunction(() => document.body.dataset.done || document.body.dataset.error, undefined, {
    timeout: 1_800_000,
  })
  const error = await page.evaluate(() => document.body.dataset.error)
  if (error) throw new Error(`Seeding the workspace failed: ${error}`)
  const seedSeconds = Number(await page.evaluate(() => document.body.dataset.seconds))
  await page.evaluate(() => localStorage.setItem('vigil-demo-org', 'workspace'))
  const shown = LARGE_REPOSITORIES.toLocaleString('en-US')
  const list = []
  const details = []
  const dashboard = []
  const detailsCold = []
  const dashboardCold = []
  for (let round = 0; round < 3; round++) {
    list.push(
      await loadTime(
        page,
        `${origin}/repositories`,
        new Function(
          `return document.body.innerText.includes('Showing ${shown} of ${shown} repositories') && performance.now()`,
        ),
      ),
    )
    // Right after the list is ready (the screens' code may still be loading), then once more.
    for (const [visit, detailsTimes, dashboardTimes] of [
      [0, detailsCold, dashboardCold],
      [1, details, dashboard],
    ]) {
      const name = `service-${String((round * 4099 + visit * 17) % LARGE_REPOSITORIES).padStart(5, '0')}`
      detailsTimes.push(
        await inAppTime(page, `/repository/${name}`, () =>
          [...document.querySelectorAll('article')].some((article) => article.checkVisibility()),
        ),
      )
      dashboardTimes.push(
        await inAppTime(page, '/', () =>
          [...document.querySelectorAll('section')].some(
            (section) =>
              section.checkVisibility() &&
              section.textContent.startsWith('Open vulnerabilities') &&
              /\d{4,}/.test(section.textContent),
          ),
        ),
      )
    }
  }
  // Each round opens the app afresh at the list and waits for the workspace to be read, as the
  // generated organisation's rounds do: the visit is timed from the list, not from a reload.
  const vulnerabilities = await vulnerabilityView(page, async () => {
    await page.goto(`${origin}/repositories`)
    await page.getByText(`Showing ${shown} of ${shown} repositories`).waitFor({ timeout: 60_000 })
  })
  // The plain-DOM page on the same origin renders the same advisory rows from the same workspace.
  const reference = await context.newPage()
  await reference.goto(`${origin}/bench-seed/advisories.html`)
  await reference.waitForFunction(() => document.body.dataset.ready || document.body.dataset.error, undefined, {
    timeout: 120_000,
  })
  const referenceError = await reference.evaluate(() => document.body.dataset.error)
  if (referenceError) throw new Error(`The workspace's plain-DOM advisories failed: ${referenceError}`)
  vulnerabilities.reference = {}
  for (const cpu of [1, 4])
    vulnerabilities.reference[cpu] = await keystrokesToResults(reference, '#search', REFERENCE_RESULTS, cpu)
  await reference.close()
  await page.goto(`${origin}/repositories`)
  await page.getByText(`Showing ${shown} of ${shown} repositories`).waitFor({ timeout: 60_000 })
  const cdp = await context.newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  const heap = await cdp.send('Runtime.getHeapUsage')
  await context.close()
  return {
    repositories: LARGE_REPOSITORIES,
    findings: LARGE_REPOSITORIES * LARGE_FINDINGS,
    seedSeconds,
    reloadToListMs: round(median(list)),
    detailsMs: round(median(details)),
    dashboardMs: round(median(dashboard)),
    detailsFirstMs: round(median(detailsCold)),
    dashboardFirstMs: round(median(dashboardCold)),
    jsHeapUsedMb: round(heap.usedSize / 1024 / 1024),
    vulnerabilities,
  }
}

/**
 * `/vulnerabilities` is ready: its count is on screen and the advisories' rows are drawn, visibly:
 * while another screen's code loads, the routes' Suspense keeps the last screen in the page, hidden.
 */
function advisoriesReady() {
  return (
    // At least 1,000 repositories affected: the five samples, shown while a large source
    // is still being generated or read after a reload, must not count as the view being ready.
    [...document.querySelectorAll('[role="status"]')].some(
      (node) =>
        node.checkVisibility() &&
        /^Showing [\d,]+ of [1-9][\d,]* advisor\w*, affecting \d{1,3}(,\d{3})+ repositor/.test(node.textContent),
    ) &&
    [...document.querySelectorAll('table[aria-label="Advisories"] tr[data-index]')].some((row) => row.checkVisibility())
  )
}

/**
 * The grouped vulnerability view of the organisation on screen: navigation to ready, the first
 * time (the index is built or read) and again, its DOM nodes, and search keystrokes. `reopen`
 * loads the same source afresh at the repositories list and waits for it (the address that
 * generates it: a plain reload would bring back the five samples).
 */
async function vulnerabilityView(page, reopen, cpus = [1, 4]) {
  const first = []
  const again = []
  for (let round = 0; round < 3; round++) {
    if (round > 0) await reopen()
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 })
    first.push(await inAppTime(page, '/vulnerabilities', advisoriesReady))
    // The policies screen itself: while its code loads, the hidden vulnerabilities heading is still there.
    await inAppTime(page, '/policies', () =>
      [...document.querySelectorAll('h1')].some((h1) => h1.checkVisibility() && h1.textContent !== 'Vulnerabilities'),
    )
    again.push(await inAppTime(page, '/vulnerabilities', advisoriesReady))
  }
  const domNodes = await page.evaluate(() => document.querySelectorAll('*').length)
  const keystrokesByCpu = {}
  for (const cpu of cpus)
    keystrokesByCpu[cpu] = await keystrokesToResults(page, 'input[type="search"]', VIGIL_RESULTS, cpu)
  return {
    firstVisitMs: round(median(first)),
    // Each round's first visit: in the workspace the first round follows the imports (no kept index).
    firstVisitRoundsMs: first.map((time) => round(time)),
    revisitMs: round(median(again)),
    domNodes,
    keystrokes: keystrokesByCpu,
  }
}

/** At 100,000 generated repositories, against the plain-DOM page rendering the same advisory rows. */
async function generatedVulnerabilityView(browser, origin, referenceOrigin) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await signIn(page, origin)
  const openGenerated = async () => {
    await page.goto(`${origin}/repositories?demo-org=100000`)
    await page.getByText('Showing 100,000 of 100,000 repositories').waitFor({ timeout: 60_000 })
  }
  await openGenerated()
  const vigil = await vulnerabilityView(page, openGenerated)
  const reference = {}
  const ref = await context.newPage()
  await ref.goto(`${referenceOrigin}/advisories.html?n=100000`)
  await ref.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 60_000 })
  for (const cpu of [1, 4]) reference[cpu] = await keystrokesToResults(ref, '#search', REFERENCE_RESULTS, cpu)
  await context.close()
  return { repositories: 100_000, ...vigil, reference }
}

/**
 * Search at each size, normal and 4× slower CPU: keystroke to results in Vigil and in the plain-DOM
 * page that renders the same rows and columns (as many rows as Vigil keeps in the page).
 */
async function searchBench(browser, vigilOrigin, referenceOrigin) {
  const rows = []
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await signIn(page, vigilOrigin)
  for (const size of SIZES) {
    for (const cpu of [1, 4]) {
      const row = { size, cpu }
      const total = size.toLocaleString('en-US')
      await page.goto(`${vigilOrigin}/repositories?demo-org=${size}`)
      // The five samples show first; the generated organisation's rows are named "<words>-<n>".
      await page.getByText(`Showing ${total} of ${total} repositories`).waitFor({ timeout: 60_000 })
      await page.waitForFunction(
        () => /-1Updated/.test(document.querySelector('tbody tr[data-index] td')?.textContent ?? ''),
        undefined,
        { timeout: 60_000 },
      )
      row.domNodes = await page.evaluate(() => document.querySelectorAll('*').length)
      row.rowsInPage = await page.evaluate(() => document.querySelectorAll('tbody tr[data-index]').length)
      const ref = await context.newPage()
      await ref.goto(`${referenceOrigin}/filter.html?n=${size}&rows=${row.rowsInPage}`)
      await ref.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 60_000 })
      for (const which of cpu === 1 ? ['vigil', 'reference'] : ['reference', 'vigil']) {
        if (which === 'vigil') row.vigil = await keystrokesToResults(page, 'input[type="search"]', VIGIL_RESULTS, cpu)
        else row.reference = await keystrokesToResults(ref, '#search', REFERENCE_RESULTS, cpu)
      }
      await ref.close()
      row.ratioP95 = round(row.vigil.p95 / Math.max(row.reference.p95, 1), 2)
      rows.push(row)
      console.log(
        `search at ${size} repositories, CPU ×${cpu}: Vigil p95 ${row.vigil.p95} ms (first ${row.vigil.first}, max ${row.vigil.max}, never shown ${row.vigil.neverShown}), plain DOM p95 ${row.reference.p95} ms; to the frame: Vigil p95 ${row.vigil.frameP95} ms (max ${row.vigil.frameMax}, ${row.vigil.inNextFrame}% in the next frame, at most ${row.vigil.framesMax} frames), plain DOM p95 ${row.reference.frameP95} ms (${row.reference.inNextFrame}% in the next frame)`,
      )
    }
  }
  await context.close()
  return rows
}

/**
 * The first sort by name at 100,000 repositories, a few seconds after the list showed (a user
 * reading it first): click on the column's button to the frame whose first row is the sorted one.
 */
async function sortByName(browser, vigilOrigin) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await signIn(page, vigilOrigin)
  const rounds = []
  for (let round = 0; round < 3; round++) {
    await page.goto(`${vigilOrigin}/repositories?demo-org=100000`)
    await page.getByText('Showing 100,000 of 100,000 repositories').waitFor({ timeout: 60_000 })
    await page.waitForTimeout(3000)
    rounds.push(
      await page.evaluate(async () => {
        const firstRow = () => document.querySelector('tbody tr[data-index] td p')?.textContent
        const clickAndWait = async () => {
          const before = firstRow()
          const started = performance.now()
          document.querySelector('thead button').click()
          while (firstRow() === before) await new Promise((resolve) => requestAnimationFrame(resolve))
          return performance.now() - started
        }
        return { ascending: await clickAndWait(), descending: await clickAndWait() }
      }),
    )
  }
  await context.close()
  return {
    ascendingMs: round(median(rounds.map((r) => r.ascending))),
    descendingMs: round(median(rounds.map((r) => r.descending))),
  }
}

const signInLine = ({ seenMs, toProvider, back }) =>
  `demo sign-in as its pages show it: ${seenMs} ms; click "Sign in" → ${Object.entries(toProvider)
    .map(([step, ms]) => `${step} ${ms}`)
    .join(' → ')}; click "Continue" → ${Object.entries(back)
    .map(([step, ms]) => `${step} ${ms}`)
    .join(' → ')}`

const sortByNameLine = ({ ascendingMs, descendingMs }) =>
  `first sort by name at 100,000 repositories: ascending ${ascendingMs} ms, then descending ${descendingMs} ms`

/** Builds Vigil and the reference pages, serves both and runs `task` with a browser; then closes all. */
async function withBench(task) {
  build()
  const vigil = await serve(vigilDir)
  const reference = await serve(referenceDir)
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs })
  try {
    return await task({ browser, vigil: vigil.origin, reference: reference.origin })
  } finally {
    await browser.close()
    vigil.server.close()
    reference.server.close()
  }
}

/** The logged-out screen against a bare React page, interleaved, and a demo sign-in after each Vigil load. */
async function startup(browser, vigilOrigin, referenceOrigin) {
  const loggedOut = []
  const bare = []
  const signInToDashboard = []
  const signInWaterfalls = []
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['vigil', 'bare'] : ['bare', 'vigil']
    for (const which of order) {
      const context = await browser.newContext()
      const page = await context.newPage()
      if (which === 'vigil') {
        loggedOut.push({
          ...(await loadTimes(
            page,
            vigilOrigin,
            () =>
              [...document.querySelectorAll('button')].some(
                (b) => b.textContent === 'Sign in' && b.checkVisibility(),
              ) && performance.now(),
          )),
          painted: await firstContentfulPaint(page),
        })
      } else {
        bare.push({
          ...(await loadTimes(
            page,
            `${referenceOrigin}/index.html`,
            () => !!document.querySelector('button') && performance.now(),
          )),
          painted: await firstContentfulPaint(page),
        })
      }
      await context.close()
      // The sign-in in a context of its own: its recorder, which the bare page does not carry,
      // stays out of the logged-out screen's time.
      if (which === 'vigil') {
        const signInContext = await browser.newContext()
        const signInEvents = await recordSignIn(signInContext)
        const signInPage = await signInContext.newPage()
        await signInPage.goto(vigilOrigin)
        const started = Date.now()
        await signInFromLoggedOut(signInPage)
        signInToDashboard.push(Date.now() - started)
        signInWaterfalls.push(signInWaterfall(signInEvents))
        await signInContext.close()
      }
    }
  }
  const frames = (times) => median(times.map((time) => time.frame))
  const afterRoundTrips = (times) => median(times.map((time) => time.afterRoundTrip))
  return {
    loggedOutReadyMs: round(frames(loggedOut)),
    bareReactReadyMs: round(frames(bare)),
    loggedOutRatio: round(frames(loggedOut) / frames(bare), 2),
    // The same loads to their first contentful paint: the frame on the screen, after its raster.
    firstContentfulPaint: {
      loggedOutMs: round(median(loggedOut.map((time) => time.painted))),
      bareReactMs: round(median(bare.map((time) => time.painted))),
      ratio: round(median(loggedOut.map((time) => time.painted)) / median(bare.map((time) => time.painted)), 2),
    },
    // The same loads, read after the bench's round trip to the page (the figure of earlier runs).
    afterRoundTrip: {
      loggedOutReadyMs: round(afterRoundTrips(loggedOut)),
      bareReactReadyMs: round(afterRoundTrips(bare)),
      loggedOutRatio: round(afterRoundTrips(loggedOut) / afterRoundTrips(bare), 2),
    },
    signInToDashboardMs: round(median(signInToDashboard)),
    signInToDashboardRatio: round(median(signInToDashboard) / frames(bare), 2),
    // The same sign-ins timed by the pages themselves, from each click to the frame it brought.
    signInSeen: medianWaterfall(signInWaterfalls),
  }
}

/** `BENCH_ONLY=startup npm run bench`: the start-up and sign-in benchmark alone. */
function startupOnly() {
  return withBench(async ({ browser, vigil, reference }) => {
    const results = await startup(browser, vigil, reference)
    console.log(JSON.stringify(results, null, 2))
    console.log(signInLine(results.signInSeen))
  })
}

/** `BENCH_ONLY=search npm run bench`: the search benchmark alone. */
function searchOnly() {
  return withBench(async ({ browser, vigil, reference }) => {
    const rows = await searchBench(browser, vigil, reference)
    const sort = await sortByName(browser, vigil)
    console.log(sortByNameLine(sort))
    writeFileSync(join(root, 'bench/results-search.json'), `${JSON.stringify({ rows, sortByName: sort }, null, 2)}\n`)
  })
}

/** `BENCH_ONLY=views npm run bench`: the organisation-wide vulnerability view alone. */
function viewsOnly() {
  return withBench(async ({ browser, vigil, reference }) => {
    const results = { generated: await generatedVulnerabilityView(browser, vigil, reference) }
    console.log(JSON.stringify(results.generated))
    // `BENCH_VIEWS=generated`: the generated organisation alone, without the large workspace.
    if (process.env.BENCH_VIEWS !== 'generated') results.workspace = await largeWorkspace(browser, vigil)
    console.log(JSON.stringify(results, null, 2))
    writeFileSync(join(root, 'bench/results-views.json'), `${JSON.stringify(results, null, 2)}\n`)
  })
}

/** `BENCH_ONLY=feed npm run bench`: the feed benchmark alone, for a quick measurement. */
async function feedOnly() {
  build()
  const vigil = await serve(vigilDir)
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs })
  try {
    console.log(JSON.stringify(await feedSync(browser, vigil.origin), null, 2))
  } finally {
    await browser.close()
    vigil.server.close()
  }
}

async function main() {
  if (process.env.BENCH_ONLY === 'feed') return feedOnly()
  if (process.env.BENCH_ONLY === 'views') return viewsOnly()
  if (process.env.BENCH_ONLY === 'search') return searchOnly()
  if (process.env.BENCH_ONLY === 'startup') return startupOnly()
  build()
  const scanFiles = writeScanFiles()
  const vigilSize = firstScreenSize(vigilDir, 'index.html')
  const bareSize = firstScreenSize(referenceDir, 'index.html')
  const vigil = await serve(vigilDir)
  const reference = await serve(referenceDir)
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs })
  const results = { date: new Date().toISOString(), rounds: ROUNDS, size: { vigil: vigilSize, bareReact: bareSize } }

  try {
    // b. Start-up, interleaved: Vigil, bare React, bare React, Vigil, …
    results.startup = await startup(browser, vigil.origin, reference.origin)

    // c. and d. Search keystrokes at each size, normal and 4× slower CPU, against the plain-DOM filter.
    results.search = await searchBench(browser, vigil.origin, reference.origin)
    results.sortByName = await sortByName(browser, vigil.origin)

    // e. Import throughput against JSON.parse of the same bytes, and the main thread's longest task.
    results.import = []
    for (const file of scanFiles) {
      const runs = []
      for (let round = 0; round < IMPORT_ROUNDS; round++) runs.push(await importOnce(browser, vigil.origin, file))
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
      results.import.push(row)
      console.log(`import ${file.name}: ${importMs} ms (JSON.parse ${row.jsonParseMs} ms, ×${row.ratioToJsonParse})`)
    }

    // g. A team feed: first sync and a sync with nothing changed.
    results.feed = await feedSync(browser, vigil.origin)
    console.log(`feed: ${JSON.stringify(results.feed)}`)

    // h. The grouped vulnerability view at 100,000 generated repositories.
    results.vulnerabilities = await generatedVulnerabilityView(browser, vigil.origin, reference.origin)
    console.log(`vulnerabilities: ${JSON.stringify(results.vulnerabilities)}`)

    // f. The large workspace.
    results.workspace = await largeWorkspace(browser, vigil.origin)
    console.log(`workspace of ${results.workspace.repositories} repositories: ${JSON.stringify(results.workspace)}`)

    // The JS heap and DOM with 100,000 repositories loaded.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await signIn(page, vigil.origin)
    await page.goto(`${vigil.origin}/repositories?demo-org=100000`)
    await page.getByText('Showing 100,000 of 100,000 repositories').waitFor({ timeout: 60_000 })
    const cdp = await context.newCDPSession(page)
    await cdp.send('HeapProfiler.collectGarbage')
    const heap = await cdp.send('Runtime.getHeapUsage')
    results.memory = {
      jsHeapUsedMb: round(heap.usedSize / 1024 / 1024),
      domNodesAt100k: await page.evaluate(() => document.querySelectorAll('*').length),
    }
    await context.close()
  } finally {
    await browser.close()
    vigil.server.close()
    reference.server.close()
  }

  writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`)
  const kb = (bytes) => `${round(bytes / 1024)} KiB`
  console.log('\nVigil bench (medians; times in ms)\n')
  console.table({
    'first-screen JS (gzip)': { vigil: kb(vigilSize.js), 'bare React': kb(bareSize.js) },
    'first-screen CSS (gzip)': { vigil: kb(vigilSize.css), 'bare React': kb(bareSize.css) },
    'logged-out screen ready': {
      vigil: results.startup.loggedOutReadyMs,
      'bare React': results.startup.bareReactReadyMs,
    },
    'logged-out first contentful paint': {
      vigil: results.startup.firstContentfulPaint.loggedOutMs,
      'bare React': results.startup.firstContentfulPaint.bareReactMs,
    },
  })
  console.log(`lazy chunks (not in the first screen): ${vigilSize.lazy.join(', ')}`)
  console.log(
    `logged-out ready ×${results.startup.loggedOutRatio} of bare React (×${results.startup.afterRoundTrip.loggedOutRatio} read after the bench's round trip, ×${results.startup.firstContentfulPaint.ratio} at the first contentful paint); demo sign-in to dashboard ${results.startup.signInToDashboardMs} ms (×${results.startup.signInToDashboardRatio})`,
  )
  console.log(signInLine(results.startup.signInSeen))
  console.table(
    results.search.map((row) => ({
      repositories: row.size,
      cpu: `×${row.cpu}`,
      'Vigil first': row.vigil.first,
      'Vigil p50': row.vigil.p50,
      'Vigil p95': row.vigil.p95,
      'Vigil max': row.vigil.max,
      'never shown': row.vigil.neverShown,
      'Event Timing max': row.vigil.eventTimingMax,
      'plain DOM p95': row.reference.p95,
      'p95 ratio': row.ratioP95,
      'frame p95': row.vigil.frameP95,
      'frame max': row.vigil.frameMax,
      'next frame %': row.vigil.inNextFrame,
      'plain DOM frame p95': row.reference.frameP95,
      'DOM nodes': row.domNodes,
    })),
  )
  console.log(sortByNameLine(results.sortByName))
  console.table(
    results.import.map((row) => ({
      file: row.file,
      MB: row.megabytes,
      results: row.results,
      'import to report (ms)': row.importMs,
      'MB/s': row.mbPerSecond,
      'JSON.parse (ms)': row.jsonParseMs,
      'throughput vs JSON.parse': row.ratioToJsonParse,
      'longest main-thread task (ms)': row.longestMainThreadTaskMs,
    })),
  )
  const workspace = results.workspace
  console.log(
    `workspace of ${workspace.repositories} repositories and ${workspace.findings} findings (seeded in ${workspace.seedSeconds} s): signed-in reload to the list ${workspace.reloadToListMs} ms, details ${workspace.detailsMs} ms (first right after the reload ${workspace.detailsFirstMs} ms), dashboard ${workspace.dashboardMs} ms (first ${workspace.dashboardFirstMs} ms), JS heap ${workspace.jsHeapUsedMb} MB`,
  )
  const feed = results.feed
  console.log(
    `feed of ${feed.repositories} repositories, ${feed.files} files (${feed.megabytes} MB): first sync ${feed.firstSyncMs} ms (${feed.filesPerSecond} files/s, ${feed.mbPerSecond} MB/s, ${feed.firstSyncRequests} requests); nothing changed ${feed.resyncMs} ms, ${feed.resyncRequests} request(s)`,
  )
  console.log(
    `after loading 100,000 repositories: JS heap ${results.memory.jsHeapUsedMb} MB, ${results.memory.domNodesAt100k} DOM nodes`,
  )
  const views = results.vulnerabilities
  console.log(
    `/vulnerabilities at 100,000 generated repositories: ready ${views.firstVisitMs} ms after navigation (again ${views.revisitMs} ms), ${views.domNodes} DOM nodes; keystroke p95 ${views.keystrokes[1].p95} ms (plain DOM ${views.reference[1].p95} ms), at 4× CPU ${views.keystrokes[4].p95} ms (plain DOM ${views.reference[4].p95} ms)`,
  )
  const workspaceViews = workspace.vulnerabilities
  console.log(
    `/vulnerabilities in the workspace: ready ${workspaceViews.firstVisitMs} ms after navigation (rounds ${workspaceViews.firstVisitRoundsMs.join(', ')}; the first follows the imports) (again ${workspaceViews.revisitMs} ms), ${workspaceViews.domNodes} DOM nodes; keystroke p95 ${workspaceViews.keystrokes[1].p95} ms (plain DOM ${workspaceViews.reference[1].p95} ms), at 4× CPU ${workspaceViews.keystrokes[4].p95} ms (plain DOM ${workspaceViews.reference[4].p95} ms)`,
  )
  console.log('Wrote bench/results.json')
}

await main()
