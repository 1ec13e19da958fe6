import { describe, expect, it } from 'vitest'
import { DEFAULT_SCOPE, readConfig, type ConfigResult } from './config'

const origin = 'http://localhost:5173'

function problemsOf(result: ConfigResult) {
  if (result.ok) throw new Error('expected configuration problems')
  return result.problems
}

describe('readConfig', () => {
  it('selects demo mode with its defaults when VITE_AUTH_DOMAIN is unset', () => {
    expect(readConfig({}, origin)).toEqual({
      ok: true,
      config: {
        mode: 'demo',
        authDomain: 'http://localhost:5173/demo-idp',
        clientId: 'vigil-demo',
        redirectUrl: origin,
        logoutRedirectUrl: origin,
        audience: undefined,
        scope: DEFAULT_SCOPE,
        mockApi: true,
        feedUrl: undefined,
        feedSendToken: false,
      },
    })
  })

  it('reads a real provider and drops a trailing slash from the domain', () => {
    const result = readConfig(
      {
        VITE_AUTH_DOMAIN: 'https://acme.kinde.com/',
        VITE_AUTH_CLIENT_ID: 'abc123',
        VITE_AUTH_REDIRECT_URL: 'https://vigil.acme.dev/',
        VITE_AUTH_LOGOUT_REDIRECT_URL: 'https://vigil.acme.dev/bye',
        VITE_AUTH_AUDIENCE: 'https://api.acme.dev',
        VITE_AUTH_SCOPE: 'openid profile',
        VITE_MOCK_API: 'false',
      },
      origin,
    )
    expect(result).toEqual({
      ok: true,
      config: {
        mode: 'provider',
        authDomain: 'https://acme.kinde.com',
        clientId: 'abc123',
        redirectUrl: 'https://vigil.acme.dev/',
        logoutRedirectUrl: 'https://vigil.acme.dev/bye',
        audience: 'https://api.acme.dev',
        scope: 'openid profile',
        mockApi: false,
        feedUrl: undefined,
        feedSendToken: false,
      },
    })
  })

  it('reads the team feed and whether to send it the sign-in token', () => {
    const env = { VITE_FEED_URL: 'https://scans.acme.dev/vigil/manifest.json', VITE_FEED_SEND_TOKEN: 'true' }
    expect(readConfig(env, origin)).toMatchObject({
      ok: true,
      config: { feedUrl: 'https://scans.acme.dev/vigil/manifest.json', feedSendToken: true },
    })
  })

  it('serves the fake /api with a real provider only when VITE_MOCK_API=true says so', () => {
    const provider = { VITE_AUTH_DOMAIN: 'https://acme.kinde.com', VITE_AUTH_CLIENT_ID: 'abc123' }
    expect(readConfig(provider, origin)).toMatchObject({ ok: true, config: { mockApi: false } })
    expect(readConfig({ ...provider, VITE_MOCK_API: 'true' }, origin)).toMatchObject({
      ok: true,
      config: { mockApi: true },
    })
    expect(readConfig({}, origin)).toMatchObject({ ok: true, config: { mode: 'demo', mockApi: true } })
  })

  it('treats blank values as unset', () => {
    const result = readConfig({ VITE_AUTH_DOMAIN: '  ', VITE_AUTH_SCOPE: '' }, origin)
    expect(result.ok && result.config.mode).toBe('demo')
    expect(result.ok && result.config.scope).toBe(DEFAULT_SCOPE)
  })

  it('allows http only for a provider on this machine', () => {
    const result = readConfig({ VITE_AUTH_DOMAIN: 'http://127.0.0.1:4180', VITE_AUTH_CLIENT_ID: 'vigil' }, origin)
    expect(result.ok).toBe(true)
    expect(
      problemsOf(readConfig({ VITE_AUTH_DOMAIN: 'http://acme.kinde.com', VITE_AUTH_CLIENT_ID: 'x' }, origin)),
    ).toEqual([
      {
        variable: 'VITE_AUTH_DOMAIN',
        message: 'must use https:// (http:// is allowed only for localhost), got "http://acme.kinde.com"',
      },
    ])
  })

  it('refuses http for a host whose name only starts like a loopback address', () => {
    expect(
      problemsOf(readConfig({ VITE_AUTH_DOMAIN: 'http://127.evil.example', VITE_AUTH_CLIENT_ID: 'x' }, origin)),
    ).toEqual([
      {
        variable: 'VITE_AUTH_DOMAIN',
        message: 'must use https:// (http:// is allowed only for localhost), got "http://127.evil.example"',
      },
    ])
  })

  it.each([
    [
      { VITE_AUTH_DOMAIN: 'acme.kinde.com', VITE_AUTH_CLIENT_ID: 'x' },
      'VITE_AUTH_DOMAIN',
      /is not a URL \(got "acme.kinde.com"\)/,
    ],
    [{ VITE_AUTH_DOMAIN: 'ftp://acme.example', VITE_AUTH_CLIENT_ID: 'x' }, 'VITE_AUTH_DOMAIN', /must use https/],
    [{ VITE_AUTH_DOMAIN: 'https://acme.kinde.com' }, 'VITE_AUTH_CLIENT_ID', /is required when VITE_AUTH_DOMAIN is set/],
    [{ VITE_AUTH_REDIRECT_URL: '/callback' }, 'VITE_AUTH_REDIRECT_URL', /is not a URL/],
    [{ VITE_AUTH_LOGOUT_REDIRECT_URL: 'http://evil.example/' }, 'VITE_AUTH_LOGOUT_REDIRECT_URL', /must use https/],
    [{ VITE_AUTH_SCOPE: 'email profile' }, 'VITE_AUTH_SCOPE', /must include openid/],
    [{ VITE_MOCK_API: 'yes' }, 'VITE_MOCK_API', /must be true or false, got "yes"/],
    [{ VITE_FEED_URL: 'http://scans.acme.dev/m.json' }, 'VITE_FEED_URL', /must use https/],
    [{ VITE_FEED_URL: 'scans' }, 'VITE_FEED_URL', /is not a URL/],
    [{ VITE_FEED_SEND_TOKEN: 'always' }, 'VITE_FEED_SEND_TOKEN', /must be true or false/],
  ])('names the variable of a bad value: %j', (env, variable, message) => {
    const problems = problemsOf(readConfig(env, origin))
    expect(problems).toHaveLength(1)
    expect(problems[0].variable).toBe(variable)
    expect(problems[0].message).toMatch(message)
  })

  it('reports every bad variable at once', () => {
    const problems = problemsOf(readConfig({ VITE_AUTH_DOMAIN: 'nope', VITE_MOCK_API: 'maybe' }, origin))
    expect(problems.map((problem) => problem.variable)).toEqual([
      'VITE_AUTH_DOMAIN',
      'VITE_AUTH_CLIENT_ID',
      'VITE_MOCK_API',
    ])
  })
})
