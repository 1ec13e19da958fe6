import { describe, expect, it } from 'vitest'
import { closeTestWorkspacesAfterEach, freshWorkspace } from '@tests/helpers/test-workspace'
import { importFile } from '@/workspace/import/import-file'
import type { Decision } from '@/workspace/triage/decision'
import { recordDecisions, type DecisionEntry } from '@/workspace/triage/decision-log'
import { listDecisions, readLog, recordDecisionEntries, settleCounts } from './decisions'
import { listRepositories } from './reads'
import type { StoreNames } from 'idb'
import { countChange } from './counters'
import type { WorkspaceDatabase, WorkspaceSchema } from './records'

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
    expect(await settleCounts(database, new Date('2026-12-02T00:00:00Z'), ['payments'])).toBe(true)
    expect((await openCounts(database)).payments).toEqual([2, 2])
    expect((await listRepositories(database))[0].triage?.reopensAt).toBeUndefined()
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

describe('entries made here with new ids', () => {
  const fixed: Decision = {
    state: 'fixed',
    reason: 'Upgraded.',
    scope: { kind: 'advisory', repository: 'payments', advisoryId: 'CVE-2026-1001' },
  }

  it('are added beside the stored log and counted, without the log’s keys read to find them', async () => {
    const database = await workspace()
    const earlier = entries([], [fixed])
    await recordDecisionEntries(database, earlier)
    const made = entries(earlier, [{ ...fixed, scope: { ...fixed.scope, repository: 'storefront' } }])
    expect(await recordDecisionEntries(database, made, undefined, { newIds: true })).toBe(1)
    expect(await listDecisions(database)).toHaveLength(2)
    expect(await openCounts(database)).toEqual({ payments: [1, 1], storefront: [0, 0] })
  })

  it('are known by id afterwards: the same entries from a feed are not added again', async () => {
    const database = await workspace()
    const made = entries([], [fixed, { ...fixed, scope: { ...fixed.scope, repository: 'storefront' } }])
    expect(await recordDecisionEntries(database, made, undefined, { newIds: true })).toBe(2)
    // The team's feed publishes them, and this browser syncs it.
    expect(await recordDecisionEntries(database, made)).toBe(0)
    expect((await listDecisions(database)).map((entry) => entry.id).sort()).toEqual(
      made.map((entry) => entry.id).sort(),
    )
    expect(await openCounts(database)).toEqual({ payments: [1, 1], storefront: [0, 0] })
  })
})

describe('the log as a screen reads it again', () => {
  const fixed = (repository: string): Decision => ({
    state: 'fixed',
    reason: 'Upgraded.',
    scope: { kind: 'advisory', repository, advisoryId: 'CVE-2026-1001' },
  })

  it('reads only what was added since, and gives the same log when nothing was', async () => {
    const database = await workspace()
    const first = entries([], [fixed('payments')])
    await recordDecisionEntries(database, first)
    const before = await readLog(database)
    expect(before.log.map((entry) => entry.id)).toEqual(first.map((entry) => entry.id))
    expect((await readLog(database, before)).log).toBe(before.log)
    const step = entries(first, [fixed('storefront'), fixed('payments')])
    await recordDecisionEntries(database, step, undefined, { counts: 'later', newIds: true })
    const after = await readLog(database, before)
    expect(after.log.slice(0, 1)).toEqual(before.log)
    expect(after.log.slice(1).map((entry) => entry.id)).toEqual(step.map((entry) => entry.id))
    expect(after.countsWaiting).toBe(true)
    await settleCounts(database)
    const settled = await readLog(database, after)
    expect(settled.log).toBe(after.log)
    expect(settled.countsWaiting).toBe(false)
  })

  it('reads the same log a few records to a transaction, as a worker does', async () => {
    const database = await workspace()
    let log: DecisionEntry[] = []
    for (const repository of ['payments', 'storefront', 'payments']) {
      const made = entries(log, [fixed(repository)])
      await recordDecisionEntries(database, made)
      log = [...log, ...made]
    }
    const whole = await readLog(database)
    const inParts = await readLog(database, undefined, { recordsPerRead: 2 })
    expect(inParts.log.map((entry) => entry.id).sort()).toEqual(whole.log.map((entry) => entry.id).sort())
    expect(inParts.log).toHaveLength(3)
  })

  it('reads the whole log again when a record it read is gone (the workspace was deleted and filled again)', async () => {
    const database = await workspace()
    const first = entries([], [fixed('payments')])
    await recordDecisionEntries(database, first)
    const before = await readLog(database)
    await database.clear('decisions')
    const other = entries([], [fixed('storefront')])
    await recordDecisionEntries(database, other)
    expect((await readLog(database, before)).log.map((entry) => entry.id)).toEqual(other.map((entry) => entry.id))
  })
})

