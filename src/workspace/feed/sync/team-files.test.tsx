import { describe, expect, it } from 'vitest'
import { closeTestWorkspacesAfterEach, freshWorkspace } from '@tests/helpers/test-workspace'
import { buildManifest, updateHistory } from '@/workspace/feed/build/feed-builder'
import { syncFeed } from './sync'
import { findingHistory } from '@/workspace/history/finding-history'
import { listDecisions, recordDecisionEntries } from '@/workspace/store/decisions'
import { readPublishedDecisionIds, writeFeedState } from '@/workspace/store/feed-records'
import { readHistory } from '@/workspace/store/history-records'
import { listRuns } from '@/workspace/store/reads'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { writeDecisionsFile } from '@/workspace/triage/decisions-file'
import { unpublishedDecisions } from '@/workspace/triage/publication'

closeTestWorkspacesAfterEach()

const origin = 'https://scans.test'
const manifestUrl = `${origin}/vigil/manifest.json`

const trivyAt = (createdAt: string) =>
  JSON.stringify({
    SchemaVersion: 2,
    CreatedAt: createdAt,
    ArtifactName: 'registry.test/payments:1',
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
            Severity: 'CRITICAL',
            Title: 'Prototype pollution',
          },
        ],
      },
    ],
  })

const decision = (id: string, at: string): DecisionEntry => ({
  id,
  at,
  by: { name: 'Ada', issuer: 'https://id.test', subject: 'ada' },
  scope: { kind: 'advisory', repository: 'payments', advisoryId: 'CVE-2024-0001' },
  previousState: 'needs-triage',
  state: 'in-triage',
  reason: 'looking',
  severity: 'Critical',
})

/** What CI publishes after two runs a week apart: the second run's scan, the manifest and the merged history. */
async function publishTwoRuns(files: Map<string, string>) {
  let history: string | undefined
  let manifest = ''
  for (const createdAt of ['2026-11-01T03:00:00Z', '2026-11-08T03:00:00Z']) {
    const text = trivyAt(createdAt)
    const built = await buildManifest(
      [{ path: 'payments/trivy.json', bytes: new TextEncoder().encode(text) }],
      '',
      createdAt,
      { history: 'history.json', decisions: 'decisions.json' },
    )
    history = updateHistory(history, built.scans, createdAt).text
    manifest = JSON.stringify(built.manifest)
    files.set(`${origin}/vigil/payments/trivy.json`, text)
  }
  files.set(manifestUrl, manifest)
  files.set(`${origin}/vigil/history.json`, history!)
  files.set(
    `${origin}/vigil/decisions.json`,
    writeDecisionsFile([decision('team-1', '2026-11-02T10:00:00.000Z')], '2026-11-08T03:00:00Z'),
  )
}

/** A static host: each body's ETag is its length and first characters, and a matching If-None-Match gets a 304. */
function host(files: Map<string, string>) {
  const requests: string[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input)
    const body = files.get(url)
    if (body === undefined) {
      requests.push(`404 ${url}`)
      return new Response('missing', { status: 404 })
    }
    const etag = `"${body.length}-${encodeURIComponent(body.slice(0, 12))}"`
    if (new Headers(init?.headers).get('If-None-Match') === etag) {
      requests.push(`304 ${url}`)
      return new Response(null, { status: 304, headers: { ETag: etag } })
    }
    requests.push(`200 ${url}`)
    return new Response(body, { status: 200, headers: { ETag: etag } })
  }
  return { fetch, requests }
}

async function firstSeenOfLodash(database: Awaited<ReturnType<typeof freshWorkspace>>) {
  const [run] = await listRuns(database, 'payments')
  const history = await readHistory(database)
  const [key] = history.repositories.get('payments')!.get(run.run)!.findings.keys()
  return findingHistory(history, 'payments', run.run, key)?.firstSeen
}

