import { describe, expect, it } from 'vitest'
import { isLoopback } from './loopback'

describe('isLoopback', () => {
  it.each([
    'http://localhost:4190/m.json',
    'http://127.0.0.1/',
    'http://127.1:8080/',
    'http://[::1]:4190/',
    'http://0x7f.1/',
  ])('takes %s for this machine', (address) => {
    expect(isLoopback(new URL(address))).toBe(true)
  })

  it.each([
    'http://127.evil.example/',
    'http://127.0.0.1.evil.example/',
    'http://localhost.evil.example/',
    'http://evil.example/127.0.0.1',
    'http://128.0.0.1/',
  ])('does not take %s for this machine', (address) => {
    expect(isLoopback(new URL(address))).toBe(false)
  })
})
