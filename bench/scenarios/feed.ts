import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, CDPSession, Page } from 'playwright'
import { desktopContext } from '../browser'
import { readLongTasks, watchLongTasks } from '../long-tasks'
import { root, vigilDir } from '../paths'
import { feedFolder } from '../scan-files'
import { feedPerFile, feedRepositories, feedRounds } from '../settings'
import { signIn } from '../sign-in'
import { feedRequests } from '../static-server'
import { median, round } from '../statistics'

export interface FeedResults {
  repositories: number
  files: number
  megabytes: number
  manifestBuildSeconds: number
  snapshotParts: number
  snapshotMegabytes: number
  /** First sync of an empty workspace, from the snapshot: the median of the rounds. */
  firstSyncMs: number
  firstSyncRoundsMs: number[]
  firstSyncRequests: number
  /**
   * The page's longest main-thread task during a first sync and the 3 s after its report, as the
   * screens read the workspace again (the worker does the work; the page shows progress): the
   * longest of every round.
   */
  firstSyncLongestTaskMs: number
  /** The floor, same bytes: the snapshot's parts fetched, decompressed and JSON.parse'd line by line in the page (median). */
  fetchParseMs: number
  fetchParseRoundsMs: number[]
  /** Each round's first sync over its own floor, measured just before it: the median. */
  firstSyncRatio: number
  /**
   * The import worker's JS heap at its highest during a first sync and the 3 s after its report
   * (CDP Runtime.getHeapUsage), the highest of every round, if measured.
   */
  workerPeakHeapMb?: number
  /** A sync with nothing changed right after the first (the page still reads the workspace the first one filled). */
  resyncMs: number
  resyncRequests: number
  resyncLongestTaskMs: number
  /** Again, once the page is idle. */
  resyncIdleMs: number
  /** First sync file by file (`BENCH_FEED_PER_FILE=1`). */
  perFileSyncMs?: number
  perFileRequests?: number
}

/**
 * The import worker's heap at its highest while `work` runs: the page's CDP session attaches to its
 * dedicated workers (not flattened, so messages go through Target.sendMessageToTarget) and asks
 * each for Runtime.getHeapUsage every `intervalMs` (a worker busy in a long task answers after it).
 * `peakWithBuffersMb`: the heap and the memory outside it that it holds (array buffers' contents,
 * large strings made by the browser, such as a TextDecoder's), at its highest.
 */
export async function workerPeak<T>(
  page: Page,
  work: () => Promise<T>,
  intervalMs = 200,
): Promise<{ value: T; peakMb?: number; peakWithBuffersMb?: number }> {
  let session: CDPSession | undefined
  const workers = new Set<string>()
  let peak = 0
  let peakWithBuffers = 0
  let id = 1
  try {
    session = await page.context().newCDPSession(page)
    session.on('Target.attachedToTarget', (event) => {
      if (event.targetInfo.type === 'worker') workers.add(event.sessionId)
    })
    session.on('Target.detachedFromTarget', (event) => workers.delete(event.sessionId))
    session.on('Target.receivedMessageFromTarget', (event) => {
      const message = JSON.parse(event.message) as { result?: { usedSize?: number; backingStorageSize?: number } }
      const used = message.result?.usedSize
      if (used !== undefined) peak = Math.max(peak, used)
      const buffers = message.result?.backingStorageSize
      if (used !== undefined && buffers !== undefined) peakWithBuffers = Math.max(peakWithBuffers, used + buffers)
    })
    await session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false })
  } catch {
    session = undefined
  }
  const timer = setInterval(() => {
    for (const sessionId of workers) {
      void session
        ?.send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id: (id += 1), method: 'Runtime.getHeapUsage' }),
        })
        .catch(() => undefined)
    }
  }, intervalMs)
  try {
    const value = await work()
    return {
      value,
      peakMb: peak > 0 ? round(peak / 1024 / 1024) : undefined,
      peakWithBuffersMb: peakWithBuffers > 0 ? round(peakWithBuffers / 1024 / 1024) : undefined,
    }
  } finally {
    clearInterval(timer)
    await session?.detach().catch(() => undefined)
  }
}

/** The snapshot's parts fetched, decompressed and parsed line by line in the page: the floor of its first sync. */
function fetchAndParse(page: Page, urls: string[]): Promise<number> {
  return page.evaluate(async (addresses) => {
    const start = performance.now()
    let lines = 0
    const parse = (line: string) => {
      if (line && JSON.parse(line) !== undefined) lines += 1
    }
    for (const address of addresses) {
      const response = await fetch(address, { cache: 'no-store' })
      const reader = response
        .body!.pipeThrough(new DecompressionStream('gzip'))
        .pipeThrough(new TextDecoderStream())
        .getReader()
      let pending = ''
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        const text = pending + value
        const parts = text.split('\n')
        pending = parts.pop() ?? ''
        for (const line of parts) parse(line)
      }
      parse(pending)
    }
    return lines > 0 ? performance.now() - start : -1
  }, urls)
}

/** How long after a sync's report its longest main-thread task is still looked for. */
const SETTLE_MS = 3_000

