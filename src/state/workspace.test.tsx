import { afterEach, describe, expect, it } from 'vitest'
import { render } from 'vitest-browser-react'
import { importFile } from '@/workspace/import/import-file'
import { recordDecisionEntries } from '@/workspace/store/decisions'
import { deleteWorkspace, workspaceName } from '@/workspace/store/workspace-names'
import { openWorkspace } from '@/workspace/store/open'
import type { Decision } from '@/workspace/triage/decision'
import { recordDecisions } from '@/workspace/triage/decision-log'
import { useWorkspace, WorkspaceProvider, type WorkspaceIdentity } from './workspace'

const alice = { issuer: 'https://id.test', subject: 'alice' }
const bob = { issuer: 'https://id.test', subject: 'bob' }
// Each test its own identity: a workspace deleted between tests leaves its closed connection cached.
const carol = { issuer: 'https://id.test', subject: 'carol' }
const dave = { issuer: 'https://id.test', subject: 'dave' }
const erin = { issuer: 'https://id.test', subject: 'erin' }

afterEach(async () => {
  for (const identity of [alice, bob, carol, dave, erin])
    await deleteWorkspace(await workspaceName(identity.issuer, identity.subject))
})

describe('the workspace provider', () => {
  it('never names the previous identity’s workspace once another identity signs in (from another tab)', async () => {
    const seen: { identity: string; databaseName?: string }[] = []
    function Probe({ identity }: { identity: WorkspaceIdentity }) {
      seen.push({ identity: identity.subject, databaseName: useWorkspace().databaseName })
      return null
    }
    const screen = await render(
      <WorkspaceProvider identity={alice}>
        <Probe identity={alice} />
      </WorkspaceProvider>,
    )
    const aliceName = await workspaceName(alice.issuer, alice.subject)
    await expect.poll(() => seen.at(-1)?.databaseName).toBe(aliceName)
    await screen.rerender(
      <WorkspaceProvider identity={bob}>
        <Probe identity={bob} />
      </WorkspaceProvider>,
    )
    const bobName = await workspaceName(bob.issuer, bob.subject)
    await expect.poll(() => seen.at(-1)?.databaseName).toBe(bobName)
    expect(seen.filter((render) => render.identity === 'bob').map((render) => render.databaseName)).not.toContain(
      aliceName,
    )
  })
})

/** A workspace with one repository, payments, whose one finding (CVE-2026-1001 in lodash) is high. */
async function payments(owner: WorkspaceIdentity) {
  const name = await workspaceName(owner.issuer, owner.subject)
  const database = await openWorkspace(name)
  const grype = JSON.stringify({
    matches: [
      {
        vulnerability: { id: 'CVE-2026-1001', severity: 'High', fix: { versions: [], state: 'unknown' } },
        artifact: { name: 'lodash', version: '1.0.0', type: 'npm', locations: [{ path: '/package-lock.json' }] },
      },
    ],
    source: { type: 'directory', target: '.' },
    descriptor: { name: 'grype', version: '0.80.0', timestamp: '2026-11-20T10:00:00Z' },
  })
  await importFile(
    database,
    { name: 'payments/grype.json', blob: new Blob([grype]), repository: 'payments', repositoryFromFolder: true },
    () => {},
  )
  return database
}

const decide = (owner: WorkspaceIdentity, decision: Decision, at: string) =>
  recordDecisions([], [{ decision, severity: 'High' }], {
    by: { name: 'Carol', issuer: owner.issuer, subject: owner.subject },
    at,
  })

/** CVE-2026-1001 in payments decided fixed. */
const fixedInPayments = (owner: WorkspaceIdentity) =>
  decide(
    owner,
    {
      state: 'fixed',
      reason: 'Upgraded.',
      scope: { kind: 'advisory', repository: 'payments', advisoryId: 'CVE-2026-1001' },
    },
    '2026-11-21T09:00:00Z',
  )

/** Payments' counts as the provider gives them to the screens, and the provider's writer. */
async function renderedPayments(owner: WorkspaceIdentity) {
  let summaries: ReturnType<typeof useWorkspace>['summaries']
  let record: ReturnType<typeof useWorkspace>['recordDecisions'] | undefined
  function Probe() {
    const workspace = useWorkspace()
    summaries = workspace.summaries
    record = workspace.databaseName ? workspace.recordDecisions : undefined
    return null
  }
  await render(
    <WorkspaceProvider identity={owner}>
      <Probe />
    </WorkspaceProvider>,
  )
  const counts = () => summaries?.find((summary) => summary.name === 'payments')?.triage
  return Object.assign(counts, { writer: () => record })
}

describe('the counts the provider brings up to date', () => {
  it('weighs, when it reads the workspace, the decisions a bulk step saved without their counts', async () => {
    const database = await payments(carol)
    const fixed = fixedInPayments(carol)
    await recordDecisionEntries(database, fixed, undefined, { counts: 'later' })
    expect((await database.get('repositories', 'payments'))?.triage).toBeUndefined()
    const counts = await renderedPayments(carol)
    await expect.poll(counts).toMatchObject({ decided: 1, needsTriage: 0, counts: { vulnerabilities: 0 } })
  })

  it('reopens in the counts an accepted risk that expired since they were weighed', async () => {
    const database = await payments(dave)
    const accepted = decide(
      dave,
      {
        state: 'accepted-risk',
        reason: 'Upgrade planned.',
        expiresOn: '2026-01-31',
        scope: { kind: 'advisory', repository: 'payments', advisoryId: 'CVE-2026-1001' },
      },
      '2026-01-10T09:00:00Z',
    )
    // Weighed on the day it was made, when the risk was accepted.
    await recordDecisionEntries(database, accepted, new Date('2026-01-10T09:00:00Z'))
    expect((await database.get('repositories', 'payments'))?.triage).toMatchObject({
      decided: 1,
      reopensAt: '2026-01-31T00:00:00.000Z',
    })
    const counts = await renderedPayments(dave)
    await expect.poll(counts).toMatchObject({ decided: 0, counts: { vulnerabilities: 1 } })
    expect(counts()?.reopensAt).toBeUndefined()
  })

  it('reads the repositories again after a decision written with its counts', async () => {
    await payments(erin)
    const counts = await renderedPayments(erin)
    await expect.poll(counts.writer).toBeDefined()
    expect(counts()).toBeUndefined()
    const fixed = fixedInPayments(erin)
    await counts.writer()!(fixed)
    await expect.poll(counts).toMatchObject({ decided: 1, counts: { vulnerabilities: 0 } })
  })
})
