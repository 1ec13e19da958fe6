import { cpSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { expect, test } from '@playwright/test'
import { EPSS_ROWS, epssScores, kevCatalogue } from '../helpers/catalogue-fixtures'
import { appOrigin, FeedHost, feedStatus as status, syncNow } from './feed-host'
import { goInApp, signInAsDemo } from './helpers'

test.use({ baseURL: appOrigin })

// The reference catalogues' round trip: CI downloads CISA's KEV catalogue and FIRST's EPSS scores
// and builds the feed with `npm run feed --kev --epss`; every person's browser gets them on sync.
// The sync's other cases (a catalogue older than the one held, a broken one, 304s) are
// src/workspace/feed/sync/catalogue-files.test.tsx's.
test('the catalogues a feed carries reach each person’s browser on sync, and only a newer one is fetched again', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const host = new FeedHost()
  await host.start()
  const teammate = await browser.newContext({ baseURL: appOrigin })
  try {
    // CI's downloads, beside the scanned folder (made-up entries in CISA's and FIRST's formats).
    const downloads = join(host.root, 'downloads')
    mkdirSync(downloads)
    const kev = join(downloads, 'known_exploited_vulnerabilities.json')
    const epss = join(downloads, 'epss_scores-current.csv.gz')
    writeFileSync(kev, kevCatalogue('2026-12-04', ['CVE-2024-45337', 'CVE-2023-44487']))
    writeFileSync(epss, gzipSync(epssScores('2026-12-06', EPSS_ROWS)))
    mkdirSync(join(host.folder, 'payments'), { recursive: true })
    cpSync('public/examples/payments-api/trivy.json', join(host.folder, 'payments', 'trivy.json'))
    host.buildManifest('--kev', kev, '--epss', epss)

    // Ada's browser syncs at sign-in: the scan file, then both catalogues.
    await signInAsDemo(page, 'Ada Lovelace')
    await goInApp(page, '/organizations/settings')
    await expect(status(page)).toContainText('1 fetched', { timeout: 30_000 })
    await expect(status(page)).toContainText('KEV catalogue updated, EPSS scores updated')
    expect(host.paths()).toEqual([
      '200 /vigil/manifest.json',
      '200 /vigil/payments/trivy.json',
      '200 /vigil/vigil-catalogues/kev.json',
      '200 /vigil/vigil-catalogues/epss.csv.gz',
    ])

    // Grace, in another browser profile, gets the same.
    host.gets = []
    const other = await teammate.newPage()
    await signInAsDemo(other, 'Grace Hopper')
    await goInApp(other, '/organizations/settings')
    await expect(status(other)).toContainText('1 fetched', { timeout: 30_000 })
    await expect(status(other)).toContainText('KEV catalogue updated, EPSS scores updated')
    expect(host.paths()).toContain('200 /vigil/vigil-catalogues/epss.csv.gz')
    // The data-sources page lists what her workspace now holds, from the team's feed.
    const catalogues = other.getByRole('region', { name: 'Exploit intelligence' })
    const kevRow = catalogues.getByRole('row', { name: /Known Exploited Vulnerabilities/ })
    await expect(kevRow).toContainText('version 2026.12.04')
    await expect(kevRow).toContainText('The team’s feed')
    const epssRow = catalogues.getByRole('row', { name: /EPSS scores/ })
    await expect(epssRow).toContainText('scores of 2026-12-06')
    await expect(epssRow).toContainText('The team’s feed')

    // Nothing changed: the manifest answers 304, and nothing else is asked for.
    host.gets = []
    await syncNow(other)
    await expect(status(other)).toContainText('0 fetched, 1 unchanged; 0 new findings, 0 fixed; 1 request')
    expect(host.paths()).toEqual(['304 /vigil/manifest.json'])

    // CI's next run brings a newer KEV catalogue and the same scores: only the catalogue is fetched.
    writeFileSync(kev, kevCatalogue('2026-12-06', ['CVE-2024-45337', 'CVE-2023-44487', 'CVE-2021-44228']))
    host.buildManifest('--kev', kev, '--epss', epss)
    host.gets = []
    await syncNow(page)
    await expect(status(page)).toContainText('KEV catalogue updated, EPSS scores unchanged')
    await expect(status(page)).toContainText('0 fetched, 1 unchanged')
    await expect(
      page.getByRole('region', { name: 'Exploit intelligence' }).getByRole('row', { name: /Known Exploited/ }),
    ).toContainText('version 2026.12.06')
    expect(host.paths()).toEqual(['200 /vigil/manifest.json', '200 /vigil/vigil-catalogues/kev.json'])
  } finally {
    await teammate.close()
    host.stop()
  }
})
