import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { appOrigin, FeedHost, feedStatus } from './feed-host'
import { goInApp, signInAsDemo } from './helpers'

const DAY = 86_400_000

/** A Trivy scan of the payments image at `createdAt`, with one Critical vulnerability (7 days to fix). */
const trivyAt = (createdAt: Date) =>
  JSON.stringify({
    SchemaVersion: 2,
    CreatedAt: createdAt.toISOString(),
    ArtifactName: 'registry.example/payments:1',
    ArtifactType: 'container_image',
    Results: [
      {
        Target: 'package-lock.json',
        Class: 'lang-pkgs',
        Type: 'npm',
        Vulnerabilities: [
          {
            VulnerabilityID: 'CVE-2024-0001',
            PkgName: 'lodash',
            InstalledVersion: '4.17.20',
            FixedVersion: '4.17.21',
            Severity: 'CRITICAL',
            Title: 'Prototype pollution in lodash',
          },
        ],
      },
    ],
  })

test.use({ baseURL: appOrigin })

test('two feed runs a week apart with --history: a fresh browser shows the first run’s first-seen date and the overdue count', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const host = new FeedHost()
  mkdirSync(join(host.folder, 'payments'), { recursive: true })
  const history = join(host.folder, 'history.json')
  // CI's two runs, a week apart: the second publishes the same finding, and the history of both.
  const firstRun = new Date(Date.now() - 10 * DAY)
  for (const scannedAt of [firstRun, new Date(firstRun.getTime() + 7 * DAY)]) {
    writeFileSync(join(host.folder, 'payments', 'trivy.json'), trivyAt(scannedAt))
    host.buildManifest('--history', history)
  }
  await host.start()
  try {
    await signInAsDemo(page)
    await goInApp(page, '/organizations/settings')
    await expect(feedStatus(page)).toContainText('1 fetched', { timeout: 30_000 })

    // Seen first 10 days ago, due 3 days ago: overdue. The second run alone would make it due in 4 days.
    await goInApp(page, '/vulnerabilities?view=flat&due=overdue')
    await expect(page.getByRole('main').getByRole('status')).toHaveText(/Showing 1 of 1 finding/)
    const row = page.getByRole('row', { name: 'payments: CVE-2024-0001' })
    await expect(row).toContainText(`First seen ${firstRun.toISOString().slice(0, 10)}, 10 days old`)
    await expect(row).toContainText('Overdue since')

    await goInApp(page, '/repository/payments?tab=vulnerabilities')
    await expect(page.getByRole('article', { name: /Prototype pollution/ })).toContainText(
      `First seen ${firstRun.toISOString().slice(0, 10)}, 10 days old. Overdue since`,
    )
  } finally {
    host.stop()
  }
})
