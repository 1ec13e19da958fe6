import { describe, expect, it } from 'vitest'
import { defaultSla } from '@/data/policy-sla'
import { grypeScannedAgo } from '@tests/helpers/scanned-ago'
import { deleteTestWorkspacesAfterEach, workspaceWithFiles } from '@tests/helpers/workspace'
import { SupersededTimesError } from '@/workspace/projections/workspace-times'
import { workspaceName } from '@/workspace/store/workspace-names'
import { endTimesWork, workspaceTimesInWorker } from './workspace-times-worker'

deleteTestWorkspacesAfterEach()

/** A workspace whose one finding was first seen 30 days ago, and a request for its days to fix. */
async function billing() {
  const identity = await workspaceWithFiles([
    { name: 'billing/grype.json', text: grypeScannedAgo(30, 'CVE-2021-44228'), repository: 'billing' },
  ])
  const database = await workspaceName(identity.issuer, identity.subject)
  return { database, request: { repositories: ['billing'], decisions: [], now: Date.now(), settings: defaultSla } }
}

describe('the days to fix worked out in a worker', () => {
  it('answers the latest request for a workspace and ends the one it replaced', async () => {
    const { database, request } = await billing()
    const first = workspaceTimesInWorker(database, request)
    const second = workspaceTimesInWorker(database, request)
    await expect(first).rejects.toBeInstanceOf(SupersededTimesError)
    const times = await second
    expect(times.tracked).toBe(1)
    expect(times.sla.ageDays[0]).toBe(30)
    // Ended, it is no longer in the way: the next request is answered too.
    expect((await workspaceTimesInWorker(database, request)).tracked).toBe(1)
  })

  it('ends the work when a write is about to change the workspace', async () => {
    const { database, request } = await billing()
    const answer = workspaceTimesInWorker(database, request)
    endTimesWork(database)
    await expect(answer).rejects.toBeInstanceOf(SupersededTimesError)
    endTimesWork(database)
    expect((await workspaceTimesInWorker(database, request)).tracked).toBe(1)
  })
})
