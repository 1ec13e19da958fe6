import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { feedServerPort } from '../../playwright.config'
import { appOrigin, FeedHost, feedStatus as status, syncNow } from './feed-host'
import { goInApp, removeTemporaryFolders, signInAsDemo, signOutOfDemo, temporaryFolder } from './helpers'

test.use({ baseURL: appOrigin })
test.afterEach(removeTemporaryFolders)

test('a team feed on a static host: first sync, only what changed, a removed repository, a tampered file, a 401', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const host = new FeedHost()
  await host.start()
  try {
    host.publish({
      'payments/trivy.json': 'public/examples/payments-api/trivy.json',
      'payments/openapi.yaml': 'public/examples/payments-api/openapi.yaml',
      'storefront/npm-audit.json': 'public/examples/atlas-web/npm-audit.json',
      'storefront/semgrep.sarif': 'public/examples/atlas-web/semgrep.sarif',
    })

    // The demo's mock worker answers the demo's provider and API, and leaves every other request
    // (the feed's, the app's files) to the browser: it does not ask the page about each one.
    const answeredByServiceWorker = new Set<string>()
    const feedResponses: string[] = []
    page.on('response', (response) => {
      if (response.fromServiceWorker()) answeredByServiceWorker.add(new URL(response.url()).pathname)
      if (response.url().startsWith(`http://127.0.0.1:${feedServerPort}/`)) feedResponses.push(response.url())
    })
    // The build names the feed: it syncs after sign-in, with no token (none was asked for).
    await signInAsDemo(page)
    await goInApp(page, '/organizations/settings')
    await expect(status(page)).toContainText('2 repositories, 4 files; 4 fetched, 0 unchanged', { timeout: 30_000 })
    // The manifest comes first; the files are fetched side by side, so they arrive in any order.
    expect(host.paths()[0]).toBe('200 /vigil/manifest.json')
    expect(host.paths().slice(1).sort()).toEqual([
      '200 /vigil/payments/openapi.yaml',
      '200 /vigil/payments/trivy.json',
      '200 /vigil/storefront/npm-audit.json',
      '200 /vigil/storefront/semgrep.sarif',
    ])
    expect(host.gets.every((get) => get.authorization === undefined)).toBe(true)
    expect(feedResponses).toHaveLength(5)
    expect(answeredByServiceWorker).toContain('/demo-idp/oauth2/token')
    const mocked = (path: string) => path.startsWith('/demo-idp/') || path.startsWith('/api/')
    expect([...answeredByServiceWorker].filter((path) => !mocked(path))).toEqual([])
    await goInApp(page, '/repositories')
    await expect(page.getByText('Showing 2 of 2 repositories')).toBeVisible()

    // CI publishes one changed file: only it is fetched.
    host.gets = []
    host.publish({ 'storefront/npm-audit.json': 'public/examples/health-records/osv-scanner.json' })
    await syncNow(page)
    await expect(status(page)).toContainText('1 fetched, 3 unchanged')
    expect(host.paths()).toEqual(['200 /vigil/manifest.json', '200 /vigil/storefront/npm-audit.json'])

    // Nothing changed: the manifest answers 304 and no file is asked for.
    host.gets = []
    await syncNow(page)
    await expect(status(page)).toContainText('0 fetched, 4 unchanged; 0 new findings, 0 fixed; 1 request')
    expect(host.paths()).toEqual(['304 /vigil/manifest.json'])

    // A repository leaves the feed.
    rmSync(join(host.folder, 'storefront'), { recursive: true })
    host.buildManifest()
    await syncNow(page)
    await expect(status(page)).toContainText('removed storefront')
    await goInApp(page, '/repositories')
    await expect(page.getByText('Showing 1 of 1 repositories')).toBeVisible()

    // A file changed behind the manifest's back: its hash does not match, and it is not imported.
    const manifestPath = join(host.folder, 'manifest.json')
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
    const replaced = readFileSync('public/examples/payments-api/grype.json')
    writeFileSync(join(host.folder, 'payments', 'trivy.json'), replaced)
    Object.assign(manifest.repositories[0].files[1], { sha256: 'f'.repeat(64), size: replaced.byteLength })
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

test('a feed with a snapshot: a first sync in two requests, then only a changed file, a snapshot of a newer format refused, and a sync cut off resumed', async ({
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

    // An empty workspace: the manifest, then the snapshot's one part, and no scan file.
    await signInAsDemo(page)
    await goInApp(page, '/organizations/settings')
    await expect(status(page)).toContainText('2 repositories, 4 files; 0 fetched, 4 from the snapshot, 0 unchanged', {
      timeout: 30_000,
    })
    await expect(status(page)).toContainText('; 2 requests')
    expect(host.paths()).toEqual(['200 /vigil/manifest.json', `200 /vigil/${part.url}`])
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

    // A new repository, and a snapshot a newer Vigil wrote: it is refused, and its file fetched.
    host.gets = []
    host.publish({ 'health/osv-scanner.json': 'public/examples/health-records/osv-scanner.json' })
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
    manifest.snapshot.format = 4
    writeFileSync(manifestPath, JSON.stringify(manifest))
    await syncNow(page)
    await expect(status(page)).toContainText('3 repositories, 5 files; 1 fetched, 4 unchanged')
    await expect(status(page)).toContainText(
      "The feed's snapshot is of format 4, and this Vigil reads format 3: it was not used, and the files were fetched one by one. The feed was built by a newer Vigil: reload this page to get the newer version.",
    )
    expect(host.paths()).toEqual(['200 /vigil/manifest.json', '200 /vigil/health/osv-scanner.json'])

    // The host drops a connection mid-sync: what landed stays, and the next sync fetches the rest only.
    host.snapshot = false
    host.gets = []
    host.cutOff.add('/vigil/ledger/grype.json')
    host.publish({
      'ledger/trivy.json': 'public/examples/payments-api/trivy.json',
      'ledger/grype.json': 'public/examples/payments-api/grype.json',
      'search/semgrep.sarif': 'public/examples/atlas-web/semgrep.sarif',
    })
    await syncNow(page)
    const failed = page.getByRole('alert', { name: 'The feed could not be synced' })
    await expect(failed).toContainText(
      `Vigil could not reach the scan file http://127.0.0.1:${feedServerPort}/vigil/ledger/grype.json`,
    )
    await expect(failed).toContainText('The sync stopped after 7 of 8 files: what was synced is kept')
    expect(host.paths()[0]).toBe('200 /vigil/manifest.json')
    expect([...new Set(host.paths().slice(1))].sort()).toEqual([
      '0 /vigil/ledger/grype.json',
      '200 /vigil/ledger/trivy.json',
      '200 /vigil/search/semgrep.sarif',
    ])
    host.cutOff.clear()
    host.gets = []
    await syncNow(page)
    await expect(status(page)).toContainText('5 repositories, 8 files; 1 fetched, 7 unchanged')
    expect(host.paths()).toEqual(['200 /vigil/manifest.json', '200 /vigil/ledger/grype.json'])
    await goInApp(page, '/repositories')
    await expect(page.getByText('Showing 5 of 5 repositories')).toBeVisible()
  } finally {
    host.stop()
  }
})

/** A folder as CI leaves it, `<repository>/<file>`, to import by hand through the dialog. */
function handFolder(files: Record<string, string>): string {
  const root = join(temporaryFolder('vigil-hand-'), 'scans')
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    cpSync(source, join(root, path))
  }
  return root
}

test('a feed never removes a hand import, follows a renamed repository, and belongs to the person who set it', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  const host = new FeedHost()
  await host.start()
  try {
    host.publish({
      'payments/trivy.json': 'public/examples/payments-api/trivy.json',
      'storefront/npm-audit.json': 'public/examples/atlas-web/npm-audit.json',
    })
    await signInAsDemo(page, 'Alan Turing')
    await goInApp(page, '/organizations/settings')
    await expect(status(page)).toContainText('2 repositories, 2 files; 2 fetched', { timeout: 30_000 })

    // A scan imported by hand into a repository the feed also brings.
    await page.getByRole('button', { name: 'Import scan files' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import scan files' })
    await dialog
      .getByTestId('import-folder')
      .setInputFiles(handFolder({ 'storefront/grype.json': 'public/examples/payments-api/grype.json' }))
    await expect(dialog.getByRole('status')).toHaveText(/1 of 1\s*file imported/)
    await dialog.getByRole('button', { name: 'Done' }).click()

    // CI renames payments to billing and stops scanning storefront.
    const manifestPath = join(host.folder, 'manifest.json')
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
    manifest.repositories = manifest.repositories
      .filter((repository: { name: string }) => repository.name !== 'storefront')
      .map((repository: { name: string }) => ({ ...repository, name: 'billing' }))
    writeFileSync(manifestPath, JSON.stringify(manifest))
    await syncNow(page)
    await expect(status(page)).toContainText('1 repository, 1 file; 1 fetched')
    await goInApp(page, '/repositories')
    await expect(page.getByText('Showing 2 of 2 repositories')).toBeVisible()
    await expect(page.getByRole('row', { name: 'billing' })).toBeVisible()
    await expect(page.getByRole('row', { name: 'storefront' })).toBeVisible()
    await expect(page.getByRole('row', { name: 'payments' })).toHaveCount(0)

    // Alan names a feed of his own and asks for his workspace to go at sign-out.
    await goInApp(page, '/organizations/settings')
    const feed = page.getByRole('region', { name: 'Team feed' })
    await feed
      .getByRole('textbox', { name: 'Feed manifest URL' })
      .fill(`http://127.0.0.1:${feedServerPort}/alan/manifest.json`)
    await syncNow(page)
    await expect(feed.getByRole('alert')).toContainText('There is no feed manifest')
    await page.getByRole('checkbox', { name: 'Delete my workspace when I sign out' }).check()

    // He signs out in another tab: this tab's session ends too, and his workspace is deleted.
    const second = await context.newPage()
    await second.goto('/')
    await expect(second.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await signOutOfDemo(second)
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
    const workspaces = () =>
      page.evaluate(
        async () =>
          (await indexedDB.databases()).filter((database) => database.name?.startsWith('vigil-workspace-')).length,
      )
    await expect.poll(workspaces).toBe(0)
    await second.close()

    // Grace signs in on the same browser: the build's feed is hers, not Alan's.
    host.gets = []
    await signInAsDemo(page, 'Grace Hopper')
    await goInApp(page, '/organizations/settings')
    await expect(status(page)).toContainText('1 repository, 1 file; 1 fetched', { timeout: 30_000 })
    await expect(page.getByRole('textbox', { name: 'Feed manifest URL' })).toHaveValue(
      `http://127.0.0.1:${feedServerPort}/vigil/manifest.json`,
    )
    expect(host.paths().some((path) => path.includes('/alan/'))).toBe(false)
  } finally {
    host.stop()
  }
})
