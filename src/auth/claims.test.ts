import { UnsecuredJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import {
  avatarInitials,
  displayName,
  expiresAt,
  hasPermission,
  isTokenValid,
  readJwt,
  tokenClaims,
  userProfile,
} from './claims'

function jwt(claims: Record<string, unknown>) {
  return new UnsecuredJWT(claims).encode().replace(/\.$/, '.c2lnbmF0dXJl')
}

describe('claims and profile', () => {
  it('reads the profile fields of an id token', () => {
    const idToken = jwt({
      sub: 'kp_1',
      given_name: 'Ada',
      family_name: 'Lovelace',
      email: 'ada@vigil.dev',
      picture: 'https://img/ada.png',
    })
    expect(userProfile(idToken)).toEqual({
      id: 'kp_1',
      givenName: 'Ada',
      familyName: 'Lovelace',
      email: 'ada@vigil.dev',
      picture: 'https://img/ada.png',
    })
  })

  it('gives no profile for an id token without a subject, or for a malformed token', () => {
    expect(userProfile(jwt({ given_name: 'Ada' }))).toBeUndefined()
    expect(userProfile('not-a-jwt')).toBeUndefined()
    expect(userProfile('a.b.c')).toBeUndefined()
    expect(userProfile(undefined)).toBeUndefined()
    expect(readJwt(new UnsecuredJWT({ sub: 'x' }).encode())).toBeUndefined() // no signature part
  })

  it('builds the display name (given and family name, else given name, else User) and the two-letter avatar initials', () => {
    expect(displayName({ givenName: 'Ada', familyName: 'Lovelace' })).toBe('Ada Lovelace')
    expect(displayName({ givenName: 'Ada' })).toBe('Ada')
    expect(displayName({ familyName: 'Lovelace' })).toBe('User')
    expect(displayName(undefined)).toBe('User')
    expect(avatarInitials({ givenName: 'ada', familyName: 'Lovelace' })).toBe('AD')
    expect(avatarInitials({})).toBe('US')
  })

  it('counts a token as valid only while its expiry is in the future', () => {
    const token = jwt({ exp: 1_000 })
    expect(expiresAt(token)).toBe(1_000_000)
    expect(isTokenValid(token, 999_999)).toBe(true)
    expect(isTokenValid(token, 1_000_000)).toBe(false)
    expect(isTokenValid(jwt({ sub: 'no-exp' }), 0)).toBe(false)
    expect(isTokenValid('garbage', 0)).toBe(false)
  })

  it('reads org_code, org_codes, roles, permissions, feature_flags and exp, access token first', () => {
    const accessToken = jwt({
      exp: 42,
      org_code: 'org_vigil',
      roles: [{ id: 'r1', key: 'security-lead', name: 'Security lead' }, 'auditor'],
      permissions: ['read:repositories', 'edit:policies'],
      feature_flags: { policy_editor: { t: 'b', v: true } },
    })
    const idToken = jwt({ sub: 'kp_1', org_codes: ['org_vigil', 'org_acme'], org_code: 'ignored' })
    const claims = tokenClaims(accessToken, idToken)
    expect(claims).toEqual({
      orgCode: 'org_vigil',
      orgCodes: ['org_vigil', 'org_acme'],
      roles: ['security-lead', 'auditor'],
      permissions: ['read:repositories', 'edit:policies'],
      featureFlags: { policy_editor: { t: 'b', v: true } },
      exp: 42,
    })
    expect(hasPermission(claims, 'edit:policies')).toBe(true)
    expect(hasPermission(claims, 'delete:repositories')).toBe(false)
  })

  it('reads missing or malformed claims as empty', () => {
    expect(tokenClaims('nope', undefined)).toEqual({
      orgCode: undefined,
      orgCodes: [],
      roles: [],
      permissions: [],
      featureFlags: {},
      exp: undefined,
    })
    expect(tokenClaims(jwt({ permissions: 'admin', feature_flags: ['x'] }), undefined).permissions).toEqual([])
  })
})
