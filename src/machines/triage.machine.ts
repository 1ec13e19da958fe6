import { assign, fromCallback, setup } from 'xstate'
import type { DecisionState } from '@/workspace/triage/decision'
import type { DecisionRequest } from '@/workspace/triage/decision-log'
import { checkDraft, defaultScope, expandDraft, type DecisionDraft } from '@/workspace/triage/bulk'
import type { DecidableFinding } from '@/workspace/triage/resolve'

/** What the actor that writes the decisions reports, in the past tense. */
export type BulkRunnerEvent =
  | { type: 'bulk.started'; stepId: string; total: number }
  | { type: 'bulk.progressed'; done: number }
  | { type: 'bulk.applied' }
  | { type: 'bulk.failed'; message: string }

/** What the actor that undoes a bulk step reports. */
export type UndoRunnerEvent = { type: 'undo.applied'; count: number } | { type: 'undo.failed'; message: string }

export type TriageEvent =
  | { type: 'state.choose'; state: DecisionState }
  | { type: 'draft.change'; change: Partial<Omit<DecisionDraft, 'state'>> }
  | { type: 'draft.submit' }
  | { type: 'draft.back' }
  | { type: 'decision.confirm' }
  | { type: 'decision.edit' }
  | { type: 'bulk.cancel' }
  | { type: 'step.undo' }
  | { type: 'triage.restart' }
  | BulkRunnerEvent
  | UndoRunnerEvent

export interface TriageInput {
  findings: DecidableFinding[]
  /** Now, ISO 8601: an accepted risk must expire after it. */
  now: string
}

/** One bulk step: the decisions written together, which one undo takes back. */
export interface TriageStep {
  id: string
  total: number
  done: number
}

export interface TriageContext {
  findings: DecidableFinding[]
  now: string
  draft: DecisionDraft
  /** Why the draft cannot be applied yet, one sentence each. */
  problems: string[]
  step?: TriageStep
  /** The user stopped the bulk step before it finished: what was written stays, and can be undone. */
  cancelled: boolean
  /** A failure of the bulk step or of its undo, in words. */
  problem?: string
  /** How many decisions the undo restored. */
  undone?: number
}

/** What the bulk actor is given: the decisions to log as one step over the chosen findings. */
export interface BulkRunInput {
  requests: DecisionRequest[]
}

export interface UndoRunInput {
  stepId: string
}

function notProvided(name: string): never {
  throw new Error(`The triage machine's ${name} actor was not provided`)
}

const emptyDraft = (findings: DecidableFinding[]): DecisionDraft => ({
  state: 'needs-triage',
  scope: defaultScope(findings),
  reason: '',
})

/**
 * Triage of one finding or many: choose a state -> justify it (reason, justification, expiry,
 * scope; an incomplete decision is refused with the reasons) -> confirm -> the bulk step writes
 * the decisions with progress (cancel keeps what was written) -> done, where the step can be undone.
 */
export const triageMachine = setup({
  types: {
    context: {} as TriageContext,
    events: {} as TriageEvent,
    input: {} as TriageInput,
  },
  actors: {
    applyDecisions: fromCallback<BulkRunnerEvent, BulkRunInput>(() => notProvided('applyDecisions')),
    undoStep: fromCallback<UndoRunnerEvent, UndoRunInput>(() => notProvided('undoStep')),
  },
  actions: {
    /** Tells the screens (and other tabs) that the decisions changed. */
    announceChange: () => {},
    chooseState: assign({
      draft: ({ context }, state: DecisionState) => ({ ...context.draft, state }),
      problems: [],
    }),
    changeDraft: assign({
      draft: ({ context }, change: Partial<Omit<DecisionDraft, 'state'>>) => ({ ...context.draft, ...change }),
      problems: [],
    }),
    showProblems: assign({
      problems: ({ context }) => checkDraft(context.findings, context.draft, new Date(context.now)),
    }),
    startStep: assign({
      step: (_, params: { stepId: string; total: number }) => ({ id: params.stepId, total: params.total, done: 0 }),
    }),
    progress: assign({
      step: ({ context }, done: number) => (context.step ? { ...context.step, done } : undefined),
    }),
    finishStep: assign({
      step: ({ context }) => (context.step ? { ...context.step, done: context.step.total } : undefined),
    }),
    markCancelled: assign({ cancelled: true }),
    setProblem: assign({ problem: (_, message: string) => message }),
    setUndone: assign({ undone: (_, count: number) => count, step: undefined }),
    restart: assign({
      draft: ({ context }) => emptyDraft(context.findings),
      problems: [],
      step: undefined,
      cancelled: false,
      problem: undefined,
      undone: undefined,
    }),
  },
  guards: {
    hasFindings: ({ context }) => context.findings.length > 0,
    isComplete: ({ context }) => checkDraft(context.findings, context.draft, new Date(context.now)).length === 0,
    hasStep: ({ context }) => context.step !== undefined,
  },
}).createMachine({
  id: 'triage',
  context: ({ input }) => ({
    findings: input.findings,
    now: input.now,
    draft: emptyDraft(input.findings),
    problems: [],
    cancelled: false,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'state.choose': {
          guard: 'hasFindings',
          target: 'justifying',
          actions: { type: 'chooseState', params: ({ event }) => event.state },
        },
      },
    },
    justifying: {
      on: {
        'state.choose': { actions: { type: 'chooseState', params: ({ event }) => event.state } },
        'draft.change': { actions: { type: 'changeDraft', params: ({ event }) => event.change } },
        'draft.submit': [{ guard: 'isComplete', target: 'confirming' }, { actions: 'showProblems' }],
        'draft.back': { target: 'choosing' },
      },
    },
    confirming: {
      on: {
        'decision.confirm': { target: 'applying' },
        'decision.edit': { target: 'justifying' },
      },
    },
    applying: {
      invoke: {
        src: 'applyDecisions',
        input: ({ context }) => ({ requests: expandDraft(context.findings, context.draft) }),
      },
      on: {
        'bulk.started': { actions: { type: 'startStep', params: ({ event }) => event } },
        'bulk.progressed': { actions: { type: 'progress', params: ({ event }) => event.done } },
        'bulk.applied': { target: 'done', actions: ['finishStep', 'announceChange'] },
        // What was written before the failure is logged: the screens read it again.
        'bulk.failed': {
          target: 'done',
          actions: [{ type: 'setProblem', params: ({ event }) => event.message }, 'announceChange'],
        },
        // Each decision lands on its own: stopping the actor keeps those written, as one step.
        'bulk.cancel': { target: 'done', actions: ['markCancelled', 'announceChange'] },
      },
    },
    done: {
      on: {
        'step.undo': { guard: 'hasStep', target: 'undoing' },
        'triage.restart': { target: 'choosing', actions: 'restart' },
      },
    },
    undoing: {
      invoke: {
        src: 'undoStep',
        input: ({ context }) => ({ stepId: context.step!.id }),
      },
      on: {
        'undo.applied': {
          target: 'undone',
          actions: [{ type: 'setUndone', params: ({ event }) => event.count }, 'announceChange'],
        },
        'undo.failed': { target: 'done', actions: { type: 'setProblem', params: ({ event }) => event.message } },
      },
    },
    undone: {
      on: {
        'triage.restart': { target: 'choosing', actions: 'restart' },
      },
    },
  },
})

export type TriageMachine = typeof triageMachine
