import { describe, expect, it } from 'vitest'
import { languagesOf } from './languages'

describe('languages of a repository', () => {
  it('reads files and ecosystems named like Object members as no language, never as one of its members', () => {
    const languages = languagesOf(
      ['src/__proto__', 'constructor', 'lib/toString', 'a.constructor', 'app/main.ts'],
      ['constructor', '__proto__'],
    )
    expect(languages.every((language) => typeof language === 'string')).toBe(true)
    expect(languages).toEqual(['TypeScript'])
  })
})
