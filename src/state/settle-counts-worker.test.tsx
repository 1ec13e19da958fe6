import { describe, expect, it } from 'vitest'
import { deleteTestWorkspacesAfterEach, workspaceWithBillingDecided } from '@tests/helpers/workspace'
import { readLog } from '@/workspace/store/decisions'
import { SupersededSettlingError } from '@/machines/workspace.machine'
import { endCountsWork, settleCountsInWorker } from './settle-counts-worker'

deleteTestWorkspacesAfterEach()

describe('the counts brought up to date in a worker', () => {
  it('weighs the waiting counts and clears the wait', async () => {
    const { name, database } = await workspaceWithBillingDecided()
    expect(await readLog(database).then((read) => read.countsWaiting)).toBe(true)
    expect(await settleCountsInWorker(name, Date.now(), [])).toBe(true)
    expect(await readLog(database).then((read) => read.countsWaiting)).toBe(false)
    expect((await database.get('repositories', 'billing'))?.triage).toMatchObject({ decided: 1, needsTriage: 0 })
    database.close()
  })

  it('is ended by a decision about to be saved, and leaves the counts waiting for the next', async () => {
    const { name, database } = await workspaceWithBillingDecided()
    const settling = settleCountsInWorker(name, Date.now(), [])
    endCountsWork(name)
    await expect(settling).rejects.toBeInstanceOf(SupersededSettlingError)
    expect(await readLog(database).then((read) => read.countsWaiting)).toBe(true)
    expect(await settleCountsInWorker(name, Date.now(), [])).toBe(true)
    expect(await readLog(database).then((read) => read.countsWaiting)).toBe(false)
    database.close()
  })
})
