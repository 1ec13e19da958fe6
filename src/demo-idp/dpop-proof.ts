import { base64url, calculateJwkThumbprint, EmbeddedJWK, jwtVerify } from 'jose'

/** How far a proof's `iat` may be from the checker's clock. */
const PROOF_WINDOW_SECONDS = 300

export type DpopCheck = { ok: true; jkt: string } | { ok: false; description: string }

/** The URL a proof names: no query, no fragment (RFC 9449 §4.2). */
const withoutQuery = (url: string) => {
  const parsed = new URL(url)
  return `${parsed.origin}${parsed.pathname}`
}

/** The `ath` claim of a proof sent with an access token: its SHA-256, base64url. */
export async function accessTokenHash(accessToken: string): Promise<string> {
  return base64url.encode(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(accessToken))))
}

/**
 * Checks a DPoP proof (RFC 9449 §4.3) as the demo provider and the demo API do: an ES256 JWT of
 * type dpop+jwt signed by the public key in its header, for this method and URL, recent, and
 * for this access token when one is sent. Gives the key's thumbprint, which tokens are bound to.
 */
export async function checkDpopProof(
  proof: string | null,
  request: { method: string; url: string; accessToken?: string },
  now = Date.now(),
): Promise<DpopCheck> {
  if (!proof) return { ok: false, description: 'A DPoP proof is required.' }
  try {
    const { payload, protectedHeader } = await jwtVerify(proof, EmbeddedJWK, {
      typ: 'dpop+jwt',
      algorithms: ['ES256'],
    })
    if (payload.htm !== request.method) return { ok: false, description: 'The proof is for another method.' }
    if (typeof payload.htu !== 'string' || withoutQuery(payload.htu) !== withoutQuery(request.url)) {
      return { ok: false, description: 'The proof is for another URL.' }
    }
    if (typeof payload.iat !== 'number' || Math.abs(payload.iat - now / 1000) > PROOF_WINDOW_SECONDS) {
      return { ok: false, description: 'The proof is too old or from the future.' }
    }
    if (typeof payload.jti !== 'string' || payload.jti === '')
      return { ok: false, description: 'The proof has no jti.' }
    if (request.accessToken !== undefined && payload.ath !== (await accessTokenHash(request.accessToken))) {
      return { ok: false, description: 'The proof is for another access token.' }
    }
    return { ok: true, jkt: await calculateJwkThumbprint(protectedHeader.jwk!) }
  } catch (error) {
    return {
      ok: false,
      description: `The DPoP proof is not valid: ${error instanceof Error ? error.message : String(error)}`,
    }
  }
}
