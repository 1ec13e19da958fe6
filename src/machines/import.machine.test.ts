import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import type { FileOutcome, ImportFileInput } from '@/workspace/import/import-file'
import { importMachine, type ImportRunInput, type ImportRunnerEvent } from './import.machine'

const file = (name: string): ImportFileInput => ({ name, blob: new Blob(['{}']) })

/** An import machine whose worker is a test double: the test plays the worker's messages. */
function harness() {
  const runs: ImportRunInput[] = []
  const stopped = vi.fn()
  let worker: ((event: ImportRunnerEvent) => void) | undefined
  const announceChange = vi.fn()
  const showWorkspace = vi.fn()
  const actor = createActor(
    importMachine.provide({
      actions: { announceChange, showWorkspace },
      actors: {
        runImport: fromCallback<ImportRunnerEvent, ImportRunInput>(({ input, sendBack }) => {
          runs.push(input)
          worker = sendBack
          return stopped
        }),
      },
    }),
  ).start()
  return {
    actor,
    runs,
    stopped,
    announceChange,
    showWorkspace,
    worker: (event: ImportRunnerEvent) => worker?.(event),
  }
}

const imported = (file: string): FileOutcome => ({
  status: 'imported',
  file,
  formatName: 'SARIF 2.1.0',
  repository: 'storefront',
  records: [],
})

describe('import machine', () => {
  it('imports the chosen files with per-file progress, and reports each when the worker finishes', () => {
    const { actor, runs, worker, announceChange } = harness()
    actor.send({ type: 'import.start', files: [file('a.sarif'), file('b.json')] })
    expect(actor.getSnapshot().value).toBe('importing')
    expect(runs[0].files.map((entry) => [entry.index, entry.input.name])).toEqual([
      [0, 'a.sarif'],
      [1, 'b.json'],
    ])
    worker({ type: 'import.progress', index: 0, phase: 'parsing' })
    expect(actor.getSnapshot().context.entries.map((entry) => entry.status)).toEqual(['parsing', 'queued'])
    worker({ type: 'import.file', index: 0, outcome: imported('a.sarif') })
    expect(announceChange).toHaveBeenCalledTimes(1)
    worker({
      type: 'import.file',
      index: 1,
      outcome: { status: 'refused', file: 'b.json', reason: 'The file is empty.' },
    })
    expect(announceChange).toHaveBeenCalledTimes(1)
    worker({ type: 'import.finished' })
    const { value, context } = actor.getSnapshot()
    expect(value).toBe('report')
    expect(context.entries.map((entry) => entry.outcome?.status)).toEqual(['imported', 'refused'])
  })

  it('does not start without files', () => {
    const { actor, runs } = harness()
    actor.send({ type: 'import.start', files: [] })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(runs).toEqual([])
  })

  it('cancels: stops the worker, keeps what landed and marks the rest cancelled', () => {
    const { actor, worker, stopped } = harness()
    actor.send({ type: 'import.start', files: [file('a'), file('b'), file('c')] })
    worker({ type: 'import.file', index: 0, outcome: imported('a') })
    worker({ type: 'import.progress', index: 1, phase: 'writing' })
    actor.send({ type: 'import.cancel' })
    expect(stopped).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().value).toBe('report')
    expect(actor.getSnapshot().context.entries.map((entry) => entry.status)).toEqual(['done', 'cancelled', 'cancelled'])
  })

  it('imports a file that named no repository again once the user names one, and only that file', () => {
    const { actor, runs, worker } = harness()
    actor.send({ type: 'import.start', files: [file('osv.json'), file('b.sarif')] })
    worker({
      type: 'import.file',
      index: 0,
      outcome: { status: 'needs-repository', file: 'osv.json', formatName: 'OSV-Scanner JSON', suggestion: 'osv' },
    })
    worker({ type: 'import.file', index: 1, outcome: imported('b.sarif') })
    worker({ type: 'import.finished' })
    actor.send({ type: 'import.assign', index: 1, repository: 'nope' })
    actor.send({ type: 'import.assign', index: 0, repository: '   ' })
    expect(actor.getSnapshot().value).toBe('report')
    actor.send({ type: 'import.assign', index: 0, repository: 'payments-api' })
    expect(actor.getSnapshot().value).toBe('importing')
    expect(runs[1].files.map((entry) => [entry.index, entry.input.repository])).toEqual([[0, 'payments-api']])
  })

  it('reports a failure of the whole import in words, and starts over on reset', () => {
    const { actor, worker } = harness()
    actor.send({ type: 'import.start', files: [file('a')] })
    worker({ type: 'import.failed', message: 'Vigil cannot open its storage in this browser.' })
    expect(actor.getSnapshot().value).toBe('report')
    expect(actor.getSnapshot().context.problem).toBe('Vigil cannot open its storage in this browser.')
    expect(actor.getSnapshot().context.entries[0].status).toBe('cancelled')
    actor.send({ type: 'import.reset' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context).toEqual({ entries: [], problem: undefined })
  })

  it('starts a new import from the report', () => {
    const { actor, worker, runs } = harness()
    actor.send({ type: 'import.start', files: [file('a')] })
    worker({ type: 'import.finished' })
    actor.send({ type: 'import.start', files: [file('z')] })
    expect(actor.getSnapshot().value).toBe('importing')
    expect(runs[1].files.map((entry) => entry.input.name)).toEqual(['z'])
  })

  it('puts the workspace on screen when a report that a file landed in is left, and only then', () => {
    const { actor, worker, showWorkspace } = harness()
    actor.send({ type: 'import.reset' })
    actor.send({ type: 'import.start', files: [file('empty.json')] })
    // Closing the dialog while files import leaves the import running, on its progress.
    actor.send({ type: 'import.reset' })
    expect(actor.getSnapshot().value).toBe('importing')
    worker({ type: 'import.file', index: 0, outcome: { status: 'refused', file: 'empty.json', reason: 'empty' } })
    worker({ type: 'import.finished' })
    actor.send({ type: 'import.reset' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(showWorkspace).not.toHaveBeenCalled()

    actor.send({ type: 'import.start', files: [file('a.sarif'), file('b.sarif')] })
    worker({ type: 'import.file', index: 0, outcome: imported('a.sarif') })
    expect(showWorkspace).not.toHaveBeenCalled()
    actor.send({ type: 'import.cancel' })
    actor.send({ type: 'import.reset' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(showWorkspace).toHaveBeenCalledTimes(1)
  })

  it('shows the workspace after a file lands once its repository is named', () => {
    const { actor, worker, showWorkspace } = harness()
    actor.send({ type: 'import.start', files: [file('osv.json')] })
    worker({
      type: 'import.file',
      index: 0,
      outcome: { status: 'needs-repository', file: 'osv.json', formatName: 'OSV-Scanner JSON', suggestion: 'osv' },
    })
    worker({ type: 'import.finished' })
    actor.send({ type: 'import.assign', index: 0, repository: 'payments-api' })
    worker({ type: 'import.file', index: 0, outcome: imported('osv.json') })
    worker({ type: 'import.finished' })
    expect(showWorkspace).not.toHaveBeenCalled()
    actor.send({ type: 'import.reset' })
    expect(showWorkspace).toHaveBeenCalledTimes(1)
  })
})
