import { describe, expect, it } from 'vitest'
import { closeTestWorkspacesAfterEach, freshWorkspace } from '@tests/helpers/test-workspace'
import { importFile } from '@/workspace/import-file'
import type { Decision } from '@/workspace/triage/decision'
import { recordDecisions, type DecisionEntry } from '@/workspace/triage/decision-log'
import { listDecisions, recordDecisionEntries, refreshTriageCounts } from './decisions'
import { listRepositories } from './reads'
import type { WorkspaceDatabase } from './schema'

closeTestWorkspacesAfterEach()

const alice = { name: 'Alice', issuer: 'https://id.test', subject: 'alice' }

/** A Grype report of one repository: each advisory hits one npm package. */
const grype = (matches: readonly (readonly [advisory: string, pkg: string])[]) =>
  JSON.stringify({
    matches: matches.map(([id, name]) => ({
      vulnerability: { id, severity: 'High', description: `${id} in ${name}`, fix: { versions: [], state: 'unknown' } },
      artifact: { name, version: '1.0.0', type: 'npm', locations: [{ path: '/package-lock.json' }] },
    })),
    source: { type: 'directory', target: '.' },
    descriptor: { name: 'grype', version: '0.80.0', timestamp: '2026-11-20T10:00:00Z' },
  })

async function workspace(): Promise<WorkspaceDatabase> {
  const database = await freshWorkspace()
  for (const [repository, matches] of [
    [
      'payments',
      [
        ['CVE-2026-1001', 'lodash'],
        ['CVE-2026-1002', 'axios'],
      ],
    ],
    ['storefront', [['CVE-2026-1001', 'lodash']]],
  ] as const) {
    await importFile(
      database,
      {
        name: `${repository}/grype.json`,
        blob: new Blob([grype([...matches])]),
        repository,
        repositoryFromFolder: true,
      },
      () => {},
    )
  }
  return database
}

function entries(log: DecisionEntry[], decisions: Decision[], at = '2026-11-21T09:00:00Z'): DecisionEntry[] {
  return recordDecisions(
    log,
    decisions.map((decision) => ({ decision, severity: 'High' })),
    { by: alice, at },
  )
}

const openCounts = async (database: WorkspaceDatabase) =>
  Object.fromEntries(
    (await listRepositories(database)).map((summary) => [
      summary.name,
      [(summary.triage?.counts ?? summary.counts).vulnerabilities, summary.triage?.needsTriage],
    ]),
  )

describe('decisions in the workspace', () => {
  it('appends decisions and takes what they close out of the open counts of the repository they name', async () => {
    const database = await workspace()
    expect(await openCounts(database)).toEqual({ payments: [2, undefined], storefront: [1, undefined] })
    const made = entries(
      [],
      [
        {
          state: 'not-affected',
          justification: 'vulnerable_code_not_in_execute_path',
          reason: 'We never call merge on user input.',
          scope: { kind: 'advisory', repository: 'payments', advisoryId: 'CVE-2026-1001' },
        },
      ],
    )
    expect(await recordDecisionEntries(database, made, new Date('2026-11-21T10:00:00Z'))).toBe(1)
    expect(await openCounts(database)).toEqual({ payments: [1, 1], storefront: [1, undefined] })
    // The same entries again (a feed's decisions synced twice) change nothing.
    expect(await recordDecisionEntries(database, made)).toBe(0)
    expect(await listDecisions(database)).toHaveLength(1)
  })

  it('closes an advisory in every repository for a decision everywhere, present and future', async () => {
    const database = await workspace()
    const made = entries(
      [],
      [
        {
          state: 'false-positive',
          reason: 'Not our lodash.',
          scope: { kind: 'advisory', advisoryId: 'cve-2026-1001' },
        },
      ],
    )
    await recordDecisionEntries(database, made)
    expect(await openCounts(database)).toEqual({ payments: [1, 1], storefront: [0, 0] })
    // A repository imported later is covered too.
    await importFile(
      database,
      {
        name: 'checkout/grype.json',
        blob: new Blob([grype([['CVE-2026-1001', 'lodash']])]),
        repository: 'checkout',
        repositoryFromFolder: true,
      },
      () => {},
    )
    expect((await openCounts(database)).checkout).toEqual([0, 0])
  })

  it('reopens an accepted risk once it expires', async () => {
    const database = await workspace()
    const made = entries(
      [],
      [
        {
          state: 'accepted-risk',
          reason: 'Upgrade planned for next sprint.',
          expiresOn: '2026-12-01',
          scope: { kind: 'advisory', repository: 'payments', advisoryId: 'CVE-2026-1002' },
        },
      ],
    )
    await recordDecisionEntries(database, made, new Date('2026-11-21T10:00:00Z'))
    const [payments] = await listRepositories(database)
    expect(payments.triage).toMatchObject({ decided: 1, reopensAt: '2026-12-01T00:00:00.000Z' })
    expect(payments.triage?.counts.vulnerabilities).toBe(1)
    await refreshTriageCounts(database, new Date('2026-12-02T00:00:00Z'))
    expect((await openCounts(database)).payments).toEqual([2, 2])
  })

  it('keeps decisions through a re-import of the same findings', async () => {
    const database = await workspace()
    await recordDecisionEntries(
      database,
      entries(
        [],
        [
          {
            state: 'fixed',
            reason: 'Removed axios.',
            scope: { kind: 'advisory', repository: 'payments', advisoryId: 'CVE-2026-1002' },
          },
        ],
      ),
    )
    await importFile(
      database,
      {
        name: 'payments/grype.json',
        blob: new Blob([
          grype([
            ['CVE-2026-1001', 'lodash'],
            ['CVE-2026-1002', 'axios'],
          ]),
        ]),
        repository: 'payments',
        repositoryFromFolder: true,
      },
      () => {},
    )
    expect((await openCounts(database)).payments).toEqual([1, 1])
  })
})
