/** The build-time configuration of Vigil, read and validated once at start-up. */
import { isLoopback } from '@/lib/loopback'

export const DEFAULT_SCOPE = 'email profile openid offline'
export const DEMO_CLIENT_ID = 'vigil-demo'
/** Path of the demo identity provider, served inside the app. */
export const DEMO_ISSUER_PATH = '/demo-idp'

export interface VigilConfig {
  /** `demo` when VITE_AUTH_DOMAIN is unset: the demo identity provider inside the app. */
  mode: 'demo' | 'provider'
  /** The provider's issuer URL, without a trailing slash. */
  authDomain: string
  clientId: string
  redirectUrl: string
  logoutRedirectUrl: string
  audience?: string
  scope: string
  mockApi: boolean
  /** The team's scan feed manifest (VITE_FEED_URL), if the build names one. */
  feedUrl?: string
  /** Whether to send the signed-in user's token to the feed's origin by default (VITE_FEED_SEND_TOKEN). */
  feedSendToken: boolean
}

export interface ConfigProblem {
  variable: string
  message: string
}

export type ConfigResult = { ok: true; config: VigilConfig } | { ok: false; problems: ConfigProblem[] }

export type ConfigEnv = Partial<Record<string, string | boolean | undefined>>

function text(env: ConfigEnv, name: string): string | undefined {
  const value = env[name]
  if (typeof value !== 'string') return undefined
  const trimmed = value.trim()
  return trimmed === '' ? undefined : trimmed
}

/** An absolute URL, https unless it points at this machine. Returns the problem text, if any. */
function checkUrl(value: string): string | undefined {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return `is not a URL (got "${value}"); use an absolute address such as https://acme.kinde.com`
  }
  if (url.protocol === 'https:') return undefined
  if (url.protocol === 'http:' && isLoopback(url)) return undefined
  return `must use https:// (http:// is allowed only for localhost), got "${value}"`
}

function readBoolean(env: ConfigEnv, name: string, fallback: boolean, problems: ConfigProblem[]): boolean {
  const value = text(env, name)
  if (value === undefined) return fallback
  if (value === 'true' || value === '1') return true
  if (value === 'false' || value === '0') return false
  problems.push({ variable: name, message: `must be true or false, got "${value}"` })
  return fallback
}

/** Reads the VITE_AUTH_* and VITE_MOCK_API variables; `origin` is the site's own origin. */
export function readConfig(env: ConfigEnv, origin: string): ConfigResult {
  const problems: ConfigProblem[] = []
  const domain = text(env, 'VITE_AUTH_DOMAIN')
  if (domain !== undefined) {
    const problem = checkUrl(domain)
    if (problem) problems.push({ variable: 'VITE_AUTH_DOMAIN', message: problem })
  }
  const clientId = text(env, 'VITE_AUTH_CLIENT_ID') ?? (domain === undefined ? DEMO_CLIENT_ID : undefined)
  if (clientId === undefined) {
    problems.push({
      variable: 'VITE_AUTH_CLIENT_ID',
      message: 'is required when VITE_AUTH_DOMAIN is set: copy the client id of your application at the provider',
    })
  }
  const redirect = (name: string) => {
    const value = text(env, name)
    if (value === undefined) return origin
    const problem = checkUrl(value)
    if (problem) problems.push({ variable: name, message: problem })
    return value
  }
  const redirectUrl = redirect('VITE_AUTH_REDIRECT_URL')
  const logoutRedirectUrl = redirect('VITE_AUTH_LOGOUT_REDIRECT_URL')
  const scope = text(env, 'VITE_AUTH_SCOPE') ?? DEFAULT_SCOPE
  if (!scope.split(/\s+/).includes('openid')) {
    problems.push({ variable: 'VITE_AUTH_SCOPE', message: `must include openid, got "${scope}"` })
  }
  // Fail safe: with a real provider, the fake /api is served only when asked for.
  const mockApi = readBoolean(env, 'VITE_MOCK_API', domain === undefined, problems)
  const feedUrl = text(env, 'VITE_FEED_URL')
  if (feedUrl !== undefined) {
    const problem = checkUrl(feedUrl)
    if (problem) problems.push({ variable: 'VITE_FEED_URL', message: problem })
  }
  const feedSendToken = readBoolean(env, 'VITE_FEED_SEND_TOKEN', false, problems)
  if (problems.length > 0) return { ok: false, problems }
  return {
    ok: true,
    config: {
      mode: domain === undefined ? 'demo' : 'provider',
      authDomain: (domain ?? `${origin}${DEMO_ISSUER_PATH}`).replace(/\/+$/, ''),
      clientId: clientId as string,
      redirectUrl,
      logoutRedirectUrl,
      audience: text(env, 'VITE_AUTH_AUDIENCE'),
      scope,
      mockApi,
      feedUrl,
      feedSendToken,
    },
  }
}
