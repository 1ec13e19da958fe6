import { describe, expect, it } from 'vitest'
import { DigestReader } from './digest'

const text = (fields: Record<string, unknown>) => JSON.stringify({ id: 'CVE-1', cve: 'CVE-1', title: 'A', ...fields })

describe('reading digest entries', () => {
  it('gives a vulnerability an empty description when its digest keeps none, and keeps one it has', () => {
    const reader = new DigestReader()
    expect(reader.vulnerability(text({})).description).toBe('')
    expect(reader.vulnerability(text({ description: 'Heap overflow' })).description).toBe('Heap overflow')
  })

  it('reads each distinct text once: the same text in two repositories is one object', () => {
    const reader = new DigestReader()
    const first = reader.vulnerability(text({ severity: 'High' }))
    expect(reader.vulnerability(text({ severity: 'High' }))).toBe(first)
    expect(reader.vulnerability(text({ severity: 'Low' }))).not.toBe(first)
    const endpoint = JSON.stringify({ method: 'GET', path: '/users' })
    expect(reader.endpoint(endpoint)).toBe(reader.endpoint(endpoint))
  })
})