/**
 * The database, where the first transaction that writes counts without the decisions store
 * (`settleCounts`' own) comes after another that changes the findings as an import would:
 * payments is scanned again and has storefront's one finding (CVE-2026-1001) left.
 */
function changingFindingsBeforeTheCountsAreWritten(database: WorkspaceDatabase): WorkspaceDatabase {
  let changed = false
  const transaction = (stores: StoreNames<WorkspaceSchema>[], mode: IDBTransactionMode) => {
    if (!changed && mode === 'readwrite' && stores.includes('repositories') && !stores.includes('decisions')) {
      changed = true
      const landing = database.transaction(['digests', 'indexes'], 'readwrite')
      void landing
        .objectStore('digests')
        .get('storefront')
        .then(async (digest) => {
          await landing.objectStore('digests').put({ ...digest!, repository: 'payments' })
        })
      void countChange(landing.objectStore('indexes'))
    }
    return database.transaction(stores, mode)
  }
  return new Proxy(database, {
    get: (target, property) =>
      property === 'transaction' ? transaction : (Reflect.get(target, property, target) as unknown),
  })
}

describe('a bulk step written without its counts', () => {
  const fixed = (repository: string, advisoryId: string): Decision => ({
    state: 'fixed',
    reason: 'Upgraded.',
    scope: { kind: 'advisory', repository, advisoryId },
  })

  it('notes the repositories its parts touched, whose counts one settling weighs with the whole log', async () => {
    const database = await workspace()
    const first = entries([], [fixed('payments', 'CVE-2026-1001')])
    const second = entries(first, [fixed('storefront', 'CVE-2026-1001')])
    expect(await readLog(database).then((read) => read.countsWaiting)).toBe(false)
    expect(await recordDecisionEntries(database, first, undefined, { counts: 'later' })).toBe(1)
    expect(await recordDecisionEntries(database, second, undefined, { counts: 'later', newIds: true })).toBe(1)
    expect(await openCounts(database)).toEqual({ payments: [2, undefined], storefront: [1, undefined] })
    expect(await readLog(database).then((read) => read.countsWaiting)).toBe(true)
    // The note is no decision.
    expect(await listDecisions(database)).toHaveLength(2)
    expect(await settleCounts(database)).toBe(true)
    expect(await openCounts(database)).toEqual({ payments: [1, 1], storefront: [0, 0] })
    expect(await readLog(database).then((read) => read.countsWaiting)).toBe(false)
    expect(await settleCounts(database)).toBe(false)
  })

  it('has its waiting counts weighed by the next decision written with its counts', async () => {
    const database = await workspace()
    const first = entries([], [fixed('payments', 'CVE-2026-1002')])
    await recordDecisionEntries(database, first, undefined, { counts: 'later' })
    await recordDecisionEntries(database, entries(first, [fixed('storefront', 'CVE-2026-1001')]))
    expect(await openCounts(database)).toEqual({ payments: [1, 1], storefront: [0, 0] })
    expect(await readLog(database).then((read) => read.countsWaiting)).toBe(false)
  })

  it('goes again when decisions are written while it weighs the counts', async () => {
    const database = await workspace()
    const first = entries([], [fixed('payments', 'CVE-2026-1002')])
    await recordDecisionEntries(database, first, undefined, { counts: 'later' })
    const settling = settleCounts(database)
    // Written while the settling reads: its transaction holds the decisions store alone, and waits for no count.
    await recordDecisionEntries(database, entries(first, [fixed('storefront', 'CVE-2026-1001')]), undefined, {
      counts: 'later',
    })
    expect(await settling).toBe(true)
    expect(await openCounts(database)).toEqual({ payments: [1, 1], storefront: [0, 0] })
    expect(await readLog(database).then((read) => read.countsWaiting)).toBe(false)
  })

  it('weighs again when the findings change between its reading and its writing', async () => {
    const database = await workspace()
    await recordDecisionEntries(database, entries([], [fixed('payments', 'CVE-2026-1001')]), undefined, {
      counts: 'later',
    })
    expect(await settleCounts(changingFindingsBeforeTheCountsAreWritten(database))).toBe(true)
    // Weighed with the digest read first, payments would keep CVE-2026-1002 open.
    expect((await openCounts(database)).payments).toEqual([0, 0])
    expect(await readLog(database).then((read) => read.countsWaiting)).toBe(false)
  })

  it('weighs every repository when a part decided on an advisory everywhere', async () => {
    const database = await workspace()
    const everywhere = entries(
      [],
      [{ state: 'false-positive', reason: 'Not ours.', scope: { kind: 'advisory', advisoryId: 'CVE-2026-1001' } }],
    )
    await recordDecisionEntries(database, everywhere, undefined, { counts: 'later' })
    await recordDecisionEntries(database, entries(everywhere, [fixed('payments', 'CVE-2026-1002')]), undefined, {
      counts: 'later',
    })
    expect(await settleCounts(database)).toBe(true)
    expect(await openCounts(database)).toEqual({ payments: [0, 0], storefront: [0, 0] })
  })
})

