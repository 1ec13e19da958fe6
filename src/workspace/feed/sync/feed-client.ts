import { isLoopback } from '@/lib/loopback'
import { FeedError } from '@/workspace/feed/format/manifest'

/** Where a feed's requests go, and with what: the sync's options that its requests read. */
export interface FeedClientOptions {
  manifestUrl: string
  /** The page's origin: an https page refuses an http feed, and a host that refuses it under CORS is told of it. */
  pageOrigin: string
  /** The signed-in user's access token, sent as a bearer token only where `inTokenScope` allows. */
  token?: string
  fetch?: typeof fetch
  /** Whether the browser says it is online (an offline sync says so rather than "unreachable"). */
  online?: () => boolean
  /**
   * The page's `connect-src` sources. A worker takes its policy from its own response, not from
   * the page's meta tag: the sync keeps to the page's, and says so when a feed is outside it.
   */
  connectSrc?: readonly string[]
}

/** The validators of what Vigil last fetched, for a conditional request. */
export interface Conditional {
  etag?: string
  lastModified?: string
}

/**
 * Whether the token may go to `url`: under the manifest's own folder (on a shared host another
 * tenant's folder has the same origin), over https or to this machine, and with no encoded slash
 * that a server could read as a way out of the folder.
 */
export function inTokenScope(url: string, manifestUrl: string): boolean {
  const target = new URL(url)
  const folder = new URL('.', manifestUrl).href
  return (
    target.href.startsWith(folder) &&
    !/%2f|%5c/i.test(target.pathname) &&
    !target.username &&
    !target.password &&
    (target.protocol === 'https:' || isLoopback(target))
  )
}

/** A feed's requests: conditional, a bearer token only under the manifest's folder, never after a redirect. */
export class FeedClient {
  requests = 0
  tokenSent = false

  constructor(private readonly options: FeedClientOptions) {}

  get connectSrc() {
    return this.options.connectSrc
  }

  get pageOrigin() {
    return this.options.pageOrigin
  }

  async get(url: string, what: string, conditional: Conditional = {}): Promise<Response> {
    const headers = new Headers()
    if (conditional.etag) headers.set('If-None-Match', conditional.etag)
    else if (conditional.lastModified) headers.set('If-Modified-Since', conditional.lastModified)
    const withToken = !!this.options.token && inTokenScope(url, this.options.manifestUrl)
    if (withToken) {
      headers.set('Authorization', `Bearer ${this.options.token}`)
      this.tokenSent = true
    }
    this.requests += 1
    let response: Response
    try {
      response = await (this.options.fetch ?? fetch)(url, {
        headers,
        cache: 'no-store',
        credentials: 'omit',
        // A redirect could take the token to another origin: with a token, none is followed.
        redirect: withToken ? 'manual' : 'follow',
      })
    } catch (error) {
      if (this.options.online && !this.options.online()) {
        throw new FeedError(`This browser is offline, so ${what} could not be fetched.`)
      }
      throw new FeedError(
        `Vigil could not reach ${what} at ${url}: the host did not answer, or it refused this site under CORS (the browser does not say which). Check the address, and that the host allows ${this.options.pageOrigin} (${error instanceof Error ? error.message : String(error)}).`,
      )
    }
    if (
      response.type === 'opaqueredirect' ||
      (response.status >= 300 && response.status < 400 && response.status !== 304)
    ) {
      throw new FeedError(
        `The feed redirected the request for ${what}; Vigil follows no redirect while it sends your sign-in token, so that the token never reaches another address. Point Vigil at the final address.`,
      )
    }
    if (response.status === 401 || response.status === 403) {
      throw new FeedError(
        `The feed refused access to ${what} (HTTP ${response.status}). ${
          withToken
            ? 'Vigil sent your sign-in token, and the feed did not accept it.'
            : this.options.token
              ? `Vigil sends your sign-in token only to addresses under the manifest's folder (${new URL('.', this.options.manifestUrl).href}), over https: not to this one.`
              : 'Vigil sent no sign-in token: if the feed checks tokens, turn on "Send my sign-in token to the feed".'
        }`,
      )
    }
    return response
  }
}
