import { http, HttpResponse } from 'msw'

/** The product API (`/api/*`) as served in demo mode. */
export const apiHandlers = [
  http.all('/api/*', ({ request }) =>
    HttpResponse.json({ error: `No such API: ${new URL(request.url).pathname}` }, { status: 404 }),
  ),
]
