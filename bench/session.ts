import type { Browser } from 'playwright'
import { launchChromium } from './browser'
import { buildBench } from './build'
import { referenceDir, vigilDir } from './paths'
import { serve } from './static-server'

/** What a scenario runs against: the browser and the origins that serve Vigil and the reference pages. */
export interface Bench {
  browser: Browser
  vigil: string
  reference: string
}

/** Serves the built Vigil and reference pages and runs `task` with a browser; then closes all. */
export async function withServedBench<T>(task: (bench: Bench) => Promise<T>): Promise<T> {
  const vigil = await serve(vigilDir)
  const reference = await serve(referenceDir)
  const browser = await launchChromium()
  try {
    return await task({ browser, vigil: vigil.origin, reference: reference.origin })
  } finally {
    await browser.close()
    vigil.server.close()
    reference.server.close()
  }
}

/** Builds Vigil and the reference pages, then runs `task` as `withServedBench` does. */
export function withBench<T>(task: (bench: Bench) => Promise<T>): Promise<T> {
  buildBench()
  return withServedBench(task)
}
