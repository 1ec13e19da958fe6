/** The generic authenticated request to the product API, with its two errors: 'No token available' and 'API request failed'. */

export const API_ERRORS = {
  noToken: 'No token available',
  failed: 'API request failed',
} as const

export class ApiRequestError extends Error {
  readonly status?: number

  constructor(message: string, status?: number) {
    super(message)
    this.name = 'ApiRequestError'
    this.status = status
  }
}

/** Sends a GET to the URL with the access token (as a bearer token, or DPoP-bound). */
export type TokenSender = (url: string, token: string) => Promise<Response>

/** The plain sender: `Authorization: Bearer` and a JSON content type. */
export const bearerSender =
  (fetcher: typeof fetch = fetch): TokenSender =>
  (url, token) =>
    fetcher(url, { headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } })

/**
 * GET '/api' plus the path with the access token; without a token nothing is sent. A 401 (the
 * token was refused, as an opaque token past its time can be) renews the session once through
 * `renewToken` and tries once more with the new token.
 */
export async function apiRequest<T>(
  path: string,
  getToken: () => string | undefined,
  send: TokenSender = bearerSender(),
  renewToken?: () => Promise<string | undefined>,
): Promise<T> {
  const token = getToken()
  if (!token) throw new ApiRequestError(API_ERRORS.noToken)
  const url = `/api${path}`
  let response = await send(url, token)
  if (response.status === 401 && renewToken) {
    const renewed = await renewToken()
    if (renewed && renewed !== token) response = await send(url, renewed)
  }
  if (!response.ok) throw new ApiRequestError(API_ERRORS.failed, response.status)
  return (await response.json()) as T
}
