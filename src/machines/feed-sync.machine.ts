import { assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate'
import { workspaceJob } from './workspace-job'
import type { FeedSyncReport } from '@/workspace/feed/sync/sync'
import type { FeedProgress } from '@/workspace/feed/sync/sync-progress'

/**
 * Whether a sync changed what the screens show: a scan file fetched or removed, repositories
 * loaded from the snapshot, a team file read again (the history moves first-seen dates; the
 * decisions file adds decisions and says which local ones it publishes, even when it adds none),
 * or a reference catalogue the workspace keeps now (the views join it to the findings).
 * Here, not in the sync's module, which would bring the scan readers into the page with it.
 */
const changedWorkspace = (report: FeedSyncReport) =>
  report.fetched > 0 ||
  report.fromSnapshot > 0 ||
  report.removed.length > 0 ||
  report.decisionsAdded !== undefined ||
  report.historyRuns !== undefined ||
  !!report.catalogues?.some((catalogue) => catalogue.status === 'updated')

/** What the sync worker reports, as events the invoked actor sends back. */
export type FeedRunnerEvent =
  | { type: 'feed.progress'; progress: FeedProgress }
  | { type: 'feed.synced'; report: FeedSyncReport }
  | { type: 'feed.failed'; message: string }

export interface FeedSyncRequest {
  manifestUrl: string
  /** The signed-in user's token, for the feed's origin, when the user chose to send it. */
  token?: string
  /** Show the workspace on every screen once synced (the user asked for this sync). */
  show?: boolean
}

export type FeedSyncEvent = ({ type: 'feed.sync' } & FeedSyncRequest) | { type: 'feed.cancel' } | FeedRunnerEvent

export interface FeedSyncContext {
  request?: FeedSyncRequest
  progress?: FeedProgress
  /** The last sync that finished: what the workspace holds from the feed. */
  report?: FeedSyncReport
  /** Why the last sync failed, in words; the workspace keeps its last good state. */
  problem?: string
}

function notProvided(): never {
  throw new Error("The feed-sync machine's runSync actor was not provided")
}

/**
 * A team feed: idle -> syncing (progress) -> synced / failed, on sign-in and
 * on demand. A failed sync keeps the last report, since the workspace keeps what it had.
 * One actor runs per signed-in identity's workspace: it starts by reading the feed the person's
 * settings name (`atSignIn`), synced at once when there is one; a feed named later syncs when the
 * person asks.
 */
export const feedSyncMachine = setup({
  types: {
    context: {} as FeedSyncContext,
    events: {} as FeedSyncEvent,
  },
  actors: {
    runSync: fromCallback<FeedRunnerEvent, FeedSyncRequest>(() => notProvided()),
    /**
     * The sync a sign-in starts: the feed the person's settings (or the build) name, with the
     * token when it is to be sent; none without a feed or a workspace. Alone, there is none.
     */
    readSignInFeed: fromPromise<FeedSyncRequest | undefined>(async () => undefined),
  },
  actions: {
    /** Tells the screens (and other tabs) that the workspace changed. */
    announceChange: () => {},
    /**
     * Announces a sync that fetched or removed something: one that found every file unchanged
     * leaves the workspace as it was, and the screens (and the kept indexes) need not read it.
     */
    announceIfChanged: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'feed.synced' || changedWorkspace(event.report)) enqueue('announceChange')
    }),
    /** Makes the workspace the data source of every screen. */
    showWorkspace: () => {},
  },
  guards: {
    showWhenSynced: ({ context }) => !!context.request?.show,
    namesFeed: (_, request: FeedSyncRequest | undefined) => request !== undefined,
  },
}).createMachine({
  id: 'feedSync',
  context: {},
  initial: 'atSignIn',
  on: {
    'feed.sync': {
      target: '.syncing',
      reenter: true,
      actions: assign({
        request: ({ event }) => ({ manifestUrl: event.manifestUrl, token: event.token, show: event.show }),
        progress: undefined,
        problem: undefined,
      }),
    },
  },
  states: {
    atSignIn: {
      invoke: {
        id: 'readSignInFeed',
        src: 'readSignInFeed',
        onDone: [
          {
            guard: { type: 'namesFeed', params: ({ event }) => event.output },
            target: 'syncing',
            actions: assign({ request: ({ event }) => event.output }),
          },
          { target: 'idle' },
        ],
        // The token could not be read: the person syncs on demand.
        onError: { target: 'idle' },
      },
    },
    idle: {},
    syncing: {
      invoke: {
        src: 'runSync',
        input: ({ context }) => context.request!,
      },
      on: {
        'feed.progress': { actions: assign({ progress: ({ event }) => event.progress }) },
        'feed.synced': [
          {
            guard: 'showWhenSynced',
            target: 'synced',
            actions: [
              assign({ report: ({ event }) => event.report, progress: undefined }),
              'announceIfChanged',
              'showWorkspace',
            ],
          },
          {
            target: 'synced',
            actions: [assign({ report: ({ event }) => event.report, progress: undefined }), 'announceIfChanged'],
          },
        ],
        // What landed before the failure is in the workspace: the screens read it again.
        'feed.failed': {
          target: 'failed',
          actions: [assign({ problem: ({ event }) => event.message, progress: undefined }), 'announceChange'],
        },
        'feed.cancel': { target: 'idle', actions: assign({ progress: undefined }) },
      },
    },
    synced: {},
    failed: {},
  },
})

/**
 * Runs a sync in the workspace's worker: the page only shows its progress. `connectSrc` is the
 * page's policy for fetches, which the worker keeps to (its own response brings it none).
 */
export const syncJob = (
  databaseName: string | undefined,
  create: () => Worker,
  pageOrigin: string,
  connectSrc?: string[],
) =>
  workspaceJob<FeedSyncRequest, FeedRunnerEvent>(databaseName, create, {
    name: 'sync',
    request: (input, database) => ({
      type: 'sync',
      database,
      manifestUrl: input.manifestUrl,
      pageOrigin,
      token: input.token,
      connectSrc,
    }),
    receive: (message) => {
      if (message.type === 'sync-progress') return { type: 'feed.progress', progress: message.progress }
      if (message.type === 'synced') return { type: 'feed.synced', report: message.report }
      return undefined
    },
    isLast: (message) => message.type === 'synced',
    failed: (message) => ({ type: 'feed.failed', message }),
  })