/**
 * A feed of `BENCH_FEED_REPOS` repositories × 3 files on the bench server (same origin, so no CORS),
 * with its snapshot: the first sync of an empty workspace through the settings page, after the
 * floor (the same bytes fetched and parsed in that page), in `BENCH_FEED_ROUNDS` fresh profiles;
 * then, in the last one, a sync with nothing changed. Each sync is timed from the click to the
 * report on screen, with the requests the host answered.
 */
export async function feedSync(browser: Browser, origin: string): Promise<FeedResults> {
  const started = Date.now()
  const folder = join(vigilDir, 'bench-feed')
  const { files, bytes } = feedFolder(folder, feedRepositories)
  execFileSync('node', ['scripts/feed.mjs', folder], { cwd: root, stdio: 'ignore' })
  const buildSeconds = round((Date.now() - started) / 1000)
  const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as {
    snapshot: { parts: { url: string; size: number }[] }
  }
  const parts = manifest.snapshot.parts
  const manifestUrl = `${origin}/bench-feed/manifest.json`

  const open = async () => {
    const context = await desktopContext(browser)
    const page = await context.newPage()
    await signIn(page, origin)
    await page.goto(`${origin}/organizations/settings`)
    await page.getByRole('textbox', { name: 'Feed manifest URL' }).fill(manifestUrl)
    return { context, page }
  }
  const sync = async (page: Page, expected: string) => {
    await watchLongTasks(page)
    feedRequests.count = 0
    const start = Date.now()
    await page.getByRole('button', { name: 'Sync now' }).click()
    await page.getByTestId('feed-status').filter({ hasText: expected }).waitFor({ timeout: 1_800_000 })
    const ms = Date.now() - start
    // The screens read the workspace again after the report: their tasks count too.
    await page.waitForTimeout(SETTLE_MS)
    const { longestMs: longestTaskMs, frames } = await readLongTasks(page)
    for (const frame of frames) console.log(`feed sync: long ${frame}`)
    return { ms, requests: feedRequests.count, longestTaskMs: round(longestTaskMs) }
  }

  /** A fresh profile's floor, then its first sync; the profile is left open. */
  const firstSync = async () => {
    const opened = await open()
    const urls = parts.map((part) => `${origin}/bench-feed/${part.url}`)
    const floorMs = round(await fetchAndParse(opened.page, urls))
    const first = await workerPeak(opened.page, () => sync(opened.page, `0 fetched, ${files} from the snapshot`))
    console.log(`feed: first sync ${first.value.ms} ms, floor ${floorMs} ms`)
    return { opened, measured: { ...first.value, floorMs, peakMb: first.peakMb } }
  }
  // One first sync ran ×4.1 to ×5.5 of its floor on this machine, the same build: the median of rounds.
  const rounds: Awaited<ReturnType<typeof firstSync>>['measured'][] = []
  for (let index = 1; index < feedRounds; index++) {
    const { opened, measured } = await firstSync()
    rounds.push(measured)
    await opened.context.close()
  }
  // The last round's profile goes on to the syncs with nothing changed.
  const { opened, measured } = await firstSync()
  rounds.push(measured)
  const { context, page } = opened
  const peaks = rounds.flatMap((first) => (first.peakMb === undefined ? [] : [first.peakMb]))
  const again = await sync(page, `0 fetched, ${files} unchanged`)
  await page.waitForTimeout(15_000)
  const idle = await sync(page, `0 fetched, ${files} unchanged`)
  await context.close()

  let perFile: { ms: number; requests: number } | undefined
  if (feedPerFile) {
    execFileSync('node', ['scripts/feed.mjs', folder, '--no-snapshot'], { cwd: root, stdio: 'ignore' })
    const fresh = await open()
    perFile = await sync(fresh.page, `${files} fetched`)
    await fresh.context.close()
  }
  return {
    repositories: feedRepositories,
    files,
    megabytes: round(bytes / 1024 / 1024),
    manifestBuildSeconds: buildSeconds,
    snapshotParts: parts.length,
    snapshotMegabytes: round(parts.reduce((sum, part) => sum + part.size, 0) / 1024 / 1024),
    firstSyncMs: median(rounds.map((first) => first.ms)),
    firstSyncRoundsMs: rounds.map((first) => first.ms),
    firstSyncRequests: Math.max(...rounds.map((first) => first.requests)),
    firstSyncLongestTaskMs: Math.max(...rounds.map((first) => first.longestTaskMs)),
    fetchParseMs: median(rounds.map((first) => first.floorMs)),
    fetchParseRoundsMs: rounds.map((first) => first.floorMs),
    firstSyncRatio: round(median(rounds.map((first) => first.ms / first.floorMs))),
    workerPeakHeapMb: peaks.length > 0 ? Math.max(...peaks) : undefined,
    resyncMs: again.ms,
    resyncRequests: again.requests,
    resyncLongestTaskMs: again.longestTaskMs,
    resyncIdleMs: idle.ms,
    perFileSyncMs: perFile?.ms,
    perFileRequests: perFile?.requests,
  }
}
