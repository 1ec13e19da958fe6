import { describe, expect, it } from 'vitest'
import { generateDpopKeys, indexedDbDpopKeys } from './dpop-keys'

describe('the DPoP key pair in IndexedDB', () => {
  it('keeps a non-extractable pair that signs across connections, and forgets it when cleared', async () => {
    const name = `vigil-dpop-test-${crypto.randomUUID()}`
    const first = indexedDbDpopKeys(indexedDB, name)
    expect(await first?.read()).toBeUndefined()
    await first?.write(await generateDpopKeys())

    const keys = (await indexedDbDpopKeys(indexedDB, name)?.read()) as CryptoKeyPair
    expect(keys.privateKey.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('jwk', keys.privateKey)).rejects.toThrow()
    const data = new TextEncoder().encode('proof')
    const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, data)
    expect(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, keys.publicKey, signature, data)).toBe(true)

    await first?.clear()
    expect(await indexedDbDpopKeys(indexedDB, name)?.read()).toBeUndefined()
  })

  it('is undefined without IndexedDB', () => {
    expect(indexedDbDpopKeys(undefined)).toBeUndefined()
  })
})
