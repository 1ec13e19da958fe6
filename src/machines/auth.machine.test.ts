import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import type { LoginOptions, LogoutOptions, Session } from '@/auth/client'
import { AuthError, authMessages } from '@/auth/errors'
import { REFRESH_CAP_MS, REFRESH_RETRY_DELAYS_MS, refreshDelayMs } from '@/auth/refresh-schedule'
import type { SessionChannel } from '@/auth/browser-environment'
import type { SessionTokens } from '@/auth/refresh-ledger'
import { authMachine, sessionsFromOtherTabs, type AuthProblem, type SessionAcceptor } from './auth.machine'

function session(lifetimeMs: number, name = 'a'): Session {
  return {
    accessToken: `access-${name}`,
    idToken: `id-${name}`,
    refreshToken: `refresh-${name}`,
    expiresAt: 0,
    lifetimeMs,
  }
}

interface Fakes {
  handleCallback?: () => Promise<Session>
  refreshSession?: (current: Session) => Promise<Session>
  startLogin?: (options: LoginOptions) => Promise<void>
  logout?: (options: LogoutOptions) => Promise<void>
  followOtherTabs?: ReturnType<typeof sessionsFromOtherTabs>
}

function start(fakes: Fakes = {}, { isCallback = false, storedSession = null as Session | null } = {}) {
  const clock = new SimulatedClock()
  const effects = {
    cleanAddressBar: vi.fn(),
    announceSession: vi.fn(),
    reportError: vi.fn<(problem: AuthProblem) => void>(),
    reportRefreshRetry: vi.fn<(retry: { problem: AuthProblem; delayMs: number }) => void>(),
    refreshSession: vi.fn(fakes.refreshSession ?? (async () => session(60_000, 'refreshed'))),
    startLogin: vi.fn(fakes.startLogin ?? (async () => {})),
    logout: vi.fn(fakes.logout ?? (async () => {})),
  }
  const logic = authMachine.provide({
    actions: {
      cleanAddressBar: effects.cleanAddressBar,
      announceSession: effects.announceSession,
      reportError: (_, problem) => effects.reportError(problem),
      reportRefreshRetry: (_, retry) => effects.reportRefreshRetry(retry),
    },
    actors: {
      handleCallback: fromPromise(fakes.handleCallback ?? (async () => session(60_000))),
      refreshSession: fromPromise(({ input }) => effects.refreshSession(input.session)),
      startLogin: fromPromise(({ input }) => effects.startLogin(input)),
      logout: fromPromise(({ input }) => effects.logout(input)),
      ...(fakes.followOtherTabs && { followOtherTabs: fakes.followOtherTabs }),
    },
  })
  const actor = createActor(logic, {
    input: { url: 'http://localhost/?code=c&state=s', isCallback, storedSession },
    clock,
  })
  actor.start()
  return { actor, clock, effects }
}

