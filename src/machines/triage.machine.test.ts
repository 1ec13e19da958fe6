import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import type { DecidableFinding } from '@/workspace/triage/resolve'
import {
  triageMachine,
  type BulkRunInput,
  type BulkRunnerEvent,
  type TriageEvent,
  type UndoRunInput,
  type UndoRunnerEvent,
} from './triage.machine'

const finding = (key: string, change: Partial<DecidableFinding> = {}): DecidableFinding => ({
  repository: 'payments',
  key,
  kind: 'vulnerability',
  advisoryId: 'CVE-2024-0001',
  packageName: 'lodash',
  packageVersion: '4.17.20',
  ecosystem: 'npm',
  severity: 'High',
  tool: 'Trivy',
  ...change,
})
const now = '2026-03-01T00:00:00Z'

/** A triage machine whose actors are test doubles: the test plays their reports. */
function harness(findings: DecidableFinding[] = [finding('a'), finding('b', { severity: 'Critical' })]) {
  const runs: BulkRunInput[] = []
  const undos: UndoRunInput[] = []
  const stopped = vi.fn()
  const announceChange = vi.fn()
  let bulk: ((event: BulkRunnerEvent) => void) | undefined
  let undo: ((event: UndoRunnerEvent) => void) | undefined
  const actor = createActor(
    triageMachine.provide({
      actions: { announceChange },
      actors: {
        applyDecisions: fromCallback<BulkRunnerEvent, BulkRunInput>(({ input, sendBack }) => {
          runs.push(input)
          bulk = sendBack
          return stopped
        }),
        undoStep: fromCallback<UndoRunnerEvent, UndoRunInput>(({ input, sendBack }) => {
          undos.push(input)
          undo = sendBack
          return () => {}
        }),
      },
    }),
    { input: { findings, now } },
  ).start()
  const send = (...events: TriageEvent[]) => events.forEach((event) => actor.send(event))
  return {
    actor,
    send,
    runs,
    undos,
    stopped,
    announceChange,
    bulk: (event: BulkRunnerEvent) => bulk?.(event),
    undo: (event: UndoRunnerEvent) => undo?.(event),
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  }
}

/** Through choose, justify and confirm to the bulk step. */
function applying() {
  const triage = harness()
  triage.send(
    { type: 'state.choose', state: 'accepted-risk' },
    { type: 'draft.change', change: { reason: 'Internal only', expiresOn: '2026-06-30' } },
    { type: 'draft.submit' },
    { type: 'decision.confirm' },
  )
  return triage
}

