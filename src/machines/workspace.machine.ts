import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate'

/** Who the workspace belongs to: one database per identity (issuer + subject). */
export interface WorkspaceOwner {
  issuer: string
  subject: string
}

/** A repository as the counts' settling needs it: when an accepted risk in it runs out, if one does. */
export interface SettleSummary {
  name: string
  triage?: { reopensAt?: string }
}

/** What the settling of a workspace's counts is asked to do (`settleCounts`). */
export interface SettleRequest {
  name: string
  now: number
  /** The repositories whose accepted risks ran out since their counts were weighed. */
  expired: string[]
}

/** How the caller of a deletion hears of its end; the host's deletion settles it, whatever the machine does meanwhile. */
export interface DeletionReply {
  resolve: () => void
  reject: (error: unknown) => void
}

/** What one tab tells the others of the same identity: a change of anything, or of the decisions alone. */
export type TabMessage = 'changed' | 'decisions'

/** What the cross-tab actor sends back, and what it is sent to post. */
export type OtherTabsEvent = { type: 'otherTab.changed' } | { type: 'otherTab.decisions' }
export interface PostEvent {
  type: 'tabs.post'
  message: TabMessage
}

export type WorkspaceEvent =
  | { type: 'identity.change'; identity?: WorkspaceOwner }
  | { type: 'workspace.read'; summaries: readonly SettleSummary[]; waiting: boolean }
  | { type: 'workspace.changed' }
  | { type: 'workspace.decisionsChanged' }
  | { type: 'workspace.remove'; reply: DeletionReply }
  | OtherTabsEvent

export interface WorkspaceContext {
  identity?: WorkspaceOwner
  /** The identity's database, once its name is known. */
  name?: string
  /** The last read of the repositories and the log, which the settling weighs after a delay. */
  read?: { summaries: readonly SettleSummary[]; waiting: boolean }
  /** Each repository's expiry tried already (database, repository, time), tried once. */
  tried: readonly string[]
  /** The keys of the expiries the settling under way tries. */
  trying: readonly string[]
  now: () => number
}

export interface WorkspaceInput {
  /** The time now, in milliseconds (the browser's clock unless a test gives its own). */
  now?: () => number
}

/**
 * How long after a read the waiting counts start to be brought up to date: the screen that made
 * the decisions draws them first, and a step undone at once ends no settling just begun.
 */
export const SETTLE_DELAY_MS = 400

/** Why a settling never answered: a decision being saved ended it, or a later settling took its place. */
export class SupersededSettlingError extends Error {
  constructor() {
    super('The counts are brought up to date again after a newer decision.')
    this.name = 'SupersededSettlingError'
  }
}

const expiryKey = (name: string, summary: SettleSummary) =>
  `${name}\u0000${summary.name}\u0000${summary.triage?.reopensAt}`

/** The repositories of the last read whose accepted risks ran out by `now`, not tried before. */
function expiredSince({ name, read, tried }: WorkspaceContext, now: number): SettleSummary[] {
  const at = new Date(now).toISOString()
  return (read?.summaries ?? []).filter((summary) => {
    const reopensAt = summary.triage?.reopensAt
    return reopensAt !== undefined && reopensAt <= at && !tried.includes(expiryKey(name!, summary))
  })
}

function notProvided(name: string): never {
  throw new Error(`The workspace machine's ${name} actor was not provided`)
}

/**
 * The signed-in identity's workspace: closed -> naming (its database's name) -> open, or
 * unavailable. Open, it listens to the other tabs of the identity and tells them of this tab's
 * changes (through `otherTabs`, which closes its channel as the state is left), brings the
 * counts that wait up to date a delay after a read (`settleCounts`, stopped with its parent, so
 * nothing it finishes after a close is announced), and deletes the workspace when asked.
 */