/** A session channel whose other tabs the test plays, and an auth client that takes their tokens. */
function otherTabs() {
  const listeners = new Set<(tokens: SessionTokens | null) => void>()
  const channel: SessionChannel = {
    announce: () => {},
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const ledger = { signedOutSince: false }
  const client = {
    sessionFromTokens: (tokens: SessionTokens) =>
      tokens.idToken === 'id-for-another-client' ? null : { ...tokens, expiresAt: 0, lifetimeMs: 60_000 },
    acceptsSyncedTokens: vi.fn(async () => !ledger.signedOutSince),
  } satisfies SessionAcceptor
  let warned: (message: string) => void = () => {}
  const warn = vi.fn((message: string) => warned(message))
  return {
    listeners,
    client,
    /** Whether any tab signed out since the tokens were sent. */
    ledger,
    warn,
    /** The next warning about a session ignored. */
    nextWarning: () => new Promise<string>((resolve) => (warned = resolve)),
    followOtherTabs: sessionsFromOtherTabs(channel, client, warn),
    /** Another tab announces the session it now holds (null: it signed out). */
    send: (tokens: SessionTokens | null) => listeners.forEach((listener) => listener(tokens)),
  }
}

const tokensOf = ({ accessToken, idToken, refreshToken }: Session): SessionTokens => ({
  accessToken,
  idToken,
  refreshToken,
})

/** Lets settled promises deliver their results to the actor. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('refreshDelayMs', () => {
  it('is the lifetime minus 10 s, capped at a day, and at once (0) when less is left', () => {
    expect(refreshDelayMs(60_000)).toBe(50_000)
    expect(refreshDelayMs(3 * REFRESH_CAP_MS)).toBe(REFRESH_CAP_MS)
    expect(refreshDelayMs(10_001)).toBe(1)
    expect(refreshDelayMs(10_000)).toBe(0)
    expect(refreshDelayMs(5_000)).toBe(0)
    expect(refreshDelayMs(-1)).toBe(0)
  })
})

describe('auth machine', () => {
  it('opens signed out at once when nothing is stored', () => {
    const { actor, effects } = start()
    expect(actor.getSnapshot().matches('unauthenticated')).toBe(true)
    expect(actor.getSnapshot().context.session).toBeUndefined()
    expect(effects.refreshSession).not.toHaveBeenCalled()
  })

  it('opens signed in at once with a stored session that has more than 10 s left', () => {
    const { actor, effects } = start({}, { storedSession: session(60_000) })
    expect(actor.getSnapshot().matches({ authenticated: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.session?.accessToken).toBe('access-a')
    expect(effects.refreshSession).not.toHaveBeenCalled()
  })

  it('loads (not authenticated) while a stored session about to expire is renewed, then signs in', async () => {
    let release: (value: Session) => void = () => {}
    const { actor, effects } = start(
      { refreshSession: () => new Promise((resolve) => (release = resolve)) },
      { storedSession: session(-5_000) },
    )
    expect(actor.getSnapshot().matches('restoring')).toBe(true)
    expect(actor.getSnapshot().matches('authenticated')).toBe(false)
    expect(effects.refreshSession).toHaveBeenCalledWith(expect.objectContaining({ accessToken: 'access-a' }))
    release(session(60_000, 'renewed'))
    await waitFor(actor, (state) => state.matches({ authenticated: 'idle' }))
    expect(actor.getSnapshot().context.session?.accessToken).toBe('access-renewed')
    expect(effects.announceSession).toHaveBeenCalledTimes(1)
  })

  it('shows a readable problem and forgets the session when renewing it fails', async () => {
    const { actor } = start(
      {
        refreshSession: async () => {
          throw new AuthError('session-ended', authMessages.noRefreshToken)
        },
      },
      { storedSession: session(5_000) },
    )
    await waitFor(actor, (state) => state.matches('unauthenticated'))
    expect(actor.getSnapshot().context.session).toBeUndefined()
    expect(actor.getSnapshot().context.problem?.title).toBe('Your session has ended')
    expect(actor.getSnapshot().context.problem?.message).toContain('No refresh token found')
  })

  it('handles the callback once: cleans the address bar, stores the session and tells the other tabs', async () => {
    const { actor, effects } = start({}, { isCallback: true })
    expect(actor.getSnapshot().matches('callback')).toBe(true)
    expect(effects.cleanAddressBar).toHaveBeenCalledTimes(1)
    await waitFor(actor, (state) => state.matches({ authenticated: 'idle' }))
    expect(effects.announceSession).toHaveBeenCalledTimes(1)
  })

  it('reports a tampered callback with its code and lands on the logged-out screen', async () => {
    const { actor, effects } = start(
      {
        handleCallback: async () => {
          throw new AuthError('state', authMessages.invalidState('evil', 'good'), { code: 'ERR_STATE_PARSE' })
        },
      },
      { isCallback: true },
    )
    await waitFor(actor, (state) => state.matches('unauthenticated'))
    const problem = actor.getSnapshot().context.problem
    expect(problem).toMatchObject({ code: 'ERR_STATE_PARSE', title: 'That sign-in link is not valid here' })
    expect(problem?.message).toContain('Invalid state: supplied "evil", expected the one this tab stored (not shown)')
    expect(problem?.message).not.toContain('good')
    expect(effects.reportError).toHaveBeenCalledWith(problem)
  })

  it('refreshes at the lifetime minus 10 s and schedules the next refresh from the new lifetime', async () => {
    const { actor, clock, effects } = start({}, { storedSession: session(60_000) })
    await waitFor(actor, (state) => state.matches({ authenticated: 'idle' }))
    clock.increment(49_999)
    expect(actor.getSnapshot().matches({ authenticated: 'idle' })).toBe(true)
    clock.increment(1)
    expect(actor.getSnapshot().matches({ authenticated: 'refreshing' })).toBe(true)
    expect(effects.refreshSession).toHaveBeenCalledWith(expect.objectContaining({ accessToken: 'access-a' }))
    await waitFor(actor, (state) => state.matches({ authenticated: 'idle' }))
    expect(actor.getSnapshot().context.session?.accessToken).toBe('access-refreshed')
    expect(effects.announceSession).toHaveBeenCalledTimes(1)
    clock.increment(50_000)
    expect(effects.refreshSession).toHaveBeenCalledTimes(2)
  })

  it('caps the refresh timer at 86,400,000 ms', async () => {
    const { actor, clock, effects } = start({}, { storedSession: session(7 * REFRESH_CAP_MS) })
    await waitFor(actor, (state) => state.matches({ authenticated: 'idle' }))
    clock.increment(REFRESH_CAP_MS - 1)
    expect(effects.refreshSession).not.toHaveBeenCalled()
    clock.increment(1)
    expect(effects.refreshSession).toHaveBeenCalledTimes(1)
  })

  it.each([10_000, 5_000, 0])(
    'never refreshes in a loop when the provider issues tokens that live %i ms (10 s or less)',
    async (lifetime) => {
      const { actor, clock, effects } = start(
        { refreshSession: async () => session(lifetime, 'short') },
        { storedSession: session(60_000) },
      )
      clock.increment(50_000)
      await waitFor(
        actor,
        (state) => state.matches({ authenticated: 'idle' }) && state.context.session?.accessToken === 'access-short',
      )
      for (let step = 0; step < 5; step++) {
        clock.increment(REFRESH_CAP_MS)
        await flush()
      }
      expect(effects.refreshSession).toHaveBeenCalledTimes(1)
      expect(actor.getSnapshot().matches({ authenticated: 'idle' })).toBe(true)
    },
  )

  it.each([5_000, 0])(
    'renews at once a session with %i ms left that another tab sent, instead of never',
    async (lifetime) => {
      const { actor, clock, effects } = start({}, { storedSession: session(60_000) })
      actor.send({ type: 'session.sync', session: session(lifetime, 'other-tab') })
      clock.increment(0)
      await waitFor(actor, (state) => state.context.session?.accessToken === 'access-refreshed')
      expect(effects.refreshSession).toHaveBeenCalledTimes(1)
      expect(effects.refreshSession).toHaveBeenCalledWith(expect.objectContaining({ accessToken: 'access-other-tab' }))
    },
  )

  it('renews at once when the API refused the access token (auth.renew), and only from idle', async () => {
    let release: (value: Session) => void = () => {}
    const { actor, effects } = start(
      { refreshSession: () => new Promise((resolve) => (release = resolve)) },
      { storedSession: session(60_000) },
    )
    actor.send({ type: 'auth.renew' })
    expect(actor.getSnapshot().matches({ authenticated: 'refreshing' })).toBe(true)
    actor.send({ type: 'auth.renew' })
    expect(effects.refreshSession).toHaveBeenCalledTimes(1)
    release(session(60_000, 'renewed'))
    await waitFor(actor, (state) => state.matches({ authenticated: 'idle' }))
    expect(actor.getSnapshot().context.session?.accessToken).toBe('access-renewed')
  })

  it('renews a stored session once even when the new token is short-lived', async () => {
    const { actor, clock, effects } = start(
      { refreshSession: async () => session(5_000, 'short') },
      { storedSession: session(0) },
    )
    await waitFor(actor, (state) => state.matches({ authenticated: 'idle' }))
    clock.increment(3 * REFRESH_CAP_MS)
    await flush()
    expect(effects.refreshSession).toHaveBeenCalledTimes(1)
  })

  it('signs out cleanly when the refresh is refused', async () => {
    const { actor, clock, effects } = start(
      {
        refreshSession: async () => {
          throw new AuthError('session-ended', `${authMessages.refreshFailed}: invalid_grant`)
        },
      },
      { storedSession: session(20_000) },
    )
    await waitFor(actor, (state) => state.matches({ authenticated: 'idle' }))
    clock.increment(10_000)
    await waitFor(actor, (state) => state.matches('unauthenticated'))
    expect(actor.getSnapshot().context.session).toBeUndefined()
    expect(actor.getSnapshot().context.problem?.message).toContain('Failed to refresh token: invalid_grant')
    expect(effects.announceSession).toHaveBeenCalledTimes(1)
    // Other tabs are told there is no session any more.
    expect(effects.announceSession.mock.calls[0][0].context.session).toBeUndefined()
  })

  it('tries an unreachable provider again after 1, 2 and 4 s, then signs this tab out without telling the others', async () => {
    const { actor, clock, effects } = start(
      {
        refreshSession: async () => {
          throw new AuthError('refresh', `${authMessages.refreshFailed}: Failed to fetch`)
        },
      },
      { storedSession: session(20_000) },
    )
    await waitFor(actor, (state) => state.matches({ authenticated: 'idle' }))
    clock.increment(10_000)
    for (const [attempt, delay] of REFRESH_RETRY_DELAYS_MS.entries()) {
      await flush()
      expect(effects.refreshSession).toHaveBeenCalledTimes(attempt + 1)
      expect(actor.getSnapshot().matches({ authenticated: 'idle' })).toBe(true)
      expect(effects.reportRefreshRetry).toHaveBeenLastCalledWith(expect.objectContaining({ delayMs: delay }))
      clock.increment(delay - 1)
      expect(effects.refreshSession).toHaveBeenCalledTimes(attempt + 1)
      clock.increment(1)
    }
    await waitFor(actor, (state) => state.matches('unauthenticated'))
    expect(effects.refreshSession).toHaveBeenCalledTimes(4)
    expect(actor.getSnapshot().context.problem?.message).toContain('Failed to refresh token: Failed to fetch')
    expect(effects.announceSession).not.toHaveBeenCalled()
  })

  it('stays signed in when a retry succeeds, and gives the next failure its three retries again', async () => {
    let failures = 1
    const { actor, clock, effects } = start(
      {
        refreshSession: async () => {
          if (failures-- > 0) throw new AuthError('unreachable', 'Could not read the provider configuration')
          return session(20_000, 'renewed')
        },
      },
      { storedSession: session(20_000) },
    )
    await waitFor(actor, (state) => state.matches({ authenticated: 'idle' }))
    clock.increment(10_000)
    await flush()
    clock.increment(REFRESH_RETRY_DELAYS_MS[0])
    await waitFor(actor, (state) => state.context.session?.accessToken === 'access-renewed')
    expect(actor.getSnapshot().matches({ authenticated: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.failedRefreshes).toBe(0)
    expect(effects.announceSession).toHaveBeenCalledTimes(1)

    failures = 1
    clock.increment(10_000)
    await flush()
    expect(actor.getSnapshot().context.failedRefreshes).toBe(1)
    expect(effects.refreshSession).toHaveBeenCalledTimes(3)
  })

  it('does not retry a refresh that cannot succeed later (no storage)', async () => {
    const { actor, clock, effects } = start(
      {
        refreshSession: async () => {
          throw new AuthError('storage', authMessages.noActiveStorage)
        },
      },
      { storedSession: session(20_000) },
    )
    await waitFor(actor, (state) => state.matches({ authenticated: 'idle' }))
    clock.increment(10_000)
    await waitFor(actor, (state) => state.matches('unauthenticated'))
    expect(effects.refreshSession).toHaveBeenCalledTimes(1)
    expect(effects.reportRefreshRetry).not.toHaveBeenCalled()
  })

  it('follows another tab: its refresh replaces the session and reschedules, its sign-out signs this tab out', async () => {
    const { actor, clock, effects } = start({}, { storedSession: session(60_000) })
    await waitFor(actor, (state) => state.matches({ authenticated: 'idle' }))
    clock.increment(30_000)
    actor.send({ type: 'session.sync', session: session(60_000, 'other-tab') })
    expect(actor.getSnapshot().context.session?.accessToken).toBe('access-other-tab')
    clock.increment(49_999)
    expect(effects.refreshSession).not.toHaveBeenCalled()
    clock.increment(1)
    expect(effects.refreshSession).toHaveBeenCalledTimes(1)
    actor.send({ type: 'session.sync', session: null })
    expect(actor.getSnapshot().matches('unauthenticated')).toBe(true)
    expect(actor.getSnapshot().context.session).toBeUndefined()
  })

  it('signs in when another tab did', async () => {
    const { actor } = start()
    await waitFor(actor, (state) => state.matches('unauthenticated'))
    actor.send({ type: 'session.sync', session: null })
    expect(actor.getSnapshot().matches('unauthenticated')).toBe(true)
    actor.send({ type: 'session.sync', session: session(60_000) })
    expect(actor.getSnapshot().matches({ authenticated: 'idle' })).toBe(true)
  })

  it('hears the other tabs through its own actor: a refresh there replaces the session and reschedules the refresh here', async () => {
    const tabs = otherTabs()
    const { actor, clock, effects } = start(
      { followOtherTabs: tabs.followOtherTabs },
      { storedSession: session(60_000) },
    )
    await waitFor(actor, (state) => state.matches({ authenticated: 'idle' }))
    expect(tabs.listeners.size).toBe(1)
    clock.increment(30_000)
    tabs.send(tokensOf(session(60_000, 'other-tab')))
    await waitFor(actor, (state) => state.context.session?.accessToken === 'access-other-tab')
    clock.increment(49_999)
    expect(effects.refreshSession).not.toHaveBeenCalled()
    clock.increment(1)
    expect(effects.refreshSession).toHaveBeenCalledTimes(1)
    await waitFor(actor, (state) => state.matches({ authenticated: 'idle' }))
    tabs.send(null)
    expect(actor.getSnapshot().matches('unauthenticated')).toBe(true)
    actor.stop()
    expect(tabs.listeners.size).toBe(0)
  })

  it('signs in from another tab’s session, but not from one for another client or one sent before a sign-out', async () => {
    const tabs = otherTabs()
    const { actor } = start({ followOtherTabs: tabs.followOtherTabs })
    await waitFor(actor, (state) => state.matches('unauthenticated'))
    tabs.send({ ...tokensOf(session(60_000, 'elsewhere')), idToken: 'id-for-another-client' })
    expect(tabs.warn).toHaveBeenCalledWith(
      'Vigil ignored a session from another tab whose id token is not for this provider and client',
    )
    expect(tabs.client.acceptsSyncedTokens).not.toHaveBeenCalled()
    tabs.ledger.signedOutSince = true
    const warning = tabs.nextWarning()
    tabs.send(tokensOf(session(60_000, 'late')))
    expect(await warning).toBe('Vigil ignored a session from another tab: the session was signed out since')
    expect(actor.getSnapshot().matches('unauthenticated')).toBe(true)
    tabs.ledger.signedOutSince = false
    tabs.send(tokensOf(session(60_000, 'other-tab')))
    await waitFor(actor, (state) => state.matches({ authenticated: 'idle' }))
    expect(actor.getSnapshot().context.session?.accessToken).toBe('access-other-tab')
  })

  it('logs out: clears the user first, then runs the provider logout with the options', async () => {
    let release: () => void = () => {}
    const { actor, effects } = start(
      { logout: () => new Promise((resolve) => (release = resolve)) },
      { storedSession: session(60_000) },
    )
    await waitFor(actor, (state) => state.matches({ authenticated: 'idle' }))
    actor.send({ type: 'auth.logout', options: { redirect: 'https://vigil.example/bye', allSessions: true } })
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true)
    expect(actor.getSnapshot().context.session).toBeUndefined()
    expect(effects.logout).toHaveBeenCalledWith({ redirect: 'https://vigil.example/bye', allSessions: true })
    release()
    await waitFor(actor, (state) => state.matches('unauthenticated'))
    expect(effects.announceSession).toHaveBeenCalledTimes(1)
  })

  it('reports ERR_LOGOUT when logout fails', async () => {
    const { actor, effects } = start(
      {
        logout: async () => {
          throw new AuthError('unreachable', 'storage is gone', { code: 'ERR_LOGOUT' })
        },
      },
      { storedSession: session(60_000) },
    )
    await waitFor(actor, (state) => state.matches({ authenticated: 'idle' }))
    actor.send({ type: 'auth.logout' })
    await waitFor(actor, (state) => state.matches('unauthenticated'))
    expect(effects.reportError).toHaveBeenCalledWith(expect.objectContaining({ code: 'ERR_LOGOUT' }))
  })

  it('starts login with its options, and registration with register set', async () => {
    const { actor, effects } = start()
    await waitFor(actor, (state) => state.matches('unauthenticated'))
    actor.send({ type: 'auth.login', options: { loginHint: 'ada@vigil.dev', prompt: 'login' } })
    expect(actor.getSnapshot().matches('redirecting')).toBe(true)
    expect(effects.startLogin).toHaveBeenLastCalledWith({ loginHint: 'ada@vigil.dev', prompt: 'login' })

    const second = start()
    await waitFor(second.actor, (state) => state.matches('unauthenticated'))
    second.actor.send({ type: 'auth.register' })
    expect(second.effects.startLogin).toHaveBeenLastCalledWith({ register: true })
  })

  it('reports ERR_REGISTER when registration cannot start, and the problem can be dismissed', async () => {
    const { actor, effects } = start({
      startLogin: async () => {
        throw new AuthError('unreachable', 'provider down', { code: 'ERR_REGISTER' })
      },
    })
    await waitFor(actor, (state) => state.matches('unauthenticated'))
    actor.send({ type: 'auth.register' })
    await waitFor(actor, (state) => state.matches('unauthenticated') && !!state.context.problem)
    expect(actor.getSnapshot().context.problem).toMatchObject({
      code: 'ERR_REGISTER',
      title: 'The identity provider could not be reached',
    })
    expect(effects.reportError).toHaveBeenCalledTimes(1)
    actor.send({ type: 'problem.dismiss' })
    expect(actor.getSnapshot().context.problem).toBeUndefined()
  })

  it('ignores login while signed in and logout while signed out', async () => {
    const { actor, effects } = start({}, { storedSession: session(60_000) })
    await waitFor(actor, (state) => state.matches({ authenticated: 'idle' }))
    actor.send({ type: 'auth.login' })
    expect(actor.getSnapshot().matches({ authenticated: 'idle' })).toBe(true)
    expect(effects.startLogin).not.toHaveBeenCalled()
    const signedOut = start()
    await waitFor(signedOut.actor, (state) => state.matches('unauthenticated'))
    signedOut.actor.send({ type: 'auth.logout' })
    expect(signedOut.effects.logout).not.toHaveBeenCalled()
  })
})
