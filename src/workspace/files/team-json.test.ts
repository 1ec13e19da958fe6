import { Validator } from '@cfworker/json-schema'
import { describe, expect, it } from 'vitest'
import { readTeamJson, type TeamJsonFormat } from './team-json'

class ExampleFileError extends Error {}

const format: TeamJsonFormat = {
  title: 'The example file',
  htmlPage: 'The example file is an HTML page, not JSON.',
  version: { member: 'vigilExample', newest: 2 },
  validator: new Validator({
    type: 'object',
    required: ['vigilExample', 'items'],
    properties: { vigilExample: { type: 'integer' }, items: { type: 'array', items: { type: 'string' } } },
  }),
  format: "Vigil's example format (docs/example.md)",
  whole: 'the file',
  fail: (message) => new ExampleFileError(message),
}

const refusal = (text: string) => {
  try {
    readTeamJson(text, format)
  } catch (error) {
    return error
  }
  throw new Error('the text was read')
}

describe('readTeamJson', () => {
  it('reads a document of a version this Vigil knows, after a byte-order mark and leading space', () => {
    expect(readTeamJson('\uFEFF \n{"vigilExample": 2, "items": ["a"]}', format)).toEqual({
      vigilExample: 2,
      items: ['a'],
    })
  })

  it.each([
    ['an HTML page', '\uFEFF  <!doctype html><title>Sign in</title>', 'The example file is an HTML page, not JSON.'],
    ['text that is not JSON', '{"vigilExample": 1,', 'The example file is not valid JSON: '],
    [
      'a newer version',
      '{"vigilExample": 3, "items": 7}',
      'The example file is of version 3, newer than this Vigil reads (2): reload Vigil to get the newer version.',
    ],
    [
      'a document off the schema',
      '{"vigilExample": 1, "items": [1]}',
      "The example file does not match Vigil's example format (docs/example.md): /items/0: ",
    ],
    [
      'the root off the schema',
      '[]',
      "The example file does not match Vigil's example format (docs/example.md): the file: ",
    ],
  ])('refuses %s with the format’s own error, in words', (_, text, message) => {
    const error = refusal(text)
    expect(error).toBeInstanceOf(ExampleFileError)
    expect((error as Error).message).toContain(message)
  })

  it('checks no version where the format has none', () => {
    expect(() => readTeamJson('{"vigilExample": 9, "items": []}', { ...format, version: undefined })).not.toThrow()
  })
})
