import { http, HttpResponse } from 'msw'
import type { DemoProvider } from './provider'

/** The demo provider's HTTP endpoints: discovery, JWKS, token and revocation. Its pages are app routes. */
export function demoIdpHandlers(provider: DemoProvider) {
  const noStore = { 'Cache-Control': 'no-store' }
  return [
    http.get(`${provider.issuer}/.well-known/openid-configuration`, () => HttpResponse.json(provider.discovery())),
    http.get(`${provider.issuer}/.well-known/jwks.json`, async () => HttpResponse.json(await provider.jwks())),
    http.post(`${provider.issuer}/oauth2/token`, async ({ request }) => {
      const form = new URLSearchParams(await request.text())
      const { status, body } = await provider.token(form, request.headers.get('DPoP'))
      return HttpResponse.json(body, { status, headers: noStore })
    }),
    http.post(`${provider.issuer}/oauth2/revoke`, async ({ request }) => {
      const { status, body } = provider.revoke(new URLSearchParams(await request.text()))
      return status === 200 ? new HttpResponse(null, { status }) : HttpResponse.json(body, { status })
    }),
  ]
}
