import { decodeJwt, type JWTPayload } from 'jose'

/** The signed-in user, read from the id token. */
export interface UserProfile {
  id: string
  /** Who issued the id token (`iss`): with the id, it names one identity across providers. */
  issuer?: string
  givenName?: string
  familyName?: string
  email?: string
  picture?: string
}

/** A JWT's payload, or undefined for anything that is not a well-formed JWT. */
export function readJwt(token: string | undefined): JWTPayload | undefined {
  if (!token || token.split('.').length !== 3 || token.endsWith('.')) return undefined
  try {
    return decodeJwt(token)
  } catch {
    return undefined
  }
}

function stringClaim(payload: JWTPayload, name: string): string | undefined {
  const value = payload[name]
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** The profile of an id token; an id token without a subject gives none. */
export function userProfile(idToken: string | undefined): UserProfile | undefined {
  const payload = readJwt(idToken)
  if (!payload?.sub) return undefined
  return {
    id: payload.sub,
    issuer: payload.iss,
    givenName: stringClaim(payload, 'given_name'),
    familyName: stringClaim(payload, 'family_name'),
    email: stringClaim(payload, 'email'),
    picture: stringClaim(payload, 'picture'),
  }
}

/** Given name plus family name if both are present, else given name, else 'User'. */
export function displayName(user: Pick<UserProfile, 'givenName' | 'familyName'> | undefined): string {
  if (user?.givenName && user.familyName) return `${user.givenName} ${user.familyName}`
  return user?.givenName ?? 'User'
}

/** The avatar fallback: the first two characters of the display name, in upper case. */
export function avatarInitials(user: Pick<UserProfile, 'givenName' | 'familyName'> | undefined): string {
  return displayName(user).slice(0, 2).toUpperCase()
}

/** The expiry of a token in milliseconds since the epoch, or undefined when it has none. */
export function expiresAt(token: string | undefined): number | undefined {
  const exp = readJwt(token)?.exp
  return typeof exp === 'number' ? exp * 1000 : undefined
}

/** A token counts as valid only if its expiry is still in the future. */
export function isTokenValid(token: string | undefined, now: number): boolean {
  const expiry = expiresAt(token)
  return expiry !== undefined && expiry > now
}

/** Who a stored id token must come from and be for. */
export interface IdTokenExpectation {
  issuer: string
  clientId: string
}

const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, '')

/**
 * Why an id token is not one Vigil's sign-in could have stored (another issuer or client, no
 * subject or expiry), or undefined when it is. Its expiry passing is not a reason: the refresh
 * token renews the session.
 */
export function idTokenProblem(idToken: string, expected: IdTokenExpectation): string | undefined {
  const payload = readJwt(idToken)
  if (!payload) return 'the id token is not readable'
  if (typeof payload.iss !== 'string' || withoutTrailingSlash(payload.iss) !== withoutTrailingSlash(expected.issuer)) {
    return `the id token was issued by "${String(payload.iss)}", not by ${expected.issuer}`
  }
  const audiences = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? [])
  if (!audiences.includes(expected.clientId)) return `the id token is not for the client ${expected.clientId}`
  if (typeof payload.sub !== 'string' || payload.sub === '') return 'the id token has no subject'
  if (typeof payload.exp !== 'number') return 'the id token has no expiry'
  return undefined
}

export interface TokenClaims {
  orgCode?: string
  orgCodes: string[]
  roles: string[]
  permissions: string[]
  featureFlags: Record<string, unknown>
  exp?: number
}

function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((entry) => {
    if (typeof entry === 'string') return [entry]
    // Kinde lists roles as { id, key, name }.
    if (entry && typeof entry === 'object' && typeof (entry as { key?: unknown }).key === 'string') {
      return [(entry as { key: string }).key]
    }
    return []
  })
}

/** The claims Vigil reads (org_code, org_codes, roles, permissions, feature_flags): each from the access token, else from the id token. */
export function tokenClaims(accessToken: string | undefined, idToken: string | undefined): TokenClaims {
  const access = readJwt(accessToken) ?? {}
  const id = readJwt(idToken) ?? {}
  const pick = (name: string) => access[name] ?? id[name]
  const flags = pick('feature_flags')
  return {
    orgCode: typeof pick('org_code') === 'string' ? (pick('org_code') as string) : undefined,
    orgCodes: stringList(pick('org_codes')),
    roles: stringList(pick('roles')),
    permissions: stringList(pick('permissions')),
    featureFlags: flags && typeof flags === 'object' && !Array.isArray(flags) ? (flags as Record<string, unknown>) : {},
    exp: typeof access.exp === 'number' ? access.exp : undefined,
  }
}

/** A permission is granted if it is in the permissions claim. */
export function hasPermission(claims: TokenClaims, permission: string): boolean {
  return claims.permissions.includes(permission)
}
