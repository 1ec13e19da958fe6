import { afterEach, describe, expect, it } from 'vitest'
import { personalKey, readPersonal, writePersonal } from './personal-settings'

afterEach(() => localStorage.clear())

describe('personal settings', () => {
  it('keeps one value per identity on a shared browser', () => {
    writePersonal('vigil-feed-url', 'vigil-workspace-alice', 'https://alice.example/m.json')
    writePersonal('vigil-feed-url', 'vigil-workspace-bob', 'https://bob.example/m.json')
    expect(readPersonal('vigil-feed-url', 'vigil-workspace-alice', 'move')).toBe('https://alice.example/m.json')
    expect(readPersonal('vigil-feed-url', 'vigil-workspace-bob', 'move')).toBe('https://bob.example/m.json')
    expect(readPersonal('vigil-feed-url', 'vigil-workspace-carol', 'move')).toBeNull()
  })

  it('gives a value an older Vigil shared to the first identity that reads it, and to no one else', () => {
    localStorage.setItem('vigil-feed-url', 'https://team.example/m.json')
    expect(readPersonal('vigil-feed-url', 'vigil-workspace-alice', 'move')).toBe('https://team.example/m.json')
    expect(localStorage.getItem(personalKey('vigil-feed-url', 'vigil-workspace-alice'))).toBe(
      'https://team.example/m.json',
    )
    expect(localStorage.getItem('vigil-feed-url')).toBeNull()
    expect(readPersonal('vigil-feed-url', 'vigil-workspace-bob', 'move')).toBeNull()
  })

  it('drops a shared value that is no one’s to inherit', () => {
    localStorage.setItem('vigil-feed-send-token', 'true')
    expect(readPersonal('vigil-feed-send-token', 'vigil-workspace-alice', 'drop')).toBeNull()
    expect(localStorage.getItem('vigil-feed-send-token')).toBeNull()
  })

  it('keeps the identity’s own value over a shared one, and removes the shared one', () => {
    writePersonal('vigil-feed-url', 'vigil-workspace-alice', 'https://alice.example/m.json')
    localStorage.setItem('vigil-feed-url', 'https://team.example/m.json')
    expect(readPersonal('vigil-feed-url', 'vigil-workspace-alice', 'move')).toBe('https://alice.example/m.json')
    expect(localStorage.getItem('vigil-feed-url')).toBeNull()
  })
})
