import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { apiRequest, bearerSender } from './request'

const requests: Request[] = []
const server = setupServer(
  http.get('http://vigil.test/api/ping/', ({ request }) => {
    requests.push(request)
    return request.headers.get('Authorization') === 'Bearer good'
      ? HttpResponse.json({ current_time: '2026-11-21T10:00:00Z', user_id: 'kp_1' })
      : HttpResponse.json({ error: 'no' }, { status: 401 })
  }),
)
const fetcher = bearerSender((input, init) => fetch(new URL(String(input), 'http://vigil.test'), init))

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

  it('renews the session once on a 401 and retries once with the new token', async () => {
    const renew = vi.fn(async () => 'good')
    const before = requests.length
    await expect(apiRequest('/ping/', () => 'opaque-and-stale', fetcher, renew)).resolves.toMatchObject({
      user_id: 'kp_1',
    })
    expect(renew).toHaveBeenCalledTimes(1)
    expect(requests.slice(before).map((request) => request.headers.get('Authorization'))).toEqual([
      'Bearer opaque-and-stale',
      'Bearer good',
    ])
  })

  it('gives up after one renewal that brings no new token', async () => {
    const renew = vi.fn(async () => undefined)
    const before = requests.length
    await expect(apiRequest('/ping/', () => 'expired', fetcher, renew)).rejects.toMatchObject({ status: 401 })
    expect(renew).toHaveBeenCalledTimes(1)
    expect(requests.length - before).toBe(1)
  })

  it('retries only once even when the new token is refused too', async () => {
    const renew = vi.fn(async () => 'also-refused')
    const before = requests.length
    await expect(apiRequest('/ping/', () => 'expired', fetcher, renew)).rejects.toMatchObject({ status: 401 })
    expect(renew).toHaveBeenCalledTimes(1)
    expect(requests.length - before).toBe(2)
  })
})