describe('triage machine', () => {
  it('starts choosing a state, at the advisory in the repository for several vulnerabilities', () => {
    const { value, context } = harness()
    expect(value()).toBe('choosing')
    expect(context().draft).toEqual({ state: 'needs-triage', scope: 'advisory-in-repository', reason: '' })
  })

  it('does not start without findings', () => {
    const triage = harness([])
    triage.send({ type: 'state.choose', state: 'fixed' })
    expect(triage.value()).toBe('choosing')
  })

  it('refuses an incomplete decision with what to fix, and goes on once it is complete', () => {
    const triage = harness()
    triage.send({ type: 'state.choose', state: 'accepted-risk' }, { type: 'draft.submit' })
    expect(triage.value()).toBe('justifying')
    expect(triage.context().problems).toEqual([
      'Write why the team accepts the risk.',
      'Choose the day the accepted risk expires, so that the finding is looked at again.',
    ])
    triage.send({ type: 'draft.change', change: { reason: 'Internal only', expiresOn: '2026-01-31' } })
    expect(triage.context().problems).toEqual([])
    triage.send({ type: 'draft.submit' })
    expect(triage.context().problems).toEqual([
      'Choose an expiry after today: an accepted risk that has already expired is open.',
    ])
    triage.send({ type: 'draft.change', change: { expiresOn: '2026-06-30' } }, { type: 'draft.submit' })
    expect(triage.value()).toBe('confirming')
  })

  it('changes the state while justifying, goes back to choosing, and back from confirming to edit', () => {
    const triage = harness()
    triage.send({ type: 'state.choose', state: 'not-affected' }, { type: 'state.choose', state: 'fixed' })
    expect(triage.context().draft.state).toBe('fixed')
    triage.send({ type: 'draft.back' })
    expect(triage.value()).toBe('choosing')
    triage.send({ type: 'state.choose', state: 'fixed' }, { type: 'draft.submit' }, { type: 'decision.edit' })
    expect(triage.value()).toBe('justifying')
  })

  it('applies the decisions as one bulk step with progress, and announces the change', () => {
    const triage = applying()
    expect(triage.value()).toBe('applying')
    expect(triage.runs).toHaveLength(1)
    expect(triage.runs[0].requests).toEqual([
      {
        decision: {
          state: 'accepted-risk',
          scope: { kind: 'advisory', repository: 'payments', advisoryId: 'CVE-2024-0001' },
          reason: 'Internal only',
          expiresOn: '2026-06-30',
        },
        severity: 'Critical',
      },
    ])
    triage.bulk({ type: 'bulk.started', stepId: 'step-1', total: 40 })
    triage.bulk({ type: 'bulk.progressed', done: 25 })
    expect(triage.context().step).toEqual({ id: 'step-1', total: 40, done: 25 })
    triage.bulk({ type: 'bulk.applied' })
    expect(triage.value()).toBe('done')
    expect(triage.context().step).toEqual({ id: 'step-1', total: 40, done: 40 })
    expect(triage.announceChange).toHaveBeenCalledTimes(1)
  })

  it('cancels the bulk step: stops the actor and keeps what it wrote, which can be undone', () => {
    const triage = applying()
    triage.bulk({ type: 'bulk.started', stepId: 'step-1', total: 40 })
    triage.bulk({ type: 'bulk.progressed', done: 10 })
    triage.send({ type: 'bulk.cancel' })
    expect(triage.stopped).toHaveBeenCalledTimes(1)
    expect(triage.value()).toBe('done')
    expect(triage.context()).toMatchObject({ cancelled: true, step: { id: 'step-1', done: 10 } })
    expect(triage.announceChange).toHaveBeenCalledTimes(1)
    triage.send({ type: 'step.undo' })
    expect(triage.undos).toEqual([{ stepId: 'step-1' }])
  })

  it('undoes the last bulk step, and reports how many decisions it restored', () => {
    const triage = applying()
    triage.bulk({ type: 'bulk.started', stepId: 'step-1', total: 2 })
    triage.bulk({ type: 'bulk.applied' })
    triage.send({ type: 'step.undo' })
    expect(triage.value()).toBe('undoing')
    triage.undo({ type: 'undo.applied', count: 2 })
    expect(triage.value()).toBe('undone')
    expect(triage.context()).toMatchObject({ undone: 2, step: undefined })
    expect(triage.announceChange).toHaveBeenCalledTimes(2)
    triage.send({ type: 'triage.restart' })
    expect(triage.value()).toBe('choosing')
    expect(triage.context()).toMatchObject({ problems: [], cancelled: false, undone: undefined })
  })

  it('reports a failed bulk step or undo in words, and undoes nothing when no step started', () => {
    const triage = applying()
    triage.bulk({ type: 'bulk.failed', message: 'Vigil cannot write to its storage in this browser.' })
    expect(triage.value()).toBe('done')
    expect(triage.context().problem).toBe('Vigil cannot write to its storage in this browser.')
    triage.send({ type: 'step.undo' })
    expect(triage.value()).toBe('done')
    triage.send({ type: 'triage.restart' })
    expect(triage.context().draft.state).toBe('needs-triage')

    const other = applying()
    other.bulk({ type: 'bulk.started', stepId: 's', total: 1 })
    other.bulk({ type: 'bulk.applied' })
    other.send({ type: 'step.undo' })
    other.undo({ type: 'undo.failed', message: 'The storage is full.' })
    expect(other.value()).toBe('done')
    expect(other.context().problem).toBe('The storage is full.')
  })
})
