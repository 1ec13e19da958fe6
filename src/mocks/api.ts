import { createRemoteJWKSet, jwtVerify } from 'jose'
import { http, HttpResponse } from 'msw'
import { checkDpopProof } from '@/demo-idp/dpop-proof'

export interface ApiMockOptions {
  /** The origin that serves Vigil: only `<origin>/api/…` is the API (not `/src/api/…` modules). */
  origin: string
  /** The issuer whose tokens the API accepts, and its JWKS address. */
  issuer: string
  jwksUri: () => Promise<string>
}

/** The product API (`/api/*` on Vigil's origin) as served in demo mode. */
export function apiHandlers({ origin, issuer, jwksUri }: ApiMockOptions) {
  let keySet: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined
  const keys = () => (keySet ??= jwksUri().then((uri) => createRemoteJWKSet(new URL(uri))))

  /**
   * The subject of a valid access token: a bearer token, or a DPoP-bound one (`cnf.jkt`) sent
   * as `Authorization: DPoP` with a proof signed by that key for this request.
   */
  async function subjectOf(request: Request): Promise<string | undefined> {
    const [scheme, token] = (request.headers.get('Authorization') ?? '').split(' ')
    if ((scheme !== 'Bearer' && scheme !== 'DPoP') || !token) return undefined
    try {
      const { payload } = await jwtVerify(token, await keys(), { issuer })
      const boundTo = (payload.cnf as { jkt?: unknown } | undefined)?.jkt
      if (boundTo === undefined) return scheme === 'Bearer' ? payload.sub : undefined
      if (scheme !== 'DPoP') return undefined
      const proof = await checkDpopProof(request.headers.get('DPoP'), {
        method: request.method,
        url: request.url,
        accessToken: token,
      })
      return proof.ok && proof.jkt === boundTo ? payload.sub : undefined
    } catch {
      return undefined
    }
  }

  const unauthorized = () =>
    HttpResponse.json(
      { error: 'A valid bearer token is required.' },
      { status: 401, headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' } },
    )

  return [
    http.get(`${origin}/api/ping/`, async ({ request }) => {
      const userId = await subjectOf(request)
      if (!userId) return unauthorized()
      return HttpResponse.json({ current_time: new Date().toISOString(), user_id: userId })
    }),
    http.all(`${origin}/api/*`, ({ request }) =>
      HttpResponse.json({ error: `No such API: ${new URL(request.url).pathname}` }, { status: 404 }),
    ),
  ]
}