describe('a feed with the team history and decisions', () => {
  it('gives a browser that syncs for the first time the team’s first-seen dates and decisions, keeping its own', async () => {
    const files = new Map<string, string>()
    await publishTwoRuns(files)
    const database = await freshWorkspace()
    await recordDecisionEntries(database, [decision('mine', '2026-11-09T10:00:00.000Z')])
    const { fetch, requests } = host(files)

    const report = await syncFeed({ manifestUrl, pageOrigin: 'https://vigil.test', database, fetch })

    expect(report).toMatchObject({ fetched: 1, historyRuns: 1, decisionsAdded: 1, problems: [] })
    expect(await firstSeenOfLodash(database)).toBe('2026-11-01T03:00:00.000Z')
    expect((await listDecisions(database)).map((entry) => entry.id).sort()).toEqual(['mine', 'team-1'])
    expect(requests).toContain(`200 ${origin}/vigil/history.json`)
  })

  it('keeps which decisions the feed published, so that the local ones it lacks show as not published, also after a 304', async () => {
    const files = new Map<string, string>()
    await publishTwoRuns(files)
    const database = await freshWorkspace()
    expect(await readPublishedDecisionIds(database)).toBeUndefined()
    await recordDecisionEntries(database, [decision('mine', '2026-11-09T10:00:00.000Z')])
    const { fetch } = host(files)

    await syncFeed({ manifestUrl, pageOrigin: 'https://vigil.test', database, fetch })
    const published = await readPublishedDecisionIds(database)
    expect(published).toEqual(new Set(['team-1']))
    expect(unpublishedDecisions(await listDecisions(database), published).map((entry) => entry.id)).toEqual(['mine'])

    await syncFeed({ manifestUrl, pageOrigin: 'https://vigil.test', database, fetch })
    expect(await readPublishedDecisionIds(database)).toEqual(new Set(['team-1']))
  })

  it('reads what a feed synced by an earlier Vigil published from its state, beside the feeds synced since', async () => {
    const database = await freshWorkspace()
    // An earlier Vigil kept the decisions files' ids in the feed's state alone.
    await database.put('feeds', {
      manifestUrl: 'https://feeds.example/older/manifest.json',
      repositories: ['payments'],
      teamFiles: [{ url: 'https://feeds.example/older/decisions.json', decisionIds: ['older-1'] }],
    })
    expect(await readPublishedDecisionIds(database)).toEqual(new Set(['older-1']))
    await writeFeedState(database, {
      manifestUrl: 'https://feeds.example/newer/manifest.json',
      repositories: ['ledger'],
      teamFiles: [
        { url: 'https://feeds.example/newer/decisions.json', decisionIds: ['newer-1'] },
        { url: 'https://feeds.example/newer/history.json' },
      ],
    })
    expect(await readPublishedDecisionIds(database)).toEqual(new Set(['older-1', 'newer-1']))
  })

  it('asks for neither file again while the manifest is unchanged', async () => {
    const files = new Map<string, string>()
    await publishTwoRuns(files)
    const database = await freshWorkspace()
    const { fetch, requests } = host(files)
    await syncFeed({ manifestUrl, pageOrigin: 'https://vigil.test', database, fetch })
    requests.length = 0

    const report = await syncFeed({ manifestUrl, pageOrigin: 'https://vigil.test', database, fetch })

    expect(requests).toEqual([`304 ${manifestUrl}`])
    expect(report.problems).toEqual([])
    expect(await firstSeenOfLodash(database)).toBe('2026-11-01T03:00:00.000Z')
  })

  it('reports a history file it cannot read as a problem of the sync, and keeps the workspace’s own history', async () => {
    const files = new Map<string, string>()
    await publishTwoRuns(files)
    files.set(`${origin}/vigil/history.json`, '<html>sign in</html>')
    const database = await freshWorkspace()

    const report = await syncFeed({ manifestUrl, pageOrigin: 'https://vigil.test', ...host(files), database })

    expect(report.problems).toEqual([
      `${origin}/vigil/history.json: The history file is an HTML page, not JSON: check its address (a sign-in page or an error page answers like this).`,
    ])
    expect(report.historyRuns).toBeUndefined()
    expect(await firstSeenOfLodash(database)).toBe('2026-11-08T03:00:00.000Z')
  })

  it('reads the team’s files within a byte cap: one past it is a problem of the sync and changes nothing', async () => {
    const files = new Map<string, string>()
    await publishTwoRuns(files)
    files.set(`${origin}/vigil/history.json`, ' '.repeat(2 * 1024 * 1024))
    const database = await freshWorkspace()

    const report = await syncFeed({
      manifestUrl,
      pageOrigin: 'https://vigil.test',
      ...host(files),
      database,
      limits: { team: 1024 * 1024 },
    })

    expect(report.problems).toEqual([
      `${origin}/vigil/history.json: The team's history file is larger than 1 MB, and Vigil reads it up to 1 MB: it was not read.`,
    ])
    expect(report).toMatchObject({ fetched: 1, decisionsAdded: 1 })
    expect(report.historyRuns).toBeUndefined()
    expect(await firstSeenOfLodash(database)).toBe('2026-11-08T03:00:00.000Z')
  })
})
