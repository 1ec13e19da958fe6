import { describe, expect, it } from 'vitest'
import { grypeScannedAgo } from '@tests/helpers/scanned-ago'
import { deleteTestWorkspacesAfterEach, workspaceWithFiles } from '@tests/helpers/workspace'
import { readLog, recordDecisionEntries } from '@/workspace/store/decisions'
import { openWorkspace } from '@/workspace/store/open'
import { workspaceName } from '@/workspace/store/workspace-names'
import { recordDecisions } from '@/workspace/triage/decision-log'
import { endCountsWork, settleCountsInWorker, SupersededSettlingError } from './settle-counts-worker'

deleteTestWorkspacesAfterEach()

/** A workspace whose one finding (billing's CVE-2021-44228) was decided fixed in a bulk step, its counts left waiting. */
async function billingDecided() {
  const identity = await workspaceWithFiles([
    { name: 'billing/grype.json', text: grypeScannedAgo(3, 'CVE-2021-44228'), repository: 'billing' },
  ])
  const name = await workspaceName(identity.issuer, identity.subject)
  const database = await openWorkspace(name)
  const fixed = recordDecisions(
    [],
    [
      {
        decision: {
          state: 'fixed',
          reason: 'Upgraded.',
          scope: { kind: 'advisory', repository: 'billing', advisoryId: 'CVE-2021-44228' },
        },
        severity: 'Critical',
      },
    ],
    { by: { name: 'Test', issuer: identity.issuer, subject: identity.subject }, at: new Date().toISOString() },
  )
  await recordDecisionEntries(database, fixed, undefined, { counts: 'later' })
  return { name, database }
}

describe('the counts brought up to date in a worker', () => {
  it('weighs the waiting counts and clears the wait', async () => {
    const { name, database } = await billingDecided()
    expect(await readLog(database).then((read) => read.countsWaiting)).toBe(true)
    expect(await settleCountsInWorker(name, Date.now(), [])).toBe(true)
    expect(await readLog(database).then((read) => read.countsWaiting)).toBe(false)
    expect((await database.get('repositories', 'billing'))?.triage).toMatchObject({ decided: 1, needsTriage: 0 })
    database.close()
  })

  it('is ended by a decision about to be saved, and leaves the counts waiting for the next', async () => {
    const { name, database } = await billingDecided()
    const settling = settleCountsInWorker(name, Date.now(), [])
    endCountsWork(name)
    await expect(settling).rejects.toBeInstanceOf(SupersededSettlingError)
    expect(await readLog(database).then((read) => read.countsWaiting)).toBe(true)
    expect(await settleCountsInWorker(name, Date.now(), [])).toBe(true)
    expect(await readLog(database).then((read) => read.countsWaiting)).toBe(false)
    database.close()
  })
})