describe('a VEX document imported into a repository', () => {
  const openVex = JSON.stringify({
    '@context': 'https://openvex.dev/ns/v0.2.0',
    '@id': 'https://vex.test/payments-1',
    author: 'Payments team',
    timestamp: '2026-11-21T08:00:00Z',
    version: 1,
    statements: [
      {
        vulnerability: { name: 'CVE-2026-1001' },
        products: [{ '@id': 'pkg:npm/lodash@1.0.0' }],
        status: 'not_affected',
        justification: 'vulnerable_code_not_in_execute_path',
        impact_statement: 'merge is never called on user input',
      },
    ],
  })

  it('turns its statements into decisions over the findings other tools reported there, signed by the importer', async () => {
    const database = await workspace()
    const outcome = await importFile(
      database,
      {
        name: 'payments/payments.openvex.json',
        blob: new Blob([openVex]),
        repository: 'payments',
        repositoryFromFolder: true,
        author: alice,
      },
      () => {},
    )
    expect(outcome).toMatchObject({ status: 'imported', formatName: 'OpenVEX', repository: 'payments', records: [] })
    expect(outcome.status === 'imported' && outcome.decisions?.made).toBe(1)
    const [entry] = await listDecisions(database)
    expect(entry).toMatchObject({ state: 'not-affected', by: alice, scope: { repository: 'payments' } })
    expect(await openCounts(database)).toEqual({ payments: [1, 1], storefront: [1, undefined] })
  })

  it('asks for the repository of a VEX document given on its own', async () => {
    const database = await workspace()
    const outcome = await importFile(database, { name: 'loose.openvex.json', blob: new Blob([openVex]) }, () => {})
    expect(outcome).toMatchObject({ status: 'needs-repository', formatName: 'OpenVEX' })
    expect(await listDecisions(database)).toEqual([])
  })
})
