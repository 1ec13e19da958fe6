import { afterEach, describe, expect, it } from 'vitest'
import { render } from 'vitest-browser-react'
import { deleteTestWorkspacesAfterEach, workspaceWithBillingDecided } from '@tests/helpers/workspace'
import { readLog } from '@/workspace/store/decisions'
import type { WorkspaceDatabase } from '@/workspace/store/records'
import { useWorkspace, WorkspaceProvider } from './workspace'
import { WorkspaceStoreContext, type OpenWorkspaceStore } from './workspace-connections'

deleteTestWorkspacesAfterEach()

const connections: WorkspaceDatabase[] = []
afterEach(() => connections.splice(0).forEach((connection) => connection.close()))

/**
 * A store whose reads answer at once until `holdNext()`; the next open (the settling's, with a
 * test's store the counts are settled on the page) then waits for `release()`.
 */
function storeHoldingTheSettling(database: WorkspaceDatabase) {
  let holding = false
  let started!: () => void
  let release!: () => void
  const settlingStarted = new Promise<void>((resolve) => (started = resolve))
  const released = new Promise<void>((resolve) => (release = resolve))
  const open: OpenWorkspaceStore = async () => {
    if (holding) {
      started()
      await released
    }
    return database
  }
  return { open, holdNext: () => (holding = true), settlingStarted, release }
}

/** What the page reported as failed: unhandled rejections, uncaught errors, and posts on a closed channel. */
function recordFailures() {
  const failures: unknown[] = []
  const rejected = (event: PromiseRejectionEvent) => {
    failures.push(event.reason)
    event.preventDefault()
  }
  const failed = (event: ErrorEvent) => failures.push(event.error ?? event.message)
  window.addEventListener('unhandledrejection', rejected)
  window.addEventListener('error', failed)
  const closed = new Set<BroadcastChannel>()
  const { close, postMessage } = BroadcastChannel.prototype
  BroadcastChannel.prototype.close = function (this: BroadcastChannel) {
    closed.add(this)
    close.call(this)
  }
  BroadcastChannel.prototype.postMessage = function (this: BroadcastChannel, message: unknown) {
    if (closed.has(this)) failures.push(`posted ${String(message)} on a closed channel`)
    postMessage.call(this, message)
  }
  return {
    failures,
    stop: () => {
      window.removeEventListener('unhandledrejection', rejected)
      window.removeEventListener('error', failed)
      BroadcastChannel.prototype.close = close
      BroadcastChannel.prototype.postMessage = postMessage
    },
  }
}

/** The next task: the browser reports a promise rejected without a handler once the microtasks before it ran. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

describe('a workspace closed while its counts are being settled', () => {
  it('posts nothing on its closed channel, and nothing rejects unhandled', async () => {
    const { identity, database } = await workspaceWithBillingDecided()
    connections.push(database)
    const store = storeHoldingTheSettling(database)
    const recorder = recordFailures()
    try {
      function Probe() {
        // Held from the render that shows the read: the settling starts a delay after it.
        if (useWorkspace().summaries) store.holdNext()
        return null
      }
      const screen = await render(
        <WorkspaceStoreContext.Provider value={store.open}>
          <WorkspaceProvider identity={identity}>
            <Probe />
          </WorkspaceProvider>
        </WorkspaceStoreContext.Provider>,
      )
      await store.settlingStarted
      await screen.unmount()
      store.release()
      // The settling still runs to its end (on the page, with a test's store), and writes its counts.
      await expect.poll(async () => (await readLog(database)).countsWaiting).toBe(false)
      await nextTask()
      expect(recorder.failures).toEqual([])
    } finally {
      recorder.stop()
    }
  })
})
