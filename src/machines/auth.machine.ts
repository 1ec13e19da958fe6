import { assign, fromCallback, fromPromise, setup } from 'xstate'
import type { SessionChannel } from '@/auth/browser-environment'
import type { AuthClient, LoginOptions, LogoutOptions, Session } from '@/auth/client'
import { AuthError, describeAuthError } from '@/auth/errors'
import { hasTimeLeft, REFRESH_CAP_MS, REFRESH_RETRY_DELAYS_MS, refreshDelayMs } from '@/auth/refresh-schedule'
import type { AuthContext, AuthEvent, AuthInput, AuthProblem } from './auth.types'

export type { AuthContext, AuthEvent, AuthInput, AuthProblem } from './auth.types'

function toProblem(error: unknown): AuthProblem {
  const readable = describeAuthError(error)
  return { ...readable, code: error instanceof AuthError ? error.code : undefined }
}

/** The session an invoked refresh starts from; the guards let no state without one invoke it. */
function requireSession(context: AuthContext): Session {
  if (!context.session) throw new Error('The auth machine refreshed without a session')
  return context.session
}

/** The session another tab sent; the guards only take a sync that carries one. */
function syncedSession(context: AuthContext, event: AuthEvent): Session {
  return event.type === 'session.sync' && event.session ? event.session : requireSession(context)
}

/** The wait before the given retry (1 for the first). */
const retryDelayMs = (retry: number) => REFRESH_RETRY_DELAYS_MS[Math.min(retry, REFRESH_RETRY_DELAYS_MS.length) - 1]

/** Browser effects are provided by the app (`.provide`); until then each actor says so. */
function notProvided(name: string): never {
  throw new Error(`The auth machine's ${name} actor was not provided`)
}

export type AuthMachine = typeof authMachine

/** What taking a session from another tab needs of the auth client. */
export type SessionAcceptor = Pick<AuthClient, 'sessionFromTokens' | 'acceptsSyncedTokens'>

/**
 * The other tabs' sign-in, refresh and sign-out, heard on the session channel, as `session.sync`
 * events for the auth machine. Tokens whose id token is not for this provider and client are
 * ignored, and so are tokens that arrive after a sign-out in any tab: a late message must not
 * bring the session back.
 */
