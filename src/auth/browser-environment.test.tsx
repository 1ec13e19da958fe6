import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SessionTokens } from '@/auth/refresh-ledger'
import { browserSessionChannel } from './browser-environment'

const tokens: SessionTokens = { accessToken: 'access-a', idToken: 'id-a', refreshToken: 'refresh-a' }
const channelName = () => `vigil-session-test-${crypto.randomUUID()}`

/** The next message a subscriber of the channel receives. */
function nextMessage(channel: ReturnType<typeof browserSessionChannel>) {
  return new Promise<SessionTokens | null>((resolve) => {
    const unsubscribe = channel.subscribe((received) => {
      unsubscribe()
      resolve(received)
    })
  })
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the session channel between tabs', () => {
  it('carries the tokens of a new session, and null for a sign-out', async () => {
    const name = channelName()
    const sender = browserSessionChannel(name)
    const receiver = browserSessionChannel(name)
    const signedIn = nextMessage(receiver)
    sender.announce({ ...tokens, expiresAt: 1, lifetimeMs: 2 } as SessionTokens)
    // The expiry received with the tokens travels with them; the reader's own lifetime does not.
    expect(await signedIn).toEqual({ ...tokens, expiresAt: 1 })
    const signedOut = nextMessage(receiver)
    sender.announce(null)
    expect(await signedOut).toBeNull()
  })

  it('ignores a message that holds no session, and says so on the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const name = channelName()
    const receiver = browserSessionChannel(name)
    const listener = vi.fn()
    receiver.subscribe(listener)
    const stranger = new BroadcastChannel(name)
    stranger.postMessage('changed')
    stranger.postMessage({ accessToken: 'a', idToken: '', refreshToken: 'r' })
    const after = nextMessage(receiver)
    browserSessionChannel(name).announce(tokens)
    expect(await after).toEqual(tokens)
    expect(listener).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledTimes(2)
    expect(warn).toHaveBeenCalledWith('Vigil ignored a session message that holds no session')
    stranger.close()
  })
})
