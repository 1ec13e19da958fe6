// `node bench/trace-import.mjs`: where an import's time goes (docs/benchmarks.md). Imports one of the
// bench's scan files (TRACE_FILE: sarif, multi or openapi) through the dialog, or syncs the bench's
// feed (TRACE_FILE=feed, BENCH_FEED_REPOS repositories) into an empty workspace, in a build of Vigil
// (by default the one `npm run bench` left in dist-bench/vigil; TRACE_DIR names another), in a fresh
// profile as the bench does, traced with the JS sampler on: prints each thread's busy time, its
// longest tasks, and its JS time by function (the page's and the import worker's apart). Not a
// benchmark: tracing slows the page. Console lines starting `[t]`, the page's and its workers',
// print as they come: markers a build under investigation logs.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright'
import { desktopContext, launchChromium } from './browser'
import { printMarkers } from './markers'
import { root, vigilDir } from './paths'
import { writeScanFiles } from './scenarios/import'
import { feedFolder } from './scan-files'
import { chooseAfterMs, feedRepositories } from './settings'
import { signIn } from './sign-in'
import { serve } from './static-server'
import { functionTimes, top } from './trace-keystrokes'

const env = process.env
const dir = env.TRACE_DIR ? join(root, env.TRACE_DIR) : vigilDir
const which = env.TRACE_FILE ?? 'openapi'

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  id?: string
  args?: {
    name?: string
    data?: {
      cpuProfile?: { nodes?: ChunkNode[]; samples?: number[] }
      timeDeltas?: number[]
    }
  }
}

interface ChunkNode {
  id: number
  parent?: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
}

/** Each thread's sampled profile, put together from the trace's chunks. */
function profilesOf(events: TraceEvent[]) {
  const threadOf = new Map<string, number>()
  for (const event of events) if (event.name === 'Profile' && event.id) threadOf.set(event.id, event.tid)
  const profiles = new Map<
    number,
    { nodes: (ChunkNode & { children: number[] })[]; samples: number[]; timeDeltas: number[] }
  >()
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || !event.id) continue
    const tid = threadOf.get(event.id) ?? event.tid
    const profile = profiles.get(tid) ?? { nodes: [], samples: [], timeDeltas: [] }
    profiles.set(tid, profile)
    const data = event.args?.data
    for (const node of data?.cpuProfile?.nodes ?? [])
      profile.nodes.push({ ...node, callFrame: { ...node.callFrame, url: node.callFrame.url ?? '' }, children: [] })
    profile.samples.push(...(data?.cpuProfile?.samples ?? []))
    profile.timeDeltas.push(...(data?.timeDeltas ?? []))
  }
  for (const profile of profiles.values()) {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]))
    for (const node of profile.nodes) if (node.parent !== undefined) byId.get(node.parent)?.children.push(node.id)
  }
  return profiles
}

/**
 * TRACE_BROWSER=1: every process's busiest threads (the browser's storage work runs outside the
 * page), and the IndexedDB trace events that took longest in all.
 */
function printOtherThreads(events: TraceEvent[], tasks: TraceEvent[]) {
  const threadNames = new Map<string, string>()
  const processNames = new Map<number, string>()
  for (const event of events) {
    if (event.name === 'thread_name') threadNames.set(`${event.pid}:${event.tid}`, event.args?.name ?? '')
    if (event.name === 'process_name') processNames.set(event.pid, event.args?.name ?? '')
  }
  const busy = new Map<string, number>()
  for (const task of tasks) busy.set(`${task.pid}:${task.tid}`, (busy.get(`${task.pid}:${task.tid}`) ?? 0) + task.dur!)
  console.log('\nbusiest threads, every process:')
  for (const [thread, micros] of [...busy].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(
      `${(micros / 1000).toFixed(0).padStart(8)} ms  ${processNames.get(Number(thread.split(':')[0]))} ${threadNames.get(thread)}`,
    )
  const storage = new Map<string, number>()
  for (const event of events)
    if (event.ph === 'X' && event.dur && /IndexedDB|IDB|LevelDB|Sqlite/i.test(event.name))
      storage.set(event.name, (storage.get(event.name) ?? 0) + event.dur)
  console.log('IndexedDB events by total time:')
  for (const [name, micros] of [...storage].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`${(micros / 1000).toFixed(0).padStart(8)} ms  ${name}`)
}

/** What is traced: from the first step to the last, on a page signed in on the settings page. */
interface TracedWork {
  name: string
  prepare: (page: Page) => Promise<void>
  run: (page: Page) => Promise<void>
}

function importWork(which: string): TracedWork {
  const files = writeScanFiles()
  const file = { sarif: files[0], multi: files[1], openapi: files[2] }[which]
  if (!file) throw new Error(`TRACE_FILE is sarif, multi, openapi or feed, not ${which}`)
  return {
    name: `${file.name}: chosen to the report on screen`,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Import scan files' }).click()
      await page.waitForTimeout(chooseAfterMs)
    },
    run: async (page) => {
      if (file.folder) await page.getByTestId('import-folder').setInputFiles(file.folder)
      else await page.getByTestId('import-files').setInputFiles(file.path)
      await page
        .getByRole('status')
        .filter({ hasText: /1 of 1\s*file imported/ })
        .waitFor({ timeout: 300_000 })
    },
  }
}

