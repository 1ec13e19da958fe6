/** The generic authenticated request of SPEC.md §7, with the data helper errors of §8. */

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

/** GET '/api' plus the path with the bearer token; without a token nothing is sent. */
export async function apiRequest<T>(
  path: string,
  getToken: () => string | undefined,
  fetcher: typeof fetch = fetch,
): Promise<T> {
  const token = getToken()
  if (!token) throw new ApiRequestError(API_ERRORS.noToken)
  const response = await fetcher(`/api${path}`, {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  })
  if (!response.ok) throw new ApiRequestError(API_ERRORS.failed, response.status)
  return (await response.json()) as T
}
