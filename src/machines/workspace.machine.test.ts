import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate'
import {
  SETTLE_DELAY_MS,
  SupersededSettlingError,
  workspaceMachine,
  type DeletionReply,
  type OtherTabsEvent,
  type PostEvent,
  type SettleRequest,
  type WorkspaceOwner,
} from './workspace.machine'

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

const alice: WorkspaceOwner = { issuer: 'https://id.test', subject: 'alice' }
const bob: WorkspaceOwner = { issuer: 'https://id.test', subject: 'bob' }
const START = Date.parse('2026-03-01T12:00:00Z')

/**
 * A workspace machine on a simulated clock whose browser pieces are test doubles: names, settlings
 * and deletions answer when the test settles them, and the other tabs are a channel the test plays.
 */
function harness() {
  const clock = new SimulatedClock()
  clock.set(START)
  const names = new Map<string, ReturnType<typeof deferred<string>>>()
  const settlings: (SettleRequest & ReturnType<typeof deferred<boolean>> & { aborted: () => boolean })[] = []
  const deletions: { name: string; answer: ReturnType<typeof deferred<void>> }[] = []
  const posted: string[] = []
  const channels = { open: 0, closed: 0 }
  let fromOtherTab: ((event: OtherTabsEvent) => void) | undefined
  const effects = {
    readAgain: vi.fn(),
    readDecisionsAgain: vi.fn(),
    startNewLineage: vi.fn(),
    reportSettleFailure: vi.fn(),
  }
  const actor = createActor(
    workspaceMachine.provide({
      actions: {
        readAgain: effects.readAgain,
        readDecisionsAgain: effects.readDecisionsAgain,
        startNewLineage: effects.startNewLineage,
        reportSettleFailure: (_, params) => effects.reportSettleFailure(params.error),
      },
      actors: {
        nameWorkspace: fromPromise<string, WorkspaceOwner>(({ input }) => {
          const name = deferred<string>()
          names.set(input.subject, name)
          return name.promise
        }),
        otherTabs: fromCallback<PostEvent, { name: string }>(({ input, sendBack, receive }) => {
          channels.open += 1
          fromOtherTab = sendBack
          receive((event) => posted.push(`${input.name}: ${event.message}`))
          return () => {
            channels.closed += 1
          }
        }),
        settleCounts: fromPromise<boolean, SettleRequest>(({ input, signal }) => {
          const answer = deferred<boolean>()
          settlings.push({ ...input, ...answer, aborted: () => signal.aborted })
          return answer.promise
        }),
        deleteWorkspace: fromPromise<void, { name: string; reply: DeletionReply }>(async ({ input }) => {
          const answer = deferred<void>()
          deletions.push({ name: input.name, answer })
          try {
            await answer.promise
            input.reply.resolve()
          } catch (error) {
            input.reply.reject(error)
            throw error
          }
        }),
      },
    }),
    { clock, input: { now: () => clock.now() } },
  ).start()
  /** The next task: the promises the test settled have reached the machine. */
  const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
  /** Signs in `owner` and names their workspace. */
  const openFor = async (owner: WorkspaceOwner = alice, name = `vigil-${owner.subject}`) => {
    actor.send({ type: 'identity.change', identity: owner })
    names.get(owner.subject)!.resolve(name)
    await flush()
  }
  const read = (waiting: boolean, summaries: { name: string; triage?: { reopensAt?: string } }[] = []) =>
    actor.send({ type: 'workspace.read', summaries, waiting })
  return {
    actor,
    clock,
    names,
    settlings,
    deletions,
    posted,
    channels,
    effects,
    flush,
    openFor,
    read,
    otherTab: (event: OtherTabsEvent) => fromOtherTab?.(event),
  }
}

