import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import type { FeedSyncReport } from '@/workspace/feed/sync/sync'
import { feedSyncMachine, type FeedRunnerEvent, type FeedSyncRequest } from './feed-sync.machine'

/**
 * A feed-sync machine whose worker is a test double: the test plays the worker's messages.
 * `signIn` is what reading the person's feed at sign-in gives: no feed unless told.
 */
function harness(signIn: () => Promise<FeedSyncRequest | undefined> = async () => undefined) {
  const runs: FeedSyncRequest[] = []
  const stopped = vi.fn()
  let worker: ((event: FeedRunnerEvent) => void) | undefined
  const announceChange = vi.fn()
  const showWorkspace = vi.fn()
  const actor = createActor(
    feedSyncMachine.provide({
      actions: { announceChange, showWorkspace },
      actors: {
        runSync: fromCallback<FeedRunnerEvent, FeedSyncRequest>(({ input, sendBack }) => {
          runs.push(input)
          worker = sendBack
          return stopped
        }),
        readSignInFeed: fromPromise(signIn),
      },
    }),
  ).start()
  return { actor, runs, stopped, announceChange, showWorkspace, worker: (event: FeedRunnerEvent) => worker?.(event) }
}

const report = (fetched: number): FeedSyncReport => ({
  syncedAt: '2026-11-22T10:00:00Z',
  manifestUnchanged: false,
  repositories: 2,
  files: 3,
  fetched,
  fromSnapshot: 0,
  unchanged: 3 - fetched,
  removed: [],
  added: 4,
  fixed: 0,
  problems: [],
  requests: 4,
  tokenSent: false,
})

const sync = { type: 'feed.sync', manifestUrl: 'https://feed.test/manifest.json', token: 'access' } as const

