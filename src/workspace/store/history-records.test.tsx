import { describe, expect, it } from 'vitest'
import {
  closeTestWorkspacesAfterEach,
  freshWorkspace,
  olderWorkspace,
  runsAsRecords,
} from '@tests/helpers/test-workspace'
import { findingHistory } from '@/workspace/history/finding-history'
import { importFile, type ImportFileInput } from '@/workspace/import/import-file'
import { readHistory } from './history-records'
import { removeRuns } from './run-removal'
import { findingsOf, listRuns, readImportHistory } from './reads'
import { putRepositoryRuns } from './history-records'
import type { WorkspaceDatabase } from './records'

closeTestWorkspacesAfterEach()

/** A Trivy report of an image scanned at `createdAt`, one vulnerability per package named. */
const trivy = (createdAt: string | undefined, packages: string[]) =>
  JSON.stringify({
    SchemaVersion: 2,
    ...(createdAt ? { CreatedAt: createdAt } : {}),
    ArtifactName: 'registry.test/shop:1',
    ArtifactType: 'container_image',
    Results: [
      {
        Target: 'package-lock.json',
        Class: 'lang-pkgs',
        Type: 'npm',
        Vulnerabilities: packages.map((name, index) => ({
          VulnerabilityID: `CVE-2026-${1000 + index}`,
          PkgName: name,
          InstalledVersion: '1.0.0',
          Severity: 'HIGH',
          Title: `${name} is vulnerable`,
        })),
      },
    ],
  })

const file = (text: string, extra: Partial<ImportFileInput> = {}): ImportFileInput => ({
  name: 'shop/trivy.json',
  blob: new Blob([text]),
  repository: 'shop',
  repositoryFromFolder: true,
  ...extra,
})

async function load(database: WorkspaceDatabase, input: ImportFileInput, now = '2026-11-21T09:00:00.000Z') {
  const outcome = await importFile(
    database,
    input,
    () => {},
    () => now,
  )
  if (outcome.status !== 'imported') throw new Error(`not imported: ${JSON.stringify(outcome)}`)
  return outcome
}

async function historyOf(database: WorkspaceDatabase, name: string) {
  const [run] = await listRuns(database, 'shop')
  const [finding] = (await findingsOf(database, 'shop')).filter(
    (each) => 'packageName' in each && each.packageName === name,
  )
  const key = finding?.key ?? (await keyOfPackage(database, name))
  return findingHistory(await readHistory(database), 'shop', run.run, key)
}

/** The key of a package's finding, from the history itself when the workspace no longer holds it. */
async function keyOfPackage(database: WorkspaceDatabase, name: string) {
  const history = await readHistory(database, 'shop')
  for (const runs of history.repositories.values())
    for (const run of runs.values()) for (const key of run.findings.keys()) if (key.includes(`/${name}@`)) return key
  throw new Error(`no finding of ${name}`)
}

describe('the history the workspace keeps', () => {
  it('orders scans by their own time: an older scan imported after a newer one changes nothing now', async () => {
    const database = await freshWorkspace()
    await load(database, file(trivy('2026-11-20T10:00:00Z', ['lodash', 'axios'])))
    const before = await findingsOf(database, 'shop')
    await load(database, file(trivy('2026-11-10T10:00:00Z', ['lodash', 'minimist'])))

    expect(await findingsOf(database, 'shop')).toEqual(before)
    expect(await historyOf(database, 'lodash')).toMatchObject({
      firstSeen: '2026-11-10T10:00:00.000Z',
      lastSeen: '2026-11-20T10:00:00.000Z',
    })
    expect((await historyOf(database, 'lodash'))?.fixedAt).toBeUndefined()
    expect(await historyOf(database, 'axios')).toMatchObject({ firstSeen: '2026-11-20T10:00:00.000Z' })
    // Reported only by the older scan: seen then, fixed at the newer one.
    expect(await historyOf(database, 'minimist')).toMatchObject({
      firstSeen: '2026-11-10T10:00:00.000Z',
      fixedAt: '2026-11-20T10:00:00.000Z',
    })
  })

  it('gives the same history whichever order the scans are imported in', async () => {
    const scans = [
      trivy('2026-11-01T10:00:00Z', ['lodash']),
      trivy('2026-11-08T10:00:00Z', ['axios']),
      trivy('2026-11-15T10:00:00Z', ['lodash', 'axios']),
    ]
    const inOrder = await freshWorkspace()
    for (const text of scans) await load(inOrder, file(text))
    const reversed = await freshWorkspace()
    for (const text of [...scans].reverse()) await load(reversed, file(text))

    expect(await readHistory(reversed)).toEqual(await readHistory(inOrder))
    expect(await historyOf(reversed, 'lodash')).toMatchObject({
      firstSeen: '2026-11-01T10:00:00.000Z',
      reintroducedAt: ['2026-11-15T10:00:00.000Z'],
    })
  })

  it('keeps the first-seen date of a fixed finding that comes back, and lists when it came back', async () => {
    const database = await freshWorkspace()
    await load(database, file(trivy('2026-11-01T10:00:00Z', ['lodash'])))
    await load(database, file(trivy('2026-11-02T10:00:00Z', [])))
    expect(await historyOf(database, 'lodash')).toMatchObject({ fixedAt: '2026-11-02T10:00:00.000Z' })
    await load(database, file(trivy('2026-11-03T10:00:00Z', ['lodash'])))

    const history = await historyOf(database, 'lodash')
    expect(history).toMatchObject({
      firstSeen: '2026-11-01T10:00:00.000Z',
      reintroducedAt: ['2026-11-03T10:00:00.000Z'],
    })
    expect(history?.fixedAt).toBeUndefined()
  })

  it('dates a file that gives no scan time by its modification time, else by the import, and the report says so', async () => {
    const database = await freshWorkspace()
    const byFile = await load(database, file(trivy(undefined, ['lodash']), { fileTime: '2026-11-05T08:00:00Z' }))
    expect(byFile.records[0].warnings).toContain(
      "The file gives no scan time: its findings are dated by the file's modification time (2026-11-05T08:00:00.000Z).",
    )
    expect(await listRuns(database, 'shop')).toMatchObject([
      { scannedAt: '2026-11-05T08:00:00.000Z', timeSource: 'file' },
    ])
    expect(await historyOf(database, 'lodash')).toMatchObject({ firstSeen: '2026-11-05T08:00:00.000Z' })

    const byImport = await load(database, file(trivy(undefined, ['lodash'])), '2026-11-06T08:00:00.000Z')
    expect(byImport.records[0].warnings).toContain(
      'The file gives no scan time: its findings are dated by the time of this import (2026-11-06T08:00:00.000Z).',
    )
    const dated = await load(database, file(trivy('2026-11-07T08:00:00Z', ['lodash'])))
    expect(dated.records[0].warnings).toEqual([])
    expect((await readImportHistory(database, 50)).count).toBe(3)
  })

  it('forgets the history of a run that leaves the workspace', async () => {
    const database = await freshWorkspace()
    await load(database, file(trivy('2026-11-01T10:00:00Z', ['lodash'])))
    await removeRuns(database, 'shop', () => true)
    expect((await readHistory(database)).repositories.size).toBe(0)
  })
})

