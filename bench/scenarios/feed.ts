import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import type { Browser } from 'playwright'
import { desktopContext } from '../browser'
import { root, vigilDir } from '../paths'
import { feedFolder } from '../scan-files'
import { feedRepositories } from '../settings'
import { signIn } from '../sign-in'
import { feedRequests } from '../static-server'
import { round } from '../statistics'

export interface FeedResults {
  repositories: number
  files: number
  megabytes: number
  manifestBuildSeconds: number
  firstSyncMs: number
  filesPerSecond: number
  mbPerSecond: number
  firstSyncRequests: number
  resyncMs: number
  resyncRequests: number
}

/**
 * A feed of `BENCH_FEED_REPOS` repositories × 3 files on the bench server (same origin, so no CORS):
 * the first sync through the settings page, then a sync with nothing changed, timed from the
 * click to the report on screen, with the requests the host answered.
 */
export async function feedSync(browser: Browser, origin: string): Promise<FeedResults> {
  const started = Date.now()
  const { files, bytes } = feedFolder(join(vigilDir, 'bench-feed'), feedRepositories)
  execFileSync('node', ['scripts/feed.mjs', join(vigilDir, 'bench-feed')], { cwd: root, stdio: 'ignore' })
  const buildSeconds = round((Date.now() - started) / 1000)
  const context = await desktopContext(browser)
  const page = await context.newPage()
  await signIn(page, origin)
  await page.goto(`${origin}/organizations/settings`)
  await page.getByRole('textbox', { name: 'Feed manifest URL' }).fill(`${origin}/bench-feed/manifest.json`)
  const sync = async (expected: string) => {
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
    repositories: feedRepositories,
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