describe('feed-sync machine', () => {
  it('syncs with progress, and keeps the report when it is done', async () => {
    const { actor, runs, worker, announceChange } = harness()
    await waitFor(actor, (snapshot) => snapshot.matches('idle'))
    actor.send(sync)
    expect(actor.getSnapshot().value).toBe('syncing')
    expect(runs).toEqual([{ manifestUrl: 'https://feed.test/manifest.json', token: 'access' }])
    const progress = { done: 1, total: 3, repositories: 1, repositoriesTotal: 2, bytes: 100, bytesTotal: 300 }
    worker({ type: 'feed.progress', progress })
    expect(actor.getSnapshot().context.progress).toEqual(progress)
    worker({ type: 'feed.synced', report: report(3) })
    expect(actor.getSnapshot().value).toBe('synced')
    expect(actor.getSnapshot().context).toMatchObject({ report: report(3), progress: undefined })
    expect(announceChange).toHaveBeenCalledTimes(1)
  })

  it('announces nothing after a sync that found every file unchanged, but does after one that removed a repository', () => {
    const { actor, worker, announceChange, showWorkspace } = harness()
    actor.send({ ...sync, show: true })
    worker({ type: 'feed.synced', report: report(0) })
    expect(actor.getSnapshot().value).toBe('synced')
    expect(announceChange).not.toHaveBeenCalled()
    expect(showWorkspace).toHaveBeenCalledTimes(1)
    actor.send(sync)
    worker({ type: 'feed.synced', report: { ...report(0), removed: ['retired-service'] } })
    expect(announceChange).toHaveBeenCalledTimes(1)
  })

  it('announces a sync that read only the team’s decisions or history file again, every scan file unchanged', () => {
    const { actor, worker, announceChange } = harness()
    actor.send(sync)
    worker({ type: 'feed.synced', report: { ...report(0), decisionsAdded: 0 } })
    expect(announceChange).toHaveBeenCalledTimes(1)
    actor.send(sync)
    worker({ type: 'feed.synced', report: { ...report(0), historyRuns: 2 } })
    expect(announceChange).toHaveBeenCalledTimes(2)
  })

  it('announces a sync that kept a newer reference catalogue, and not one that found them unchanged or older', () => {
    const { actor, worker, announceChange } = harness()
    const kev = { kind: 'kev', name: 'KEV catalogue' } as const
    actor.send(sync)
    worker({
      type: 'feed.synced',
      report: {
        ...report(0),
        catalogues: [
          { ...kev, status: 'unchanged' },
          { ...kev, status: 'kept' },
        ],
      },
    })
    expect(announceChange).not.toHaveBeenCalled()
    actor.send(sync)
    worker({ type: 'feed.synced', report: { ...report(0), catalogues: [{ ...kev, status: 'updated' }] } })
    expect(announceChange).toHaveBeenCalledTimes(1)
  })

  it('announces a sync whose repositories all came from the snapshot, no file fetched', () => {
    const { actor, worker, announceChange } = harness()
    actor.send(sync)
    worker({ type: 'feed.synced', report: { ...report(0), unchanged: 0, fromSnapshot: 3 } })
    expect(announceChange).toHaveBeenCalledTimes(1)
  })

  it('shows the workspace once synced only when the user asked for the sync', () => {
    const { actor, worker, showWorkspace } = harness()
    actor.send(sync)
    worker({ type: 'feed.synced', report: report(3) })
    expect(showWorkspace).not.toHaveBeenCalled()
    actor.send({ ...sync, show: true })
    worker({ type: 'feed.failed', message: 'HTTP 500' })
    expect(showWorkspace).not.toHaveBeenCalled()
    actor.send({ ...sync, show: true })
    worker({ type: 'feed.synced', report: report(1) })
    expect(showWorkspace).toHaveBeenCalledTimes(1)
  })

  it('fails with the reason, keeps the last good report, and says the workspace may have changed', () => {
    const { actor, worker, announceChange } = harness()
    actor.send(sync)
    worker({ type: 'feed.synced', report: report(3) })
    actor.send(sync)
    worker({ type: 'feed.failed', message: 'This browser is offline.' })
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context).toMatchObject({ problem: 'This browser is offline.', report: report(3) })
    expect(announceChange).toHaveBeenCalledTimes(2)
  })

  it('starts again on demand from any state, stopping a sync under way', () => {
    const { actor, runs, stopped, worker } = harness()
    actor.send(sync)
    actor.send({ ...sync, token: undefined })
    expect(stopped).toHaveBeenCalledTimes(1)
    expect(runs).toHaveLength(2)
    worker({ type: 'feed.failed', message: 'HTTP 404' })
    actor.send(sync)
    expect(actor.getSnapshot()).toMatchObject({ value: 'syncing', context: { problem: undefined } })
  })

  it('cancels: stops the worker and goes back to idle', () => {
    const { actor, stopped } = harness()
    actor.send(sync)
    actor.send({ type: 'feed.cancel' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(stopped).toHaveBeenCalledTimes(1)
  })

  it('syncs the feed the settings name at sign-in, showing the workspace when the sign-in asked for it', async () => {
    const { actor, runs, worker, showWorkspace } = harness(async () => ({ ...sync, show: true }))
    expect(actor.getSnapshot().value).toBe('atSignIn')
    await waitFor(actor, (snapshot) => snapshot.matches('syncing'))
    expect(runs).toEqual([{ ...sync, show: true }])
    worker({ type: 'feed.synced', report: report(3) })
    expect(actor.getSnapshot().value).toBe('synced')
    expect(showWorkspace).toHaveBeenCalledTimes(1)
  })

  it('waits for the person at sign-in when no feed is named, or when the token cannot be read', async () => {
    const none = harness()
    await waitFor(none.actor, (snapshot) => snapshot.matches('idle'))
    const unreadable = harness(async () => {
      throw new Error('The provider could not be asked')
    })
    await waitFor(unreadable.actor, (snapshot) => snapshot.matches('idle'))
    expect([...none.runs, ...unreadable.runs]).toEqual([])
  })

  it('syncs what the person asked for while the settings are read, and stops reading them', () => {
    const { actor, runs } = harness(() => new Promise(() => {}))
    expect(actor.getSnapshot().children).toHaveProperty('readSignInFeed')
    const asked = { ...sync, manifestUrl: 'https://other.test/manifest.json' }
    actor.send(asked)
    expect(actor.getSnapshot().value).toBe('syncing')
    expect(actor.getSnapshot().children).not.toHaveProperty('readSignInFeed')
    expect(runs).toEqual([{ manifestUrl: asked.manifestUrl, token: 'access', show: undefined }])
  })
})
