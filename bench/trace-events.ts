// The main thread's CPU time in a Chromium trace, for the bench's tracing tools (trace.mjs, ab.mjs).
import type { CDPSession } from 'playwright'

export interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  /** The thread's CPU time, in microseconds. */
  tdur?: number
  tid: number
  pid: number
  args?: { name?: string; data?: { type?: string } }
  cat?: string
}

/** The renderer's main thread's complete events, each with its CPU time less its children's. */
export function mainThreadSlices(events: TraceEvent[]): (TraceEvent & { self: number })[] {
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
  const slices = events
    .filter((event) => main && event.tid === main.tid && event.pid === main.pid && event.ph === 'X' && event.dur)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
    .map((event) => ({ ...event, self: (event.tdur ?? 0) / 1000 }))
  const stack: (TraceEvent & { self: number })[] = []
  for (const slice of slices) {
    while (stack.length && stack.at(-1)!.ts + (stack.at(-1)!.dur ?? 0) <= slice.ts) stack.pop()
    if (stack.length) stack.at(-1)!.self -= (slice.tdur ?? 0) / 1000
    stack.push(slice)
  }
  return slices
}

/** Runs `task` traced (the timeline, V8's execution and the page's marks), and returns the trace's events. */
export async function traced(cdp: CDPSession, task: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])))
  await cdp.send('Tracing.start', {
    categories:
      'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,__metadata' +
      (process.env.TRACE_CATEGORIES ? `,${process.env.TRACE_CATEGORIES}` : ''),
    transferMode: 'ReportEvents',
  })
  await task()
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
  await cdp.send('Tracing.end')
  await done
  return events
}