describe('workspace machine', () => {
  it('is closed until an identity signs in, then opens once its database is named', async () => {
    const { actor, openFor, channels } = harness()
    expect(actor.getSnapshot().value).toBe('closed')
    actor.send({ type: 'identity.change', identity: alice })
    expect(actor.getSnapshot().value).toBe('naming')
    await openFor()
    expect(actor.getSnapshot().value).toEqual({ open: { ready: 'idle' } })
    expect(actor.getSnapshot().context).toMatchObject({ identity: alice, name: 'vigil-alice' })
    expect(channels).toEqual({ open: 1, closed: 0 })
  })

  it('is unavailable when the name cannot be worked out, and opens for the next identity', async () => {
    const { actor, names, flush, openFor } = harness()
    actor.send({ type: 'identity.change', identity: alice })
    names.get('alice')!.reject(new Error('no storage'))
    await flush()
    expect(actor.getSnapshot().value).toBe('unavailable')
    await openFor(bob)
    expect(actor.getSnapshot().context.name).toBe('vigil-bob')
  })

  it('settles the waiting counts a delay after a read, then reads again and tells the other tabs', async () => {
    const { actor, clock, read, settlings, effects, posted, flush, openFor } = harness()
    await openFor()
    read(true)
    clock.increment(SETTLE_DELAY_MS - 1)
    expect(settlings).toHaveLength(0)
    clock.increment(1)
    expect(actor.getSnapshot().value).toEqual({ open: { ready: 'settling' } })
    expect(settlings).toMatchObject([{ name: 'vigil-alice', now: START + SETTLE_DELAY_MS, expired: [] }])
    settlings[0].resolve(true)
    await flush()
    expect(actor.getSnapshot().value).toEqual({ open: { ready: 'idle' } })
    expect(effects.readAgain).toHaveBeenCalledTimes(1)
    expect(posted).toEqual(['vigil-alice: changed'])
  })

  it('waits a whole delay again after each read, and settles nothing when nothing waits', async () => {
    const { actor, clock, read, settlings, openFor } = harness()
    await openFor()
    read(false)
    clock.increment(SETTLE_DELAY_MS - 1)
    read(true)
    clock.increment(SETTLE_DELAY_MS - 1)
    expect(settlings).toHaveLength(0)
    read(false)
    clock.increment(SETTLE_DELAY_MS)
    expect(settlings).toHaveLength(0)
    expect(actor.getSnapshot().value).toEqual({ open: { ready: 'idle' } })
  })

  it('announces nothing when the settling found no counts waiting', async () => {
    const { clock, read, settlings, effects, posted, flush, openFor } = harness()
    await openFor()
    read(true)
    clock.increment(SETTLE_DELAY_MS)
    settlings[0].resolve(false)
    await flush()
    expect(effects.readAgain).not.toHaveBeenCalled()
    expect(posted).toEqual([])
  })

  it('reopens an expired accepted risk once, and again only after a decision ended its settling', async () => {
    const { clock, read, settlings, effects, flush, openFor } = harness()
    await openFor()
    const expired = [
      { name: 'payments', triage: { reopensAt: '2026-02-01T00:00:00.000Z' } },
      { name: 'billing', triage: { reopensAt: '2026-12-01T00:00:00.000Z' } },
      { name: 'search' },
    ]
    read(false, expired)
    clock.increment(SETTLE_DELAY_MS)
    expect(settlings.map((settling) => settling.expired)).toEqual([['payments']])
    settlings[0].resolve(true)
    await flush()
    // Tried once: the read after it settles nothing for it.
    read(false, expired)
    clock.increment(SETTLE_DELAY_MS)
    expect(settlings).toHaveLength(1)
    // A settling a decision ended leaves its expiries to the next read.
    read(true, [{ name: 'orders', triage: { reopensAt: '2026-02-15T00:00:00.000Z' } }])
    clock.increment(SETTLE_DELAY_MS)
    expect(settlings[1].expired).toEqual(['orders'])
    settlings[1].reject(new SupersededSettlingError())
    await flush()
    expect(effects.reportSettleFailure).not.toHaveBeenCalled()
    read(false, [{ name: 'orders', triage: { reopensAt: '2026-02-15T00:00:00.000Z' } }])
    clock.increment(SETTLE_DELAY_MS)
    expect(settlings[2].expired).toEqual(['orders'])
  })

  it('reports a settling that failed, and weighs no read that came while it ran', async () => {
    const { actor, clock, read, settlings, effects, flush, openFor } = harness()
    await openFor()
    read(true)
    clock.increment(SETTLE_DELAY_MS)
    read(true)
    expect(actor.getSnapshot().value).toEqual({ open: { ready: 'settling' } })
    const failure = new Error('quota')
    settlings[0].reject(failure)
    await flush()
    expect(effects.reportSettleFailure).toHaveBeenCalledWith(failure)
    expect(actor.getSnapshot().value).toEqual({ open: { ready: 'idle' } })
    clock.increment(SETTLE_DELAY_MS)
    expect(settlings).toHaveLength(1)
  })

  it('stops a settling when the workspace closes mid-settle: its end announces nothing, on no channel', async () => {
    const { actor, clock, read, settlings, effects, posted, channels, flush, openFor } = harness()
    await openFor()
    read(true)
    clock.increment(SETTLE_DELAY_MS)
    actor.send({ type: 'identity.change', identity: undefined })
    expect(actor.getSnapshot().value).toBe('closed')
    expect(channels).toEqual({ open: 1, closed: 1 })
    expect(settlings[0].aborted()).toBe(true)
    settlings[0].resolve(true)
    await flush()
    expect(effects.readAgain).not.toHaveBeenCalled()
    expect(posted).toEqual([])
  })

  it('stops a settling when the host stops the machine (the provider unmounted): its end is ignored', async () => {
    const { actor, clock, read, settlings, effects, posted, channels, flush, openFor } = harness()
    await openFor()
    read(true)
    clock.increment(SETTLE_DELAY_MS)
    actor.stop()
    expect(channels.closed).toBe(1)
    expect(settlings[0].aborted()).toBe(true)
    settlings[0].reject(new Error('The database connection is closing.'))
    await flush()
    expect(effects.readAgain).not.toHaveBeenCalled()
    expect(effects.reportSettleFailure).not.toHaveBeenCalled()
    expect(posted).toEqual([])
  })

  it('closes the previous identity’s workspace when another signs in, and names the new one', async () => {
    const { actor, clock, read, settlings, channels, openFor } = harness()
    await openFor()
    read(true)
    clock.increment(SETTLE_DELAY_MS)
    actor.send({ type: 'identity.change', identity: bob })
    expect(actor.getSnapshot().value).toBe('naming')
    expect(actor.getSnapshot().context.name).toBeUndefined()
    expect(settlings[0].aborted()).toBe(true)
    await openFor(bob)
    expect(actor.getSnapshot().context.name).toBe('vigil-bob')
    expect(channels).toEqual({ open: 2, closed: 1 })
  })

  it('reads again for this tab’s changes and tells the other tabs; reads again for theirs', async () => {
    const { actor, effects, posted, otherTab, openFor } = harness()
    actor.send({ type: 'workspace.changed' })
    expect(effects.readAgain).not.toHaveBeenCalled()
    await openFor()
    actor.send({ type: 'workspace.changed' })
    actor.send({ type: 'workspace.decisionsChanged' })
    expect(posted).toEqual(['vigil-alice: changed', 'vigil-alice: decisions'])
    otherTab({ type: 'otherTab.changed' })
    otherTab({ type: 'otherTab.decisions' })
    expect(effects.readAgain).toHaveBeenCalledTimes(2)
    expect(effects.readDecisionsAgain).toHaveBeenCalledTimes(2)
    expect(posted).toHaveLength(2)
  })

  it('deletes the workspace when asked, stopping a settling, then reads again in a new lineage', async () => {
    const { actor, clock, read, settlings, deletions, effects, posted, flush, openFor } = harness()
    await openFor()
    read(true)
    clock.increment(SETTLE_DELAY_MS)
    const removed = vi.fn()
    actor.send({ type: 'workspace.remove', reply: { resolve: removed, reject: vi.fn() } })
    expect(actor.getSnapshot().value).toEqual({ open: 'deleting' })
    expect(settlings[0].aborted()).toBe(true)
    expect(deletions.map((deletion) => deletion.name)).toEqual(['vigil-alice'])
    deletions[0].answer.resolve()
    await flush()
    expect(removed).toHaveBeenCalledTimes(1)
    expect(effects.startNewLineage).toHaveBeenCalledTimes(1)
    expect(posted).toEqual(['vigil-alice: changed'])
    expect(actor.getSnapshot().value).toEqual({ open: { ready: 'idle' } })
  })

  it('tells the caller why a deletion failed, and keeps the workspace open', async () => {
    const { actor, deletions, effects, flush, openFor } = harness()
    await openFor()
    const failed = vi.fn()
    actor.send({ type: 'workspace.remove', reply: { resolve: vi.fn(), reject: failed } })
    const blocked = new Error('blocked')
    deletions[0].answer.reject(blocked)
    await flush()
    expect(failed).toHaveBeenCalledWith(blocked)
    expect(effects.startNewLineage).not.toHaveBeenCalled()
    expect(actor.getSnapshot().value).toEqual({ open: { ready: 'idle' } })
  })

  it('deletes again when asked while deleting, and answers at once when no workspace is open', async () => {
    const { actor, deletions, flush, openFor } = harness()
    const nothing = vi.fn()
    actor.send({ type: 'workspace.remove', reply: { resolve: nothing, reject: vi.fn() } })
    expect(nothing).toHaveBeenCalledTimes(1)
    await openFor()
    const first = vi.fn()
    const second = vi.fn()
    actor.send({ type: 'workspace.remove', reply: { resolve: first, reject: vi.fn() } })
    actor.send({ type: 'workspace.remove', reply: { resolve: second, reject: vi.fn() } })
    expect(deletions).toHaveLength(2)
    // The first caller hears of its deletion though the machine moved on to the second.
    deletions[0].answer.resolve()
    deletions[1].answer.resolve()
    await flush()
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(1)
  })
})
