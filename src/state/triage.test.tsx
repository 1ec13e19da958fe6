import { useEffect } from 'react'
import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { renderWithProviders } from '@tests/helpers/render'
import { vulnerability } from '@tests/helpers/triage'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples } from '@tests/helpers/workspace'
import type { TriageMachine } from '@/machines/triage.machine'
import { listDecisions, readLog } from '@/workspace/store/decisions'
import { openWorkspace } from '@/workspace/store/open'
import { workspaceName } from '@/workspace/store/workspace-names'
import { BULK_PART, useTriageLogic } from './triage'

deleteTestWorkspacesAfterEach()

function Capture({ onLogic }: { onLogic: (logic: TriageMachine) => void }) {
  const logic = useTriageLogic()
  useEffect(() => {
    if (logic) onLogic(logic)
  }, [logic, onLogic])
  return null
}

async function triageLogic() {
  const workspace = await workspaceWithExamples([])
  let found: TriageMachine | undefined
  await renderWithProviders(<Capture onLogic={(logic) => (found = logic)} />, { workspace, source: 'workspace' })
  await expect.poll(() => found).toBeDefined()
  const name = await workspaceName(workspace.issuer, workspace.subject)
  return { logic: found!, database: await openWorkspace(name), name }
}

const findings = (count: number) =>
  Array.from({ length: count }, (_, at) => vulnerability({ repository: 'shop', key: `CVE-2024-${at}|lodash@1` }))

describe('the triage machine in the workspace', () => {
  it('saves a bulk step in parts with progress, signed by the signed-in person, and undoes it', async () => {
    const { logic, database } = await triageLogic()
    const count = BULK_PART * 2 + 10
    const actor = createActor(logic, { input: { findings: findings(count), now: new Date().toISOString() } }).start()
    const progress: number[] = []
    actor.subscribe((snapshot) => {
      const done = snapshot.context.step?.done
      if (done !== undefined && progress.at(-1) !== done) progress.push(done)
    })
    actor.send({ type: 'state.choose', state: 'fixed' })
    actor.send({ type: 'draft.change', change: { scope: 'finding', reason: 'Upgraded' } })
    actor.send({ type: 'draft.submit' })
    actor.send({ type: 'decision.confirm' })
    await expect.poll(() => actor.getSnapshot().value, { timeout: 30_000 }).toBe('done')
    expect(progress).toEqual([0, BULK_PART, BULK_PART * 2, count])
    const saved = await listDecisions(database)
    expect(saved).toHaveLength(count)
    expect(saved[0]).toMatchObject({ state: 'fixed', reason: 'Upgraded', by: { name: 'Test Person' } })
    expect(new Set(saved.map((entry) => entry.bulkStep)).size).toBe(1)

    actor.send({ type: 'step.undo' })
    await expect.poll(() => actor.getSnapshot().value, { timeout: 30_000 }).toBe('undone')
    expect(actor.getSnapshot().context.undone).toBe(count)
    const after = await listDecisions(database)
    expect(after).toHaveLength(count * 2)
    // The store lists entries by id, not in the order they were appended: count the undoing ones.
    const undoing = after.filter((entry) => entry.state === 'needs-triage' && entry.previousState === 'fixed')
    expect(undoing).toHaveLength(count)
    database.close()
  })

  it('keeps what a stopped step saved, and can undo it', async () => {
    const { logic, database } = await triageLogic()
    const actor = createActor(logic, {
      input: { findings: findings(BULK_PART * 3), now: new Date().toISOString() },
    }).start()
    // Stopped as its first part is reported saved: a poll could come after every part landed.
    const subscription = actor.subscribe((snapshot) => {
      if ((snapshot.context.step?.done ?? 0) > 0 && snapshot.value === 'applying') actor.send({ type: 'bulk.cancel' })
    })
    actor.send({ type: 'state.choose', state: 'in-triage' })
    actor.send({ type: 'draft.change', change: { scope: 'finding' } })
    actor.send({ type: 'draft.submit' })
    actor.send({ type: 'decision.confirm' })
    await expect.poll(() => actor.getSnapshot().context.cancelled, { timeout: 30_000 }).toBe(true)
    subscription.unsubscribe()
    expect(actor.getSnapshot().context.step?.done).toBe(BULK_PART)
    // No part starts after the stop: a while later, the log holds the first part alone.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await listDecisions(database)).length).toBe(BULK_PART)
    actor.send({ type: 'step.undo' })
    await expect.poll(() => actor.getSnapshot().value, { timeout: 30_000 }).toBe('undone')
    database.close()
  })

  it('tells the workspace and the other tabs once that a step changed the decisions, and once that their counts did (the whole workspace is read again)', async () => {
    const { logic, database, name } = await triageLogic()
    // Another tab of the same person: it reads the workspace again on each message.
    const otherTab = new BroadcastChannel(`vigil:${name}`)
    const messages: unknown[] = []
    otherTab.onmessage = ({ data }) => messages.push(data)
    const actor = createActor(logic, {
      input: { findings: findings(BULK_PART + 1), now: new Date().toISOString() },
    }).start()
    actor.send({ type: 'state.choose', state: 'fixed' })
    actor.send({ type: 'draft.change', change: { scope: 'finding', reason: 'Upgraded' } })
    actor.send({ type: 'draft.submit' })
    actor.send({ type: 'decision.confirm' })
    await expect.poll(() => actor.getSnapshot().value, { timeout: 30_000 }).toBe('done')
    expect(await listDecisions(database)).toHaveLength(BULK_PART + 1)
    // The step's two parts are saved without their counts; the workspace's read after the step weighs them.
    await expect.poll(() => readLog(database).then((read) => read.countsWaiting)).toBe(false)
    await expect.poll(() => messages).toEqual(['decisions', 'changed'])
    // A message per part would have come by now.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(messages).toEqual(['decisions', 'changed'])
    otherTab.close()
    database.close()
  })
})
