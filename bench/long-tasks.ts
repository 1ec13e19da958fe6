import type { Page } from 'playwright'

/**
 * The page's long main-thread tasks while a scenario runs: the longest task (the Long Tasks API,
 * wall time, as the reports give it) and, to say what it was, the long animation frames of 50 ms
 * or more with the scripts that ran in them (the Long Animation Frames API: which callback, from
 * which file, and its forced style and layout). On this two-core machine a task's wall time can be
 * twice its CPU time while a worker and the browser's storage run: the scripts tell the page's
 * own long work from a task that only waited.
 */
interface LongTaskRecord {
  longest: number
  frames: string[]
  observers: PerformanceObserver[]
}

type WatchedWindow = Window & typeof globalThis & { __longTasks?: LongTaskRecord }

/** Starts (or starts again) the page's record of its long tasks. */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const watched = window as WatchedWindow
    for (const observer of watched.__longTasks?.observers ?? []) observer.disconnect()
    const record: LongTaskRecord = { longest: 0, frames: [], observers: [] }
    watched.__longTasks = record
    const tasks = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) record.longest = Math.max(record.longest, entry.duration)
    })
    tasks.observe({ type: 'longtask', buffered: false })
    record.observers.push(tasks)
    if (!PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) return
    interface ScriptTiming {
      invoker: string
      sourceURL: string
      sourceFunctionName: string
      duration: number
      forcedStyleAndLayoutDuration: number
    }
    const ms = (value: number) => `${Math.round(value)} ms`
    const frames = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        blockingDuration: number
        renderStart: number
        scripts: ScriptTiming[]
      })[]) {
        // renderStart is 0 in a frame that drew nothing: then all of it came before a render.
        const end = entry.startTime + entry.duration
        const rendering = entry.renderStart > 0 ? end - entry.renderStart : 0
        const scripts = entry.scripts
          .filter((script) => script.duration >= 5)
          .map((script) => {
            const file = script.sourceURL.split('/').pop() || 'the page'
            const name = script.sourceFunctionName ? ` ${script.sourceFunctionName}` : ''
            const layout =
              script.forcedStyleAndLayoutDuration >= 1
                ? `, forced layout ${ms(script.forcedStyleAndLayoutDuration)}`
                : ''
            return `${script.invoker} (${file}${name}) ${ms(script.duration)}${layout}`
          })
        record.frames.push(
          `frame of ${ms(entry.duration)} (blocking ${ms(entry.blockingDuration)}; ${ms(entry.duration - rendering)} before its rendering, ${ms(rendering)} rendering): ${scripts.join('; ') || 'no script of 5 ms or more'}`,
        )
      }
    })
    frames.observe({ type: 'long-animation-frame', buffered: false })
    record.observers.push(frames)
  })
}

/** The longest task since `watchLongTasks`, and each long frame's description when a task reached 50 ms. */
export async function readLongTasks(page: Page): Promise<{ longestMs: number; frames: string[] }> {
  return page.evaluate(() => {
    const record = (window as WatchedWindow).__longTasks
    return { longestMs: record?.longest ?? 0, frames: record && record.longest >= 50 ? record.frames : [] }
  })
}
