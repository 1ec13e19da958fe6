import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRequest } from './request'

const requests: Request[] = []
const server = setupServer(
  http.get('http://vigil.test/api/ping/', ({ request }) => {
    requests.push(request)
    return request.headers.get('Authorization') === 'Bearer good'
      ? HttpResponse.json({ current_time: '2026-11-21T10:00:00Z', user_id: 'kp_1' })
      : HttpResponse.json({ error: 'no' }, { status: 401 })
  }),
)
const fetcher: typeof fetch = (input, init) => fetch(new URL(String(input), 'http://vigil.test'), init)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

describe('apiRequest', () => {
  it("GETs '/api' plus the path with the bearer token and a JSON content type, and parses the body", async () => {
    await expect(apiRequest('/ping/', () => 'good', fetcher)).resolves.toEqual({
      current_time: '2026-11-21T10:00:00Z',
      user_id: 'kp_1',
    })
    const request = requests.at(-1) as Request
    expect(request.method).toBe('GET')
    expect(request.headers.get('Content-Type')).toBe('application/json')
  })

  it("raises 'No token available' and sends nothing without a token", async () => {
    const before = requests.length
    await expect(apiRequest('/ping/', () => undefined, fetcher)).rejects.toThrow('No token available')
    expect(requests).toHaveLength(before)
  })

  it("raises 'API request failed' when the response is not ok", async () => {
    await expect(apiRequest('/ping/', () => 'expired', fetcher)).rejects.toMatchObject({
      message: 'API request failed',
      status: 401,
    })
  })
})
