import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose'
import type { KeyValueStorage } from '@/auth/session-store'
import type { DemoIdentity } from './identities'

/**
 * What the demo provider keeps in the browser's storage, so that its sign-in page and its token
 * endpoint share it: its signing key, the codes it issued and its refresh tokens.
 */

export const DEMO_STORAGE_KEY = 'vigil-demo-idp'

export interface PendingCode {
  clientId: string
  redirectUri: string
  codeChallenge: string
  nonce?: string
  scope: string
  audience?: string
  identity: DemoIdentity
  expiresAt: number
  /** The DPoP key thumbprint the authorization request named (dpop_jkt). */
  dpopJkt?: string
}

export interface RefreshRecord {
  family: string
  used: boolean
  clientId: string
  scope: string
  audience?: string
  identity: DemoIdentity
  expiresAt: number
  /** The DPoP key the token is bound to: a refresh must prove it. */
  jkt?: string
}

export interface DemoState {
  signingKey?: JWK
  codes: Record<string, PendingCode>
  refreshTokens: Record<string, RefreshRecord>
}

/** The provider's state in `storage`, and its signing key, made on first use and kept there. */
export function demoProviderState(storage: KeyValueStorage) {
  let signingKey: Promise<{ key: CryptoKey; jwk: JWK }> | undefined

  function load(): DemoState {
    try {
      const parsed = JSON.parse(storage.getItem(DEMO_STORAGE_KEY) ?? '{}') as Partial<DemoState>
      return { signingKey: parsed.signingKey, codes: parsed.codes ?? {}, refreshTokens: parsed.refreshTokens ?? {} }
    } catch {
      return { codes: {}, refreshTokens: {} }
    }
  }

  function save(state: DemoState) {
    storage.setItem(DEMO_STORAGE_KEY, JSON.stringify(state))
  }

  function update(change: (state: DemoState) => void) {
    const state = load()
    change(state)
    save(state)
  }

  async function createKey(): Promise<{ key: CryptoKey; jwk: JWK }> {
    const stored = load().signingKey
    if (stored) return { key: (await importJWK(stored, 'ES256')) as CryptoKey, jwk: stored }
    const pair = await generateKeyPair('ES256', { extractable: true })
    const jwk = await exportJWK(pair.privateKey)
    jwk.kid = await calculateJwkThumbprint(jwk)
    jwk.alg = 'ES256'
    jwk.use = 'sig'
    update((state) => {
      state.signingKey = jwk
    })
    return { key: pair.privateKey, jwk }
  }

  function key() {
    signingKey ??= createKey()
    return signingKey
  }
  return { load, save, update, key }
}

export type DemoProviderState = ReturnType<typeof demoProviderState>
