import { base64url, SignJWT } from 'jose'
import { subjectOf, type DemoIdentity } from './identities'
import type { DemoProviderState } from './provider-state'

/** The tokens the demo provider issues: an access token and an ID token it signs, and a refresh token it keeps. */

const REFRESH_TTL_MS = 30 * 24 * 3600_000

export const demoOrganisation = {
  orgCode: 'org_vigil',
  orgCodes: ['org_vigil', 'org_acme_payments'],
  roles: [{ id: 'role_sec_lead', key: 'security-lead', name: 'Security lead' }],
  permissions: ['read:repositories', 'read:policies', 'edit:policies', 'read:vulnerabilities'],
  featureFlags: { policy_editor: { t: 'b', v: true }, source_graph: { t: 'b', v: false } },
}

/** Random text for codes, token ids and refresh tokens. */
export function randomToken(bytes = 24): string {
  return base64url.encode(crypto.getRandomValues(new Uint8Array(bytes)))
}

/** What the provider's tokens say about it, and where it keeps what it issues. */
export interface TokenIssuerOptions {
  issuer: string
  clientId: string
  stored: DemoProviderState
  now: () => number
  accessTokenTtlSeconds: number
}

/** Issues a grant's tokens; the refresh token joins `family` and is bound to the DPoP key `jkt` when given. */
export function tokenIssuer({ issuer, clientId, stored, now, accessTokenTtlSeconds }: TokenIssuerOptions) {
  return async function issueTokens(
    grant: { identity: DemoIdentity; scope: string; audience?: string; nonce?: string },
    family: string,
    jkt?: string,
  ) {
    const { key: privateKey, jwk } = await stored.key()
    const issuedAt = Math.floor(now() / 1000)
    const sub = subjectOf(grant.identity)
    const header = { alg: 'ES256', kid: jwk.kid, typ: 'JWT' }
    const accessToken = await new SignJWT({
      scope: grant.scope,
      org_code: demoOrganisation.orgCode,
      roles: demoOrganisation.roles,
      permissions: demoOrganisation.permissions,
      feature_flags: demoOrganisation.featureFlags,
      jti: randomToken(12),
      ...(jkt ? { cnf: { jkt } } : {}),
    })
      .setProtectedHeader(header)
      .setIssuer(issuer)
      .setSubject(sub)
      .setAudience(grant.audience ? [grant.audience] : [`${issuer}/api`])
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + accessTokenTtlSeconds)
      .sign(privateKey)
    const idToken = await new SignJWT({
      given_name: grant.identity.givenName,
      family_name: grant.identity.familyName,
      name: `${grant.identity.givenName} ${grant.identity.familyName}`.trim(),
      email: grant.identity.email,
      email_verified: true,
      ...(grant.identity.picture ? { picture: grant.identity.picture } : {}),
      org_codes: demoOrganisation.orgCodes,
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
      auth_time: issuedAt,
    })
      .setProtectedHeader(header)
      .setIssuer(issuer)
      .setSubject(sub)
      .setAudience(clientId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + accessTokenTtlSeconds)
      .sign(privateKey)
    const refreshToken = randomToken(36)
    stored.update((state) => {
      state.refreshTokens[refreshToken] = {
        family,
        used: false,
        clientId,
        scope: grant.scope,
        audience: grant.audience,
        identity: grant.identity,
        expiresAt: now() + REFRESH_TTL_MS,
        jkt,
      }
    })
    return {
      access_token: accessToken,
      id_token: idToken,
      refresh_token: refreshToken,
      token_type: jkt ? 'DPoP' : 'Bearer',
      expires_in: accessTokenTtlSeconds,
      scope: grant.scope,
    }
  }
}