describe('the whole history read for the days to fix', () => {
  it('reads every run, a few hundred repositories to a request', async () => {
    const database = await freshWorkspace()
    const transaction = database.transaction('repositoryRuns', 'readwrite')
    // More repositories than one request reads, three runs each.
    for (let repository = 0; repository < 401; repository++) {
      const name = `repository-${String(repository).padStart(3, '0')}`
      void putRepositoryRuns(transaction.store, {
        repository: name,
        runs: [],
        history: [0, 1, 2].map((run) => ({
          repository: name,
          run: `run-${run}`,
          tool: 'grype',
          timeSource: 'scan' as const,
          scans: [1_790_000_000],
          truncated: false,
          findings: new Map(),
        })),
      })
    }
    await transaction.done
    const history = await readHistory(database)
    expect(history.repositories.size).toBe(401)
    expect([...history.repositories.values()].reduce((runs, byRun) => runs + byRun.size, 0)).toBe(1_203)
  })
})

describe('a workspace written by schema version 6', () => {
  it('starts its history from the runs it holds: each finding first seen at its run’s scan time', async () => {
    const source = await freshWorkspace()
    await load(source, file(trivy('2026-11-01T10:00:00Z', ['lodash', 'axios'])))
    const name = `vigil-workspace-v6-${crypto.randomUUID()}`
    await olderWorkspace(name, 6, source)

    const migrated = await freshWorkspace(name)
    const history = await readHistory(migrated)
    const [run] = await listRuns(migrated, 'shop')
    const keys = [...(history.repositories.get('shop')?.get(run.run)?.findings.keys() ?? [])]
    expect(keys).toHaveLength(2)
    for (const key of keys)
      expect(findingHistory(history, 'shop', run.run, key)).toMatchObject({
        firstSeen: '2026-11-01T10:00:00.000Z',
        scans: 1,
      })
  })
})

describe('a workspace written by schema version 8', () => {
  it('keeps each repository’s runs and their history in one record, as they were', async () => {
    const source = await freshWorkspace()
    await load(source, file(trivy('2026-11-01T10:00:00Z', ['lodash', 'axios'])))
    await load(source, file(trivy('2026-11-02T10:00:00Z', ['axios']), { repository: 'billing' }))
    await load(source, file(trivy('2026-11-03T10:00:00Z', ['lodash']), { repository: 'billing' }))
    const runs = await runsAsRecords(source)
    expect(runs.map((run) => run.repository).sort()).toEqual(['billing', 'shop'])

    const name = `vigil-workspace-v8-${crypto.randomUUID()}`
    await olderWorkspace(name, 8, source)

    const migrated = await freshWorkspace(name)
    expect([...migrated.objectStoreNames]).not.toContain('runs')
    expect([...migrated.objectStoreNames]).not.toContain('history')
    for (const repository of ['shop', 'billing']) {
      expect(await listRuns(migrated, repository)).toEqual(await listRuns(source, repository))
      expect(await readHistory(migrated, repository)).toEqual(await readHistory(source, repository))
    }
    const [run] = await listRuns(migrated, 'billing')
    const billing = (await readHistory(migrated)).repositories.get('billing')?.get(run.run)
    const lodash = [...(billing?.findings.keys() ?? [])].find((key) => key.includes('/lodash@'))
    expect(billing?.scans).toHaveLength(2)
    expect(findingHistory(await readHistory(migrated), 'billing', run.run, lodash!)).toMatchObject({
      firstSeen: '2026-11-03T10:00:00.000Z',
    })
  })
})
