// `node bench/trace.mjs`: where a search keystroke's time goes (docs/benchmarks.md). Serves a build of
// Vigil (by default the one `npm run bench` left in dist-bench/vigil; TRACE_DIR names another, such
// as an unminified build whose function names read), types the bench's query into a list's search
// field with the CPU throttled, and prints the main thread's CPU time per trace event, per keystroke
// by kind of work, and per JS function (sampled). Times are the thread's CPU time, not the clock's,
// so that other work on a shared machine moves them less. Not a benchmark: tracing slows the page.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright'
import { desktopContext, launchChromium } from './browser'
import { referenceDir, root, vigilDir } from './paths'
import { seedLargeWorkspace } from './scenarios/workspace'
import { workspaceRepositories } from './settings'
import { signIn } from './sign-in'
import { serve } from './static-server'
import { mainThreadSlices, traced, type TraceEvent } from './trace-events'

const env = process.env
const dir = env.TRACE_DIR ? join(root, env.TRACE_DIR) : vigilDir
/** TRACE_WORKSPACE=1: the large workspace the bench seeds (10,000 repositories), not a generated organisation. */
const workspace = !!env.TRACE_WORKSPACE
const sizes = workspace ? [workspaceRepositories] : (env.TRACE_SIZES ?? '3876,100000').split(',').map(Number)
const cpu = Number(env.TRACE_CPU ?? 4)
/** Which list: `/repositories` (default) or `/vulnerabilities`, `/apis`; `reference` traces the plain-DOM filter page. */
const path = env.TRACE_PATH ?? '/repositories'
const reference = path === 'reference'
const typed = env.TRACE_TYPED ?? 'service platform team'

interface ProfileNode {
  id: number
  children?: number[]
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
}

const nameOf = (slice: TraceEvent) =>
  slice.name === 'EventDispatch' ? `EventDispatch ${slice.args?.data?.type}` : slice.name

/** CPU time per event name on the main thread, each event's children apart. */
function selfTimes(events: TraceEvent[]): Map<string, number> {
  const self = new Map<string, number>()
  for (const slice of mainThreadSlices(events)) self.set(nameOf(slice), (self.get(nameOf(slice)) ?? 0) + slice.self)
  return self
}

const rendering = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit']
const kindOf = (name: string) =>
  rendering.includes(name)
    ? name
    : /^(FunctionCall|EventDispatch|RunMicrotasks|TimerFire|V8\.)/.test(name)
      ? 'JS and events'
      : 'other'

/** Each keystroke's CPU time, from its keydown to the next, by kind of work: one line per keystroke. */
function perKeystroke(events: TraceEvent[]): string {
  const slices = mainThreadSlices(events)
  const downs = slices.filter((slice) => nameOf(slice) === 'EventDispatch keydown').map((slice) => slice.ts)
  const kinds = ['JS and events', ...rendering, 'other']
  const lines = downs.map((down, key) => {
    const next = downs[key + 1] ?? Infinity
    const by = new Map<string, number>()
    for (const slice of slices)
      if (slice.ts >= down && slice.ts < next)
        by.set(kindOf(slice.name), (by.get(kindOf(slice.name)) ?? 0) + slice.self)
    const total = [...by.values()].reduce((sum, ms) => sum + ms, 0)
    return `  ${String(key).padStart(3)} ${total.toFixed(1).padStart(7)} ${kinds.map((kind) => (by.get(kind) ?? 0).toFixed(1).padStart(7)).join(' ')}`
  })
  return [`  key   total ${kinds.map((kind) => kind.slice(0, 7).padStart(7)).join(' ')}`, ...lines].join('\n')
}

/** Self and total time per function of a CPU profile. */
export function functionTimes(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }) {
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parents = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id)
  const nameOf = (id: number) => {
    const frame = byId.get(id)!.callFrame
    return `${frame.functionName || '(anonymous)'} ${frame.url.split('/').at(-1)}:${frame.lineNumber + 1}`
  }
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  samples.forEach((id, place) => {
    const ms = (deltas[place + 1] ?? 0) / 1000
    self.set(nameOf(id), (self.get(nameOf(id)) ?? 0) + ms)
    const seen = new Set<string>()
    for (let node: number | undefined = id; node !== undefined; node = parents.get(node)) seen.add(nameOf(node))
    for (const name of seen) total.set(name, (total.get(name) ?? 0) + ms)
  })
  return { self, total, tree: () => treeOf(profile.nodes, samples, deltas, nameOf) }
}

