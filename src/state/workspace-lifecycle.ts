import { useActorRef, useSelector } from '@xstate/react'
import { startTransition, useCallback, useEffect, useState } from 'react'
import { fromPromise } from 'xstate'
import {
  workspaceMachine,
  type DeletionReply,
  type SettleRequest,
  type WorkspaceEvent,
} from '@/machines/workspace.machine'
import { inspection } from '@/lib/inspection'
import { settleCounts } from '@/workspace/store/decisions'
import { deleteWorkspace, workspaceName } from '@/workspace/store/workspace-names'
import { endCountsWork, settleCountsInWorker } from './settle-counts-worker'
import { workersCanOpen, type OpenWorkspaceStore } from './workspace-connections'
import { closeConnection, type WorkspaceIdentity } from './workspace-deletion'
import { otherTabs } from './workspace-other-tabs'

/**
 * Brings the waiting counts up to date: in a worker, or on the page with a test's store. Stopped
 * (the workspace closed, or another identity's opened), it ends the worker's settling: what that
 * wrote holds, and what it left waits for the next.
 */
async function settle(open: OpenWorkspaceStore, { name, now, expired }: SettleRequest, signal: AbortSignal) {
  if (!workersCanOpen(open)) return settleCounts(await open(name), new Date(now), expired)
  signal.addEventListener('abort', () => endCountsWork(name))
  return settleCountsInWorker(name, now, expired)
}

/** Deletes a workspace, its connection closed first; the caller hears of the end even if the machine stopped meanwhile. */
export async function deleteNamed({ name, reply }: { name: string; reply: DeletionReply }) {
  try {
    await closeConnection(name)
    await deleteWorkspace(name)
    reply.resolve()
  } catch (error) {
    reply.reject(error)
    throw error
  }
}

/** Which reads of the workspace the screens are at: each counter moves on for a read again. */
export interface WorkspaceRevisions {
  /** A change of anything read (an import, a sync, a deletion). */
  revision: number
  /** A change of the decisions alone. */
  decisionsRevision: number
  /** Each deletion starts a new lineage: nothing read before it stands in after it. */
  deletions: number
}

/**
 * The workspace's lifecycle (`workspaceMachine`) with the browser's pieces: its name, the other
 * tabs, the counts' settling and the deletion. Hosted by the provider: unmounted, the machine stops
 * and its settling and cross-tab channel with it.
 */
export function useWorkspaceLifecycle(identity: WorkspaceIdentity | undefined, open: OpenWorkspaceStore) {
  const [revisions, setRevisions] = useState<WorkspaceRevisions>({ revision: 0, decisionsRevision: 0, deletions: 0 })
  const [options] = useState(inspection)
  // A change is drawn in a transition, which React renders in slices between frames: every screen
  // that reads the workspace draws again after it. Whoever changes the workspace and then chooses
  // it sets the choice in a transition too (the feed does): chosen at once, it would show the read
  // from before the change as the latest.
  const bump = (change: (revisions: WorkspaceRevisions) => Partial<WorkspaceRevisions>) =>
    startTransition(() => setRevisions((previous) => ({ ...previous, ...change(previous) })))
  const actor = useActorRef(
    workspaceMachine.provide({
      actions: {
        readAgain: () => bump(({ revision }) => ({ revision: revision + 1 })),
        readDecisionsAgain: () => bump(({ decisionsRevision }) => ({ decisionsRevision: decisionsRevision + 1 })),
        // One transition with the read: no commit shows the new lineage with the deleted workspace's read.
        startNewLineage: () =>
          bump(({ revision, deletions }) => ({ revision: revision + 1, deletions: deletions + 1 })),
        reportSettleFailure: (_, { error }) => console.warn('The counts were not brought up to date', error),
      },
      actors: {
        nameWorkspace: fromPromise(({ input }: { input: WorkspaceIdentity }) => {
          if (typeof indexedDB === 'undefined') throw new Error('This browser has no IndexedDB.')
          return workspaceName(input.issuer, input.subject)
        }),
        otherTabs,
        settleCounts: fromPromise(({ input, signal }: { input: SettleRequest; signal: AbortSignal }) =>
          settle(open, input, signal),
        ),
        deleteWorkspace: fromPromise(({ input }: { input: { name: string; reply: DeletionReply } }) =>
          deleteNamed(input),
        ),
      },
    }),
    { ...options, input: {} },
  )
  useEffect(() => {
    actor.send({ type: 'identity.change', identity })
  }, [actor, identity])
  const owner = useSelector(actor, (snapshot) => snapshot.context.identity)
  const named = useSelector(actor, (snapshot) => snapshot.context.name)
  const failed = useSelector(actor, (snapshot) => snapshot.matches('unavailable'))
  // Another person signed in: the previous person's name is never used, not even until the new one is known.
  const current = !!identity && owner === identity
  // A workspace closed meanwhile (the provider unmounted as a write ended) hears nothing more:
  // whether the event was delivered is returned, for a caller that must act all the same.
  const send = useCallback(
    (event: WorkspaceEvent): boolean => {
      if (actor.getSnapshot().status !== 'active') return false
      actor.send(event)
      return true
    },
    [actor],
  )
  return { ...revisions, name: current ? named : undefined, failed: current && failed, send }
}
