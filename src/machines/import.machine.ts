import { assign, fromCallback, setup } from 'xstate'
import { workspaceJob } from './workspace-job'
import type { FileOutcome, ImportFileInput, ImportPhase } from '@/workspace/import/import-file'
import { landedInWorkspace } from '@/workspace/import/file-outcome'
import type { DecisionAuthor } from '@/workspace/triage/decision-log'

export type FileStatus = 'queued' | ImportPhase | 'done' | 'cancelled'

/** One file of the dialog: what it is doing now, and how it ended. */
export interface ImportEntry {
  input: ImportFileInput
  status: FileStatus
  outcome?: FileOutcome
}

export interface ImportContext {
  entries: ImportEntry[]
  /** A failure of the whole import (storage cannot be opened), in words. */
  problem?: string
}

/** What the import worker reports, as events the invoked actor sends back. */
export type ImportRunnerEvent =
  | { type: 'import.progress'; index: number; phase: ImportPhase }
  | { type: 'import.file'; index: number; outcome: FileOutcome }
  | { type: 'import.finished' }
  | { type: 'import.failed'; message: string }

export type ImportEvent =
  | { type: 'import.start'; files: ImportFileInput[] }
  /** The user names the repository of a file that named none, and imports it. */
  | { type: 'import.assign'; index: number; repository: string }
  | { type: 'import.cancel' }
  | { type: 'import.reset' }
  | ImportRunnerEvent

/** The files the runner is given: those queued in this round, with their place in the list. */
export interface ImportRunInput {
  files: { index: number; input: ImportFileInput }[]
}

function notProvided(): never {
  throw new Error("The import machine's runImport actor was not provided")
}

const queued = (entries: ImportEntry[]) =>
  entries.flatMap((entry, index) => (entry.status === 'queued' ? [{ index, input: entry.input }] : []))

const withEntry = (entries: ImportEntry[], index: number, change: Partial<ImportEntry>) =>
  entries.map((entry, at) => (at === index ? { ...entry, ...change } : entry))

/**
 * The import dialog: choose files -> importing (per-file progress, cancel)
 * -> report. The import worker is its invoked actor; the report says per file what happened.
 * `import.reset` leaves the report (Done, Import more files, closing the dialog); it means
 * nothing while files are importing, so a dialog closed then opens again on the progress.
 */
export const importMachine = setup({
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent,
  },
  actors: {
    runImport: fromCallback<ImportRunnerEvent, ImportRunInput>(() => notProvided()),
  },
  actions: {
    /** Tells the screens (and other tabs) that the workspace changed. */
    announceChange: () => {},
    /** Makes the workspace the data source of every screen. */
    showWorkspace: () => {},
    queueFiles: assign({
      entries: (_, files: ImportFileInput[]) => files.map((input) => ({ input, status: 'queued' as const })),
      problem: undefined,
    }),
    setPhase: assign({
      entries: ({ context }, params: { index: number; phase: ImportPhase }) =>
        withEntry(context.entries, params.index, { status: params.phase }),
    }),
    setOutcome: assign({
      entries: ({ context }, params: { index: number; outcome: FileOutcome }) =>
        withEntry(context.entries, params.index, { status: 'done', outcome: params.outcome }),
    }),
    assignRepository: assign({
      entries: ({ context }, params: { index: number; repository: string }) =>
        withEntry(context.entries, params.index, {
          status: 'queued',
          outcome: undefined,
          input: { ...context.entries[params.index].input, repository: params.repository, repositoryFromFolder: false },
        }),
    }),
    cancelUnfinished: assign({
      entries: ({ context }) =>
        context.entries.map((entry) => (entry.status === 'done' ? entry : { ...entry, status: 'cancelled' as const })),
    }),
    setProblem: assign({
      problem: (_, message: string) => message,
      entries: ({ context }) =>
        context.entries.map((entry) => (entry.status === 'done' ? entry : { ...entry, status: 'cancelled' as const })),
    }),
    clear: assign({ entries: [], problem: undefined }),
  },
  guards: {
    hasFiles: ({ event }) => event.type === 'import.start' && event.files.length > 0,
    waitsForRepository: ({ context, event }) =>
      event.type === 'import.assign' &&
      event.repository.trim() !== '' &&
      context.entries[event.index]?.outcome?.status === 'needs-repository',
    importedAny: ({ event }) => event.type === 'import.file' && landedInWorkspace(event.outcome),
    /** A file of this report landed in the workspace. */
    landedAny: ({ context }) => context.entries.some((entry) => landedInWorkspace(entry.outcome)),
  },
}).createMachine({
  id: 'import',
  context: { entries: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'import.start': {
          guard: 'hasFiles',
          target: 'importing',
          actions: { type: 'queueFiles', params: ({ event }) => event.files },
        },
      },
    },
    importing: {
      invoke: {
        src: 'runImport',
        input: ({ context }) => ({ files: queued(context.entries) }),
      },
      on: {
        'import.progress': { actions: { type: 'setPhase', params: ({ event }) => event } },
        'import.file': [
          {
            guard: 'importedAny',
            actions: [{ type: 'setOutcome', params: ({ event }) => event }, 'announceChange'],
          },
          { actions: { type: 'setOutcome', params: ({ event }) => event } },
        ],
        'import.finished': { target: 'report' },
        'import.failed': { target: 'report', actions: { type: 'setProblem', params: ({ event }) => event.message } },
        // Stopping the worker loses no landed file: each lands in its own transaction.
        'import.cancel': { target: 'report', actions: 'cancelUnfinished' },
      },
    },
    report: {
      on: {
        'import.assign': {
          guard: 'waitsForRepository',
          target: 'importing',
          actions: { type: 'assignRepository', params: ({ event }) => event },
        },
        'import.start': {
          guard: 'hasFiles',
          target: 'importing',
          actions: { type: 'queueFiles', params: ({ event }) => event.files },
        },
        // Leaving a report in which a file landed puts the workspace on screen, read once the person
        // turns back to the screens rather than as each file lands; a report where nothing landed
        // leaves the data on screen as it was.
        'import.reset': [
          { guard: 'landedAny', target: 'idle', actions: ['showWorkspace', 'clear'] },
          { target: 'idle', actions: 'clear' },
        ],
      },
    },
  },
})

export type ImportMachine = typeof importMachine

/** Runs the dialog's files in the workspace's worker, reporting each file as it lands. */
export const importJob = (databaseName: string | undefined, create: () => Worker, author?: DecisionAuthor) =>
  workspaceJob<ImportRunInput, ImportRunnerEvent>(databaseName, create, {
    name: 'import',
    request: (input, database) => ({ type: 'import', database, files: input.files.map((file) => file.input), author }),
    receive: (message, input) => {
      if (message.type === 'progress')
        return { type: 'import.progress', index: input.files[message.index].index, phase: message.phase }
      if (message.type === 'file')
        return { type: 'import.file', index: input.files[message.index].index, outcome: message.outcome }
      if (message.type === 'finished') return { type: 'import.finished' }
      return undefined
    },
    isLast: (message) => message.type === 'finished',
    failed: (message) => ({ type: 'import.failed', message }),
  })