/** The profile top-down, branches of at least 1.5% of the busy time. */
function treeOf(nodes: ProfileNode[], samples: number[], deltas: number[], nameOf: (id: number) => string) {
  const selfOf = new Map<number, number>()
  samples.forEach((id, place) => selfOf.set(id, (selfOf.get(id) ?? 0) + (deltas[place + 1] ?? 0) / 1000))
  const byId = new Map(nodes.map((node) => [node.id, node]))
  const totalOf = (id: number): number =>
    (selfOf.get(id) ?? 0) + (byId.get(id)!.children ?? []).reduce((sum, child) => sum + totalOf(child), 0)
  const root = nodes[0].id
  const busy =
    totalOf(root) - [...selfOf].filter(([id]) => nameOf(id).startsWith('(idle)')).reduce((s, [, ms]) => s + ms, 0)
  const lines: string[] = []
  const walk = (id: number, depth: number) => {
    const ms = totalOf(id)
    if (ms < busy * 0.015 || nameOf(id).startsWith('(idle)')) return
    lines.push(`${ms.toFixed(1).padStart(8)} ms ${'  '.repeat(depth)}${nameOf(id)}`)
    for (const child of byId.get(id)!.children ?? []) walk(child, depth + 1)
  }
  walk(root, 0)
  return lines.join('\n')
}

export const top = (times: Map<string, number>, count: number) =>
  [...times]
    .filter(([, ms]) => ms > 0.05)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `  ${ms.toFixed(1).padStart(8)} ms  ${name}`)
    .join('\n')

async function typeQuery(page: Page) {
  for (const key of [...typed, ...Array<string>(8).fill('Backspace')]) {
    await page.keyboard.press(key)
    await page.waitForTimeout(150)
  }
  await page.waitForTimeout(500)
}

async function main() {
  const served = await serve(reference ? referenceDir : dir)
  const browser = await launchChromium()
  try {
    const context = await desktopContext(browser)
    const page = await context.newPage()
    if (workspace) await seedLargeWorkspace(page, served.origin)
    else if (!reference) await signIn(page, served.origin)
    for (const size of sizes) {
      const list = workspace ? path : `${path}?demo-org=${size}`
      // TRACE_BEFORE: a screen opened first, the list then reached in the app, so that what that
      // screen left running (the policy's checks read every digest) meets the keystrokes.
      const first = env.TRACE_BEFORE ? (workspace ? env.TRACE_BEFORE : `${env.TRACE_BEFORE}?demo-org=${size}`) : list
      await page.goto(reference ? `${served.origin}/filter.html?n=${size}&rows=15` : `${served.origin}${first}`)
      if (env.TRACE_BEFORE && !reference) {
        await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 })
        await page.evaluate((target) => history.pushState(null, '', target), list)
      }
      const field = page.locator('input[type="search"]')
      await field.waitFor({ timeout: 60_000 })
      await page.waitForFunction(() => document.querySelectorAll('tbody tr').length > 0, undefined, {
        timeout: 60_000,
      })
      // An experiment's style sheet, to compare a change's rendering cost without rebuilding.
      if (env.TRACE_CSS)
        await page.evaluate((css) => {
          const sheet = new CSSStyleSheet()
          sheet.replaceSync(css)
          document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
        }, env.TRACE_CSS)
      await page.waitForTimeout(2000)
      await field.focus()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
      // A first pass untraced, so that the traced one finds the code compiled and the answers as the bench does.
      if (!env.TRACE_COLD) {
        await typeQuery(page)
        await field.fill('')
        await page.waitForTimeout(500)
      }
      // TRACE_COLD=profile: the first keystrokes after the page opened are profiled, not traced.
      const coldProfile = env.TRACE_COLD === 'profile'
      const events = coldProfile ? [] : await traced(cdp, () => typeQuery(page))
      if (!coldProfile) {
        await field.fill('')
        await page.waitForTimeout(500)
      }
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
      await cdp.send('Profiler.start')
      await typeQuery(page)
      const { profile } = await cdp.send('Profiler.stop')
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
      await field.fill('')
      writeFileSync(
        join(root, `bench/trace-${reference ? path : path.slice(1)}-${size}.json`),
        JSON.stringify({ traceEvents: events }),
      )
      const keys = typed.length + 8
      console.log(`\n${path} at ${size} repositories, CPU ×${cpu}, ${keys} keystrokes`)
      if (events.length) {
        console.log(`main thread CPU time by trace event (total over the keystrokes):\n${top(selfTimes(events), 25)}`)
        console.log(`main thread CPU time per keystroke (ms, keydown to the next keydown):\n${perKeystroke(events)}`)
      }
      writeFileSync(
        join(root, `bench/trace-${reference ? path : path.slice(1)}-${size}.cpuprofile`),
        JSON.stringify(profile),
      )
      const functions = functionTimes(profile)
      console.log(`JS self time by function (sampled):\n${top(functions.self, 30)}`)
      console.log(`JS total time by function (sampled):\n${top(functions.total, 45)}`)
      if (env.TRACE_TREE) console.log(`JS top-down (sampled):\n${functions.tree()}`)
    }
  } finally {
    await browser.close()
    served.server.close()
  }
}

export const traceKeystrokes = main
