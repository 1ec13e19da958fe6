import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { feedServerPort } from '../../playwright.config'
import { appOrigin, FeedHost, feedStatus as status, syncNow } from './feed-host'
import { goInApp, signInAsDemo } from './helpers'

test.use({ baseURL: appOrigin })

// The feed's round trip: `npm run feed` (with its snapshot, as CI runs it) on a loopback host, synced
// by the build that names it. The sync's other cases (a hand import kept, a renamed repository, a
// sync cut off, the feed of each person) are src/workspace/feed/sync/*.test.tsx's and
// src/screens/data-sources/data-sources-screen.test.tsx's.
test('a team feed on a static host: a first sync from the snapshot, only what changed, a snapshot of a newer format refused, a removed repository, a tampered file, a 401', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const host = new FeedHost(true)
  await host.start()
  try {
    host.publish({
      'payments/trivy.json': 'public/examples/payments-api/trivy.json',
      'payments/openapi.yaml': 'public/examples/payments-api/openapi.yaml',
      'storefront/npm-audit.json': 'public/examples/atlas-web/npm-audit.json',
      'storefront/semgrep.sarif': 'public/examples/atlas-web/semgrep.sarif',
    })
    const manifestPath = join(host.folder, 'manifest.json')
    const [part] = JSON.parse(readFileSync(manifestPath, 'utf8')).snapshot.parts

    // The demo's mock worker answers the demo's provider and API, and leaves every other request
    // (the feed's, the app's files) to the browser: it does not ask the page about each one.
    const answeredByServiceWorker = new Set<string>()
    const feedResponses: string[] = []
    page.on('response', (response) => {
      if (response.fromServiceWorker()) answeredByServiceWorker.add(new URL(response.url()).pathname)
      if (response.url().startsWith(`http://127.0.0.1:${feedServerPort}/`)) feedResponses.push(response.url())
    })
    // The build names the feed: it syncs after sign-in, with no token (none was asked for). An
    // empty workspace takes the manifest, then the snapshot's one part, and no scan file.
    await signInAsDemo(page)
    await goInApp(page, '/organizations/settings')
    await expect(status(page)).toContainText('2 repositories, 4 files; 0 fetched, 4 from the snapshot, 0 unchanged', {
      timeout: 30_000,
    })
    await expect(status(page)).toContainText('; 2 requests')
    expect(host.paths()).toEqual(['200 /vigil/manifest.json', `200 /vigil/${part.url}`])
    expect(host.gets.every((get) => get.authorization === undefined)).toBe(true)
    expect(feedResponses).toHaveLength(2)
    expect(answeredByServiceWorker).toContain('/demo-idp/oauth2/token')
    const mocked = (path: string) => path.startsWith('/demo-idp/') || path.startsWith('/api/')
    expect([...answeredByServiceWorker].filter((path) => !mocked(path))).toEqual([])
    await goInApp(page, '/repositories')
    await expect(page.getByText('Showing 2 of 2 repositories')).toBeVisible()
    await expect(page.getByRole('row', { name: /payments/ })).toBeVisible()

    // CI publishes one changed file (and a new snapshot): the workspace holds every repository,
    // so only that file is fetched.
    host.gets = []
    host.publish({ 'storefront/npm-audit.json': 'public/examples/health-records/osv-scanner.json' })
    await syncNow(page)
    await expect(status(page)).toContainText('2 repositories, 4 files; 1 fetched, 3 unchanged')
    expect(host.paths()).toEqual(['200 /vigil/manifest.json', '200 /vigil/storefront/npm-audit.json'])

    // Nothing changed: the manifest answers 304 and no file is asked for.
    host.gets = []
    await syncNow(page)
    await expect(status(page)).toContainText('0 fetched, 4 unchanged; 0 new findings, 0 fixed; 1 request')
    expect(host.paths()).toEqual(['304 /vigil/manifest.json'])

    // A new repository, and a snapshot a newer Vigil wrote: it is refused, and its file fetched.
    host.gets = []
    host.publish({ 'health/osv-scanner.json': 'public/examples/health-records/osv-scanner.json' })
    const newer = JSON.parse(readFileSync(manifestPath, 'utf8'))
    newer.snapshot.format = 5
    writeFileSync(manifestPath, JSON.stringify(newer))
    await syncNow(page)
    await expect(status(page)).toContainText('3 repositories, 5 files; 1 fetched, 4 unchanged')
    await expect(status(page)).toContainText(
      "The feed's snapshot is of format 5, and this Vigil reads format 4: it was not used, and the files were fetched one by one. The feed was built by a newer Vigil: reload this page to get the newer version.",
    )
    expect(host.paths()).toEqual(['200 /vigil/manifest.json', '200 /vigil/health/osv-scanner.json'])

    // A repository leaves the feed.
    rmSync(join(host.folder, 'storefront'), { recursive: true })
    host.buildManifest()
    await syncNow(page)
    await expect(status(page)).toContainText('removed storefront')
    await goInApp(page, '/repositories')
    await expect(page.getByText('Showing 2 of 2 repositories')).toBeVisible()
    await expect(page.getByRole('row', { name: /storefront/ })).toHaveCount(0)

    // A file changed behind the manifest's back: its hash does not match, and it is not imported.
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
    const replaced = readFileSync('public/examples/payments-api/grype.json')
    writeFileSync(join(host.folder, 'payments', 'trivy.json'), replaced)
    const payments = manifest.repositories.find((repository: { name: string }) => repository.name === 'payments')
    const trivy = payments.files.find((file: { url: string }) => file.url.endsWith('trivy.json'))
    Object.assign(trivy, { sha256: 'f'.repeat(64), size: replaced.byteLength })
    writeFileSync(manifestPath, JSON.stringify(manifest))
    await syncNow(page)
    await expect(page.getByText('1 file could not be synced')).toBeVisible()
    await expect(page.getByText(/payments\/trivy\.json: its SHA-256 hash does not match the manifest's/)).toBeVisible()

    // The feed moves behind a gateway that checks sign-in tokens. The demo provider binds its
    // tokens to this browser with DPoP: such a token is never sent to a feed as a bearer token.
    host.requireToken = true
    host.gets = []
    await syncNow(page)
    await expect(page.getByText(/\(HTTP 401\)\. Vigil sent no sign-in token/)).toBeVisible()
    const sendToken = page.getByRole('checkbox', { name: 'Send my sign-in token to the feed' })
    await expect(sendToken).toBeDisabled()
    await expect(page.getByText('Your sign-in provider binds your tokens to this browser (DPoP)')).toBeVisible()
    expect(host.gets.length).toBeGreaterThan(0)
    expect(host.gets.every((get) => get.authorization === undefined)).toBe(true)
  } finally {
    host.stop()
  }
})
