import type { Browser } from 'playwright'
import { desktopContext } from '../browser'
import { signIn } from '../sign-in'
import { round } from '../statistics'

export interface MemoryResults {
  jsHeapUsedMb: number
  domNodesAt100k: number
}

/** The JS heap (after a garbage collection) and the DOM with 100,000 generated repositories loaded. */
export async function memoryAt100k(browser: Browser, origin: string): Promise<MemoryResults> {
  const context = await desktopContext(browser)
  const page = await context.newPage()
  await signIn(page, origin)
  await page.goto(`${origin}/repositories?demo-org=100000`)
  await page.getByText('Showing 100,000 of 100,000 repositories').waitFor({ timeout: 60_000 })
  const cdp = await context.newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  const heap = await cdp.send('Runtime.getHeapUsage')
  const memory = {
    jsHeapUsedMb: round(heap.usedSize / 1024 / 1024),
    domNodesAt100k: await page.evaluate(() => document.querySelectorAll('*').length),
  }
  await context.close()
  return memory
}
