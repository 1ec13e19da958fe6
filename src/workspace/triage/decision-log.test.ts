import { describe, expect, it } from 'vitest'
import type { Decision } from './decision'
import {
  currentDecisions,
  lastBulkStep,
  recordDecisions,
  undoBulkStep,
  undoLastBulkStep,
  type DecisionEntry,
} from './decision-log'
import { alice, bob, sequentialIds } from '@tests/helpers/triage'

const scopeA = { kind: 'finding', repository: 'payments', findingKey: 'a' } as const
const scopeB = { kind: 'finding', repository: 'payments', findingKey: 'b' } as const
const decide = (scope: Decision['scope'], state: Decision['state'], reason = ''): Decision => ({ scope, state, reason })

describe('decision log', () => {
  it('records who, when, the previous and new state, reason, scope and severity', () => {
    const makeId = sequentialIds()
    const first = recordDecisions([], [{ decision: decide(scopeA, 'in-triage', ' Looking '), severity: 'Medium' }], {
      by: alice,
      at: '2026-01-01T09:00:00.000Z',
      makeId,
    })
    expect(first).toEqual([
      {
        id: 'e-1',
        at: '2026-01-01T09:00:00.000Z',
        by: alice,
        scope: scopeA,
        previousState: 'needs-triage',
        state: 'in-triage',
        reason: 'Looking',
        severity: 'Medium',
      },
    ])
    const second = recordDecisions(
      first,
      [
        {
          decision: {
            ...decide(scopeA, 'not-affected', 'Never called'),
            justification: 'vulnerable_code_not_in_execute_path',
          },
          severity: 'High',
        },
      ],
      { by: bob, at: '2026-01-02T09:00:00.000Z', makeId },
    )
    expect(second[0]).toMatchObject({ previousState: 'in-triage', state: 'not-affected', by: bob, severity: 'High' })
    expect(currentDecisions([...first, ...second]).size).toBe(1)
    expect([...currentDecisions([...first, ...second]).values()][0].id).toBe('e-2')
  })

  it('takes the newest entry of a scope as its decision, by time and then by place in the log', () => {
    const entry = (id: string, at: string, state: Decision['state']): DecisionEntry => ({
      ...decide(scopeA, state),
      id,
      at,
      by: alice,
      previousState: 'needs-triage',
      severity: 'Low',
    })
    const log = [
      entry('late', '2026-01-03T01:00:00+01:00', 'fixed'),
      entry('early', '2026-01-02T23:30:00Z', 'affected'),
      entry('same', '2026-01-03T01:00:00+01:00', 'in-triage'),
    ]
    expect(currentDecisions(log).get([...currentDecisions(log).keys()][0])?.id).toBe('same')
    expect(currentDecisions(log.slice(0, 2)).values().next().value?.id).toBe('late')
  })

  it('weighs a log read again with entries added after the last one from where it ended, and any other log whole', () => {
    const meta = { by: alice, makeId: sequentialIds() }
    const first = recordDecisions([], [{ decision: decide(scopeA, 'fixed'), severity: 'Low' }], {
      ...meta,
      at: '2026-11-01T00:00:00Z',
    })
    expect([...currentDecisions(first).values()].map((entry) => entry.state)).toEqual(['fixed'])
    const later = recordDecisions(
      first,
      [
        { decision: decide(scopeA, 'in-triage'), severity: 'Low' },
        { decision: decide(scopeB, 'false-positive'), severity: 'Low' },
      ],
      { ...meta, at: '2026-11-02T00:00:00Z' },
    )
    const grown = [...first, ...later]
    expect([...currentDecisions(grown).values()].map((entry) => entry.state)).toEqual(['in-triage', 'false-positive'])
    // Not the same entries: another workspace's log of the same length, weighed whole.
    const other = recordDecisions([], [{ decision: decide(scopeB, 'affected'), severity: 'Low' }], {
      ...meta,
      at: '2026-11-03T00:00:00Z',
    })
    // B's newest is the other log's (3 November); A's is the later step's.
    expect([...currentDecisions([...other, ...later]).values()].map((entry) => entry.state)).toEqual([
      'affected',
      'in-triage',
    ])
    expect([...currentDecisions(other).values()].map((entry) => entry.state)).toEqual(['affected'])
  })

  it('notes the previous state within one batch, and gives a bulk step one id', () => {
    const entries = recordDecisions(
      [],
      [
        { decision: decide(scopeA, 'in-triage'), severity: 'Low' },
        { decision: decide(scopeA, 'fixed'), severity: 'Low' },
        { decision: decide(scopeB, 'fixed'), severity: 'Low' },
      ],
      { by: alice, at: '2026-01-01T00:00:00Z', bulkStep: 'step-1', makeId: sequentialIds() },
    )
    expect(entries.map((entry) => [entry.previousState, entry.state, entry.bulkStep])).toEqual([
      ['needs-triage', 'in-triage', 'step-1'],
      ['in-triage', 'fixed', 'step-1'],
      ['needs-triage', 'fixed', 'step-1'],
    ])
  })

  it('undoes the last bulk step by appending entries that restore each previous decision', () => {
    const makeId = sequentialIds()
    let log = recordDecisions(
      [],
      [
        {
          decision: { ...decide(scopeA, 'accepted-risk', 'Until the rewrite'), expiresOn: '2026-06-01' },
          severity: 'High',
        },
      ],
      { by: alice, at: '2026-01-01T00:00:00Z', makeId },
    )
    const step = recordDecisions(
      log,
      [
        { decision: decide(scopeA, 'false-positive', 'Bulk'), severity: 'High' },
        { decision: decide(scopeB, 'false-positive', 'Bulk'), severity: 'Low' },
      ],
      { by: bob, at: '2026-01-02T00:00:00Z', bulkStep: 'bulk-1', makeId },
    )
    log = [...log, ...step]
    expect(lastBulkStep(log)).toMatchObject({ id: 'bulk-1', by: bob, entries: step })
    const before = log.length
    const original = structuredClone(log)
    const undo = undoLastBulkStep(log, { by: alice, at: '2026-01-03T00:00:00Z', makeId })!
    expect(undo.skipped).toEqual([])
    expect(undo.entries).toEqual([
      {
        scope: scopeA,
        state: 'accepted-risk',
        reason: 'Until the rewrite',
        expiresOn: '2026-06-01',
        id: 'e-4',
        at: '2026-01-03T00:00:00Z',
        by: alice,
        previousState: 'false-positive',
        severity: 'High',
        undoes: 'bulk-1',
      },
      {
        scope: scopeB,
        state: 'needs-triage',
        reason: '',
        id: 'e-5',
        at: '2026-01-03T00:00:00Z',
        by: alice,
        previousState: 'false-positive',
        severity: 'Low',
        undoes: 'bulk-1',
      },
    ])
    log = [...log, ...undo.entries]
    expect(log.length).toBe(before + 2)
    expect(log.slice(0, before)).toEqual(original)
    // Nothing left to undo: the one bulk step was undone.
    expect(lastBulkStep(log)).toBeUndefined()
    expect(undoLastBulkStep(log, { by: alice, at: '2026-01-04T00:00:00Z', makeId })).toBeUndefined()
  })

  it('leaves a scope decided again after the step as it is', () => {
    const makeId = sequentialIds()
    let log = recordDecisions(
      [],
      [
        { decision: decide(scopeA, 'fixed'), severity: 'Low' },
        { decision: decide(scopeB, 'fixed'), severity: 'Low' },
      ],
      { by: alice, at: '2026-01-01T00:00:00Z', bulkStep: 'bulk-1', makeId },
    )
    log = [
      ...log,
      ...recordDecisions(log, [{ decision: decide(scopeB, 'affected'), severity: 'Low' }], {
        by: bob,
        at: '2026-01-02T00:00:00Z',
        makeId,
      }),
    ]
    const undo = undoBulkStep(log, 'bulk-1', { by: alice, at: '2026-01-03T00:00:00Z', makeId })
    expect(undo.entries.map((entry) => [entry.scope, entry.state])).toEqual([[scopeA, 'needs-triage']])
    expect(undo.skipped.map((entry) => entry.scope)).toEqual([scopeB])
  })

  it('undoes steps one after the other, newest first', () => {
    const makeId = sequentialIds()
    let log = recordDecisions([], [{ decision: decide(scopeA, 'in-triage'), severity: 'Low' }], {
      by: alice,
      at: '2026-01-01T00:00:00Z',
      bulkStep: 'one',
      makeId,
    })
    log = [
      ...log,
      ...recordDecisions(log, [{ decision: decide(scopeA, 'fixed'), severity: 'Low' }], {
        by: alice,
        at: '2026-01-02T00:00:00Z',
        bulkStep: 'two',
        makeId,
      }),
    ]
    const first = undoLastBulkStep(log, { by: alice, at: '2026-01-03T00:00:00Z', makeId })!
    expect(first.step.id).toBe('two')
    expect(first.entries[0].state).toBe('in-triage')
    log = [...log, ...first.entries]
    const second = undoLastBulkStep(log, { by: alice, at: '2026-01-04T00:00:00Z', makeId })!
    expect(second.step.id).toBe('one')
    expect(second.entries[0]).toMatchObject({ state: 'needs-triage', previousState: 'in-triage' })
  })
})