/**
 * TRACE_RESYNC=1: the first sync untraced, then the one right after it (nothing changed) traced.
 * TRACE_PER_FILE=1: a feed built without a snapshot, its files fetched one by one.
 */
function feedWork(origin: string): TracedWork {
  const folder = join(dir, 'bench-feed')
  const { files } = feedFolder(folder, feedRepositories)
  const perFile = !!env.TRACE_PER_FILE
  execFileSync('node', ['scripts/feed.mjs', folder, ...(perFile ? ['--no-snapshot'] : [])], {
    cwd: root,
    stdio: 'ignore',
  })
  const sync = async (page: Page, expected: string) => {
    await page.getByRole('button', { name: 'Sync now' }).click()
    await page.getByTestId('feed-status').filter({ hasText: expected }).waitFor({ timeout: 1_800_000 })
  }
  const first = perFile ? `${files} fetched` : `0 fetched, ${files} from the snapshot`
  const resync = !!env.TRACE_RESYNC
  return {
    name: `a feed of ${feedRepositories} repositories: Sync now to the report${resync ? ', right after the first sync' : ''}`,
    prepare: async (page) => {
      await page.getByRole('textbox', { name: 'Feed manifest URL' }).fill(`${origin}/bench-feed/manifest.json`)
      if (resync) await sync(page, first)
    },
    run: (page) => sync(page, resync ? `0 fetched, ${files} unchanged` : first),
  }
}

async function main() {
  const served = await serve(dir)
  const work = which === 'feed' ? feedWork(served.origin) : importWork(which)
  const browser = await launchChromium()
  try {
    const context = await desktopContext(browser)
    // A build against react-dom/profiling logs each component's render to the trace only when it
    // sees the DevTools hook: a stand-in for it.
    if (env.TRACE_REACT)
      await context.addInitScript(() => {
        Object.assign(window, {
          __REACT_DEVTOOLS_GLOBAL_HOOK__: {
            supportsFiber: true,
            inject: () => 1,
            checkDCE: () => {},
            onScheduleFiberRoot: () => {},
            onCommitFiberRoot: () => {},
            onPostCommitFiberRoot: () => {},
            onCommitFiberUnmount: () => {},
          },
        })
      })
    const page = await context.newPage()
    printMarkers(page)
    await signIn(page, served.origin)
    await page.goto(`${served.origin}/organizations/settings`)
    await work.prepare(page)
    const cdp = await context.newCDPSession(page)
    const events: TraceEvent[] = []
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])))
    await cdp.send('Tracing.start', {
      categories:
        'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,disabled-by-default-v8.cpu_profiler,__metadata' +
        (env.TRACE_BROWSER ? ',toplevel,IndexedDB' : ''),
      transferMode: 'ReportEvents',
    })
    const started = Date.now()
    await work.run(page)
    console.log(`${work.name}: ${Date.now() - started} ms (traced)`)
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
    await cdp.send('Tracing.end')
    await done
    writeFileSync(join(root, `bench/trace-import-${which}.json`), JSON.stringify({ traceEvents: events }))

    const names = new Map<number, string>()
    for (const event of events) if (event.name === 'thread_name') names.set(event.tid, event.args?.name ?? '')
    const tasks = events.filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.dur)
    const profiles = profilesOf(events)
    if (env.TRACE_BROWSER) printOtherThreads(events, tasks)
    for (const [tid, name] of names) {
      if (!/CrRendererMain|DedicatedWorker/.test(name)) continue
      const own = tasks.filter((task) => task.tid === tid)
      const busy = own.reduce((sum, task) => sum + task.dur!, 0) / 1000
      if (busy < 1) continue
      const longest = own
        .map((task) => task.dur! / 1000)
        .sort((a, b) => b - a)
        .slice(0, 5)
      console.log(
        `\n${name} (${tid}): busy ${busy.toFixed(1)} ms in ${own.length} tasks; longest ${longest.map((ms) => ms.toFixed(1)).join(', ')} ms`,
      )
      const origin = tasks.reduce((first, task) => Math.min(first, task.ts), Infinity)
      const timeline = own
        .filter((task) => task.dur! >= 10_000)
        .map((task) => `${((task.ts - origin) / 1000).toFixed(0).padStart(6)} ms +${(task.dur! / 1000).toFixed(1)}`)
      console.log(`tasks of 10 ms or more (start from the first task traced, length):\n${timeline.join('\n')}`)
      const profile = profiles.get(tid)
      if (!profile || profile.nodes.length === 0) continue
      const functions = functionTimes(profile)
      console.log(`JS self time by function (sampled):\n${top(functions.self, 25)}`)
      console.log(`JS total time by function (sampled):\n${top(functions.total, 30)}`)
    }
  } finally {
    await browser.close()
    served.server.close()
  }
}

export const traceImport = main
