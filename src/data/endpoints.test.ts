import { describe, expect, it } from 'vitest'
import { countExposure, exposureRank, type EndpointAuth } from './endpoints'

const endpoint = (auth: EndpointAuth, sensitive: boolean) => ({ auth, pii: sensitive, pci: false, phi: false })

describe('endpoint exposure', () => {
  it('counts every endpoint, the sensitive ones, and the sensitive ones anyone can call', () => {
    const endpoints = [
      endpoint('None', true),
      endpoint('JWT', true),
      endpoint('None', false),
      endpoint('Unknown', true),
      { auth: 'None' as const, pii: false, pci: false, phi: true },
    ]
    expect(countExposure(endpoints)).toEqual({ endpoints: 5, sensitive: 4, exposed: 2 })
  })

  it('counts nothing in an empty set', () => {
    expect(countExposure([])).toEqual({ endpoints: 0, sensitive: 0, exposed: 0 })
  })

  it('ranks sensitive and unauthenticated first, then sensitive, then unauthenticated, then the rest', () => {
    const ranked = [endpoint('JWT', false), endpoint('None', false), endpoint('API Key', true), endpoint('None', true)]
      .sort((a, b) => exposureRank(a) - exposureRank(b))
      .map((each) => `${each.auth}${each.pii ? ' sensitive' : ''}`)
    expect(ranked).toEqual(['None sensitive', 'API Key sensitive', 'None', 'JWT'])
  })
})