export const workspaceMachine = setup({
  types: {
    context: {} as WorkspaceContext,
    events: {} as WorkspaceEvent,
    input: {} as WorkspaceInput,
  },
  actors: {
    nameWorkspace: fromPromise<string, WorkspaceOwner>(() => notProvided('nameWorkspace')),
    otherTabs: fromCallback<PostEvent, { name: string }>(() => notProvided('otherTabs')),
    settleCounts: fromPromise<boolean, SettleRequest>(() => notProvided('settleCounts')),
    deleteWorkspace: fromPromise<void, { name: string; reply: DeletionReply }>(() => notProvided('deleteWorkspace')),
  },
  actions: {
    /** Reads everything again (in a transition). */
    readAgain: () => {},
    /** Reads the decisions again (in a transition): no finding changed. */
    readDecisionsAgain: () => {},
    /** Reads again in a new lineage: nothing read before the deletion stands in after it. */
    startNewLineage: () => {},
    /** Says why the counts were not brought up to date (they wait for the next read). */
    reportSettleFailure: (_, _params: { error: unknown }) => {},
    tellOtherTabs: sendTo('otherTabs', (_, message: TabMessage): PostEvent => ({ type: 'tabs.post', message })),
    keepRead: assign({
      read: ({ event }) =>
        event.type === 'workspace.read' ? { summaries: event.summaries, waiting: event.waiting } : undefined,
    }),
    /** Each expiry is tried once: marked as the settling that tries it starts. */
    markTried: assign(({ context }) => {
      const trying = expiredSince(context, context.now()).map((summary) => expiryKey(context.name!, summary))
      return { trying, tried: [...context.tried, ...trying] }
    }),
    nothingToDelete: ({ event }) => {
      if (event.type === 'workspace.remove') event.reply.resolve()
    },
  },
  guards: {
    hasIdentity: ({ event }) => event.type === 'identity.change' && !!event.identity,
    countsToSettle: ({ context }) => !!context.read?.waiting || expiredSince(context, context.now()).length > 0,
    countsChanged: ({ event }) => 'output' in event && event.output === true,
    superseded: ({ event }) => 'error' in event && event.error instanceof SupersededSettlingError,
  },
  delays: {
    settleDelay: SETTLE_DELAY_MS,
  },
}).createMachine({
  id: 'workspace',
  context: ({ input }) => ({ tried: [], trying: [], now: input.now ?? Date.now }),
  initial: 'closed',
  on: {
    'identity.change': [
      {
        guard: 'hasIdentity',
        target: '.naming',
        reenter: true,
        actions: assign({ identity: ({ event }) => event.identity, name: undefined, read: undefined }),
      },
      { target: '.closed', actions: assign({ identity: undefined, name: undefined, read: undefined }) },
    ],
    // Asked while no workspace is open (the identity just changed): there is nothing to delete.
    'workspace.remove': { actions: 'nothingToDelete' },
  },
  states: {
    closed: {},
    naming: {
      invoke: {
        id: 'nameWorkspace',
        src: 'nameWorkspace',
        input: ({ context }) => context.identity!,
        onDone: { target: 'open', actions: assign({ name: ({ event }) => event.output }) },
        onError: 'unavailable',
      },
    },
    unavailable: {},
    open: {
      invoke: { id: 'otherTabs', src: 'otherTabs', input: ({ context }) => ({ name: context.name! }) },
      on: {
        'otherTab.changed': { actions: 'readAgain' },
        'otherTab.decisions': { actions: 'readDecisionsAgain' },
        'workspace.changed': { actions: ['readAgain', { type: 'tellOtherTabs', params: 'changed' }] },
        'workspace.decisionsChanged': {
          actions: ['readDecisionsAgain', { type: 'tellOtherTabs', params: 'decisions' }],
        },
      },
      initial: 'ready',
      states: {
        ready: {
          on: {
            'workspace.remove': 'deleting',
          },
          initial: 'idle',
          states: {
            idle: {
              on: { 'workspace.read': { target: 'waiting', actions: 'keepRead' } },
            },
            waiting: {
              on: {
                'workspace.read': { target: 'waiting', reenter: true, actions: 'keepRead' },
              },
              after: {
                settleDelay: [
                  { guard: 'countsToSettle', target: 'settling', actions: 'markTried' },
                  { target: 'idle' },
                ],
              },
            },
            // A read while the counts are settled is not weighed: the read after the settling is.
            settling: {
              invoke: {
                id: 'settleCounts',
                src: 'settleCounts',
                input: ({ context }) => ({
                  name: context.name!,
                  now: context.now(),
                  expired: (context.read?.summaries ?? [])
                    .filter((summary) => context.trying.includes(expiryKey(context.name!, summary)))
                    .map((summary) => summary.name),
                }),
                onDone: [
                  {
                    guard: 'countsChanged',
                    target: 'idle',
                    actions: ['readAgain', { type: 'tellOtherTabs', params: 'changed' }],
                  },
                  { target: 'idle' },
                ],
                onError: [
                  // Ended for a decision: the read after it tries those expiries again.
                  {
                    guard: 'superseded',
                    target: 'idle',
                    actions: assign({
                      tried: ({ context }) => context.tried.filter((key) => !context.trying.includes(key)),
                    }),
                  },
                  {
                    target: 'idle',
                    actions: { type: 'reportSettleFailure', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteWorkspace',
            src: 'deleteWorkspace',
            input: ({ context, event }) => ({
              name: context.name!,
              reply: (event as Extract<WorkspaceEvent, { type: 'workspace.remove' }>).reply,
            }),
            onDone: {
              target: 'ready',
              actions: ['startNewLineage', { type: 'tellOtherTabs', params: 'changed' }],
            },
            // The caller hears why; what was read stays.
            onError: 'ready',
          },
          on: {
            // Deleting twice is harmless: each caller hears of its own.
            'workspace.remove': { target: 'deleting', reenter: true },
          },
        },
      },
    },
  },
})
