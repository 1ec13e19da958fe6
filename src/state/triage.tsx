import { createActorContext } from '@xstate/react'
import { createContext, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react'
import { fromCallback } from 'xstate'
import { inspection } from '@/lib/inspection'
import {
  triageMachine,
  type BulkRunInput,
  type BulkRunnerEvent,
  type TriageMachine,
  type UndoRunInput,
  type UndoRunnerEvent,
} from '@/machines/triage.machine'
import { recordDecisions, undoBulkStep, type DecisionAuthor, type DecisionEntry } from '@/workspace/triage/decision-log'
import type { DecidableFinding } from '@/workspace/triage/resolve'
import { namedActorContext } from './named-actor-context'
import { useOptionalWorkspace, type WorkspaceState } from './workspace'

/** Decisions written per transaction in a bulk step: the progress moves between parts. */
export const BULK_PART = 2_500

export const TriageActor = namedActorContext(createActorContext(triageMachine), 'TriageHost')

interface TriageWriter {
  logic: TriageMachine
  author: DecisionAuthor
}

const TriageContext = createContext<TriageWriter | null>(null)

const messageOf = (error: unknown) =>
  `The decisions could not be saved: ${error instanceof Error ? error.message : String(error)}`

const logIds = new WeakMap<readonly DecisionEntry[], ReadonlySet<string>>()

/** A log's entries' ids, gathered once per log read. */
function idsOf(log: readonly DecisionEntry[]): ReadonlySet<string> {
  let ids = logIds.get(log)
  if (!ids) logIds.set(log, (ids = new Set(log.map((entry) => entry.id))))
  return ids
}

/**
 * The triage machine with the workspace's writes. `log` gives the decisions as last read, and the
 * entries written here since are added to it: the workspace reloads after a step, not during it.
 */
function provideTriage(
  author: DecisionAuthor,
  record: WorkspaceState['recordDecisions'],
  changed: () => void,
  log: () => readonly DecisionEntry[],
): TriageMachine {
  let written: DecisionEntry[] = []
  // The log as last read, and the entries written since that it does not hold yet (newest: at its end).
  const current = () => {
    const read = log()
    if (written.length === 0) return read
    const ids = idsOf(read)
    written = written.filter((entry) => !ids.has(entry.id))
    return written.length === 0 ? read : [...read, ...written]
  }
  return triageMachine.provide({
    actions: { announceChange: () => changed() },
    actors: {
      applyDecisions: fromCallback<BulkRunnerEvent, BulkRunInput>(({ input, sendBack }) => {
        let stopped = false
        // Told that the step ended, the machine announces the change itself.
        let reported = false
        const stepId = crypto.randomUUID()
        const entries = recordDecisions(current(), input.requests, {
          by: author,
          at: new Date().toISOString(),
          bulkStep: stepId,
        })
        sendBack({ type: 'bulk.started', stepId, total: entries.length })
        let saved = 0
        void (async () => {
          for (let at = 0; at < entries.length && !stopped; at += BULK_PART) {
            const part = entries.slice(at, at + BULK_PART)
            // The counts are weighed once, after the step, in a worker (see `WorkspaceState.recordDecisions`).
            await record(part, { announce: false, counts: 'later', newIds: true })
            written = [...written, ...part]
            saved += part.length
            if (!stopped) sendBack({ type: 'bulk.progressed', done: saved })
          }
          if (!stopped) {
            reported = true
            sendBack({ type: 'bulk.applied' })
          }
        })()
          .catch((error: unknown) => {
            if (stopped) return
            reported = true
            sendBack({ type: 'bulk.failed', message: messageOf(error) })
          })
          .finally(() => {
            // Cut short (the dialog closed mid-step): what was saved still reaches the screens,
            // and its counts are brought up to date as after any step.
            if (saved > 0 && !reported) changed()
          })
        return () => {
          stopped = true
        }
      }),
      undoStep: fromCallback<UndoRunnerEvent, UndoRunInput>(({ input, sendBack }) => {
        const { entries } = undoBulkStep(current(), input.stepId, { by: author, at: new Date().toISOString() })
        record(entries, { announce: false, counts: 'later', newIds: true }).then(
          () => {
            written = [...written, ...entries]
            sendBack({ type: 'undo.applied', count: entries.length })
          },
          (error: unknown) => sendBack({ type: 'undo.failed', message: messageOf(error) }),
        )
      }),
    },
  })
}

/** The workspace's log and writer as last rendered. */
class LatestWorkspace {
  log: readonly DecisionEntry[] = []
  record?: WorkspaceState['recordDecisions']
  update(log: readonly DecisionEntry[], record: WorkspaceState['recordDecisions'] | undefined) {
    this.log = log
    this.record = record
  }
}

/**
 * Who signs the decisions made in this browser (the signed-in person, from the ID token), and the
 * triage machine that writes them into the workspace. Without an author or a workspace nothing
 * can be decided, and the screens offer no decision.
 */
export function TriageProvider({ author, children }: { author?: DecisionAuthor; children: ReactNode }) {
  const workspace = useOptionalWorkspace()
  const changed = workspace?.decisionsChanged
  const ready = workspace?.databaseName !== undefined
  // The machine reads the workspace's latest log and writer when it runs, not when it is made.
  const [live] = useState(() => new LatestWorkspace())
  useLayoutEffect(() => live.update(workspace?.decisions ?? [], workspace?.recordDecisions))
  const value = useMemo(
    () =>
      author && changed && ready
        ? {
            author,
            logic: provideTriage(
              author,
              async (entries, options) => {
                if (!live.record) throw new Error('Your workspace is not ready yet: try again in a moment.')
                await live.record(entries, options)
              },
              changed,
              () => live.log,
            ),
          }
        : null,
    [author, changed, ready, live],
  )
  return <TriageContext.Provider value={value}>{children}</TriageContext.Provider>
}

/** The triage machine for this workspace, or undefined when decisions cannot be made here. */
export function useTriageLogic(): TriageMachine | undefined {
  return useContext(TriageContext)?.logic
}

/** The signed-in person who signs decisions and downloads, or undefined when decisions cannot be made here. */
export function useTriageAuthor(): DecisionAuthor | undefined {
  return useContext(TriageContext)?.author
}

/** One run of the decision dialog over the chosen findings: a new actor each time it is mounted. */
export function TriageHost({ findings, children }: { findings: DecidableFinding[]; children: ReactNode }) {
  const logic = useTriageLogic()
  const [options] = useState(() => ({ ...inspection(), input: { findings, now: new Date().toISOString() } }))
  if (!logic) return null
  return (
    <TriageActor.Provider logic={logic} options={options}>
      {children}
    </TriageActor.Provider>
  )
}