export const sessionsFromOtherTabs = (
  channel: SessionChannel,
  client: SessionAcceptor,
  warn: (message: string) => void,
) =>
  fromCallback<AuthEvent>(({ sendBack }) =>
    channel.subscribe((tokens) => {
      if (!tokens) return sendBack({ type: 'session.sync', session: null })
      const session = client.sessionFromTokens(tokens)
      if (!session)
        return warn('Vigil ignored a session from another tab whose id token is not for this provider and client')
      void client.acceptsSyncedTokens().then((accepted) => {
        if (accepted) sendBack({ type: 'session.sync', session })
        else warn('Vigil ignored a session from another tab: the session was signed out since')
      })
    }),
  )

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    handleCallback: fromPromise<Session, { url: string }>(async () => notProvided('handleCallback')),
    refreshSession: fromPromise<Session, { session: Session }>(async () => notProvided('refreshSession')),
    startLogin: fromPromise<void, LoginOptions>(async () => notProvided('startLogin')),
    logout: fromPromise<void, LogoutOptions>(async () => notProvided('logout')),
    /** The other tabs' sessions as `session.sync` (see sessionsFromOtherTabs); alone, there are no other tabs. */
    followOtherTabs: fromCallback<AuthEvent>(() => () => {}),
  },
  actions: {
    /** Removes ?code&state from the address bar. */
    cleanAddressBar: () => {},
    /** Tells the other tabs the session now held (none when signed out). */
    announceSession: () => {},
    /** The error callback: receives the error's code. */
    reportError: (_, _problem: AuthProblem) => {},
    /** Says that a refresh failed and when it is tried again. */
    reportRefreshRetry: (_, _retry: { problem: AuthProblem; delayMs: number }) => {},
    setSession: assign({
      session: (_, session: Session) => session,
      problem: undefined,
      failedRefreshes: 0,
      renewedHere: false,
    }),
    /** The session now held is what this tab's own refresh returned. */
    markRenewed: assign({ renewedHere: true }),
    countFailedRefresh: assign({ failedRefreshes: ({ context }) => context.failedRefreshes + 1 }),
    clearSession: assign({ session: undefined }),
    setProblem: assign({ problem: (_, params: { error: unknown }) => toProblem(params.error) }),
    clearProblem: assign({ problem: undefined }),
  },
  guards: {
    isCallback: ({ context }) => context.isCallback,
    /** A stored session with more than the refresh margin left: signed in at once. */
    hasFreshSession: ({ context }) => !!context.session && hasTimeLeft(context.session.lifetimeMs),
    /** A stored session about to expire or expired: renewed before the app opens. */
    hasStoredSession: ({ context }) => !!context.session,
    signedOutElsewhere: ({ event }) => event.type === 'session.sync' && event.session === null,
    signedInElsewhere: ({ event }) => event.type === 'session.sync' && event.session !== null,
    /** The failure cleared the stored session (the provider refused the refresh token). */
    sessionEnded: ({ event }) =>
      'error' in event && event.error instanceof AuthError && event.error.kind === 'session-ended',
    /** A passing failure (the provider unreachable) with retries left. */
    canRetryRefresh: ({ context, event }) =>
      'error' in event &&
      event.error instanceof AuthError &&
      (event.error.kind === 'refresh' || event.error.kind === 'unreachable') &&
      context.failedRefreshes < REFRESH_RETRY_DELAYS_MS.length,
    /**
     * A session is renewed at its lifetime minus the margin, or at once when less is left; but a
     * short-lived one that this tab's refresh just returned is not renewed again (no loop).
     */
    canScheduleRefresh: ({ context }) =>
      !!context.session &&
      (context.failedRefreshes > 0 || hasTimeLeft(context.session.lifetimeMs) || !context.renewedHere),
  },
  delays: {
    refreshDelay: ({ context }) =>
      context.failedRefreshes > 0
        ? retryDelayMs(context.failedRefreshes)
        : context.session
          ? refreshDelayMs(context.session.lifetimeMs)
          : REFRESH_CAP_MS,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    url: input.url,
    isCallback: input.isCallback,
    session: input.storedSession ?? undefined,
    failedRefreshes: 0,
    renewedHere: false,
  }),
  // Heard in every state; only the signed-in and signed-out states take what another tab did.
  invoke: { id: 'followOtherTabs', src: 'followOtherTabs' },
  initial: 'loading',
  states: {
    loading: {
      always: [
        { guard: 'isCallback', target: 'callback' },
        { guard: 'hasFreshSession', target: 'authenticated' },
        { guard: 'hasStoredSession', target: 'restoring' },
        { target: 'unauthenticated' },
      ],
    },
    callback: {
      entry: 'cleanAddressBar',
      invoke: {
        id: 'handleCallback',
        src: 'handleCallback',
        input: ({ context }) => ({ url: context.url }),
        onDone: {
          target: 'authenticated',
          actions: [{ type: 'setSession', params: ({ event }) => event.output }, 'announceSession'],
        },
        onError: {
          target: 'unauthenticated',
          actions: [
            { type: 'setProblem', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportError', params: ({ event }) => toProblem(event.error) },
          ],
        },
      },
    },
    restoring: {
      invoke: {
        id: 'renewSession',
        src: 'refreshSession',
        input: ({ context }) => ({ session: requireSession(context) }),
        onDone: {
          target: 'authenticated',
          actions: [{ type: 'setSession', params: ({ event }) => event.output }, 'markRenewed', 'announceSession'],
        },
        onError: {
          target: 'unauthenticated',
          actions: ['clearSession', { type: 'setProblem', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    authenticated: {
      initial: 'idle',
      on: {
        'auth.logout': { target: 'loggingOut' },
        'session.sync': [
          { guard: 'signedOutElsewhere', target: 'unauthenticated', actions: 'clearSession' },
          {
            target: '.idle',
            reenter: true,
            actions: { type: 'setSession', params: ({ context, event }) => syncedSession(context, event) },
          },
        ],
      },
      states: {
        idle: {
          after: { refreshDelay: { guard: 'canScheduleRefresh', target: 'refreshing' } },
          // The API refused the access token (401): renew now rather than at the scheduled time.
          on: { 'auth.renew': { target: 'refreshing' } },
        },
        refreshing: {
          invoke: {
            id: 'refreshSession',
            src: 'refreshSession',
            input: ({ context }) => ({ session: requireSession(context) }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'setSession', params: ({ event }) => event.output }, 'markRenewed', 'announceSession'],
            },
            onError: [
              {
                // The provider refused the refresh token and storage was cleared: every tab is signed out.
                guard: 'sessionEnded',
                target: '#auth.unauthenticated',
                actions: [
                  'clearSession',
                  { type: 'setProblem', params: ({ event }) => ({ error: event.error }) },
                  'announceSession',
                ],
              },
              {
                guard: 'canRetryRefresh',
                target: 'idle',
                actions: [
                  'countFailedRefresh',
                  {
                    type: 'reportRefreshRetry',
                    params: ({ context, event }) => ({
                      problem: toProblem(event.error),
                      delayMs: retryDelayMs(context.failedRefreshes),
                    }),
                  },
                ],
              },
              {
                // Retries spent; storage still holds the session, so other tabs keep theirs.
                target: '#auth.unauthenticated',
                actions: ['clearSession', { type: 'setProblem', params: ({ event }) => ({ error: event.error }) }],
              },
            ],
          },
        },
      },
    },
    loggingOut: {
      entry: ['clearSession', 'clearProblem'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ event }) => (event.type === 'auth.logout' ? (event.options ?? {}) : {}),
        onDone: { target: 'unauthenticated', actions: 'announceSession' },
        onError: {
          target: 'unauthenticated',
          actions: [
            { type: 'setProblem', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportError', params: ({ event }) => toProblem(event.error) },
            'announceSession',
          ],
        },
      },
    },
    unauthenticated: {
      on: {
        'auth.login': { target: 'redirecting', actions: 'clearProblem' },
        'auth.register': { target: 'redirecting', actions: 'clearProblem' },
        'session.sync': {
          guard: 'signedInElsewhere',
          target: 'authenticated',
          actions: { type: 'setSession', params: ({ context, event }) => syncedSession(context, event) },
        },
        'problem.dismiss': { actions: 'clearProblem' },
      },
    },
    redirecting: {
      invoke: {
        id: 'startLogin',
        src: 'startLogin',
        input: ({ event }) =>
          event.type === 'auth.register'
            ? { register: true }
            : event.type === 'auth.login'
              ? (event.options ?? {})
              : {},
        onError: {
          target: 'unauthenticated',
          actions: [
            { type: 'setProblem', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportError', params: ({ event }) => toProblem(event.error) },
          ],
        },
      },
    },
  },
})
