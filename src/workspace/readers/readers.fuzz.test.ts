import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseYaml, readScanText } from './detect'
import { FeedError, readManifest } from '@/workspace/feed/format/manifest'
import { ReaderError } from '@/workspace/model/model'

/**
 * A fuzz pass over every reader (through readScanText, which detects the format and calls it) and
 * the feed manifest parser: random and mutated inputs made from the example files. Whatever comes
 * in, a reader either returns results that can be stored (structured-cloneable: no function, no
 * prototype member taken for data) or refuses the file with its own error class, never another.
 */

const examples = join(process.cwd(), 'public/examples')
// The scan files: the example catalogues (KEV, EPSS) are no scan, and their readers have tests of their own.
const fixtures = readdirSync(examples)
  .filter((folder) => folder !== 'catalogues')
  .flatMap((folder) =>
    readdirSync(join(examples, folder)).map((file) => {
      const text = readFileSync(join(examples, folder, file), 'utf8')
      const document = /\.ya?ml$/.test(file) ? parseYaml(text) : JSON.parse(text)
      return { name: `${folder}/${file}`, text, document: document as unknown }
    }),
  )

/** Keys that find Object's own members in a plain object, and keys the readers look for. */
const oddKeys = fc.constantFrom(
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  'length',
  'level',
  'severity',
  'uri',
  'url',
  'id',
  'ruleId',
  'name',
  'version',
)

const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom('javascript:alert(1)', 'src/__proto__', 'constructor', '\u202Eevil', 'x'.repeat(10_000), -1, 1e308),
  // An object that String() cannot convert (its own toString is no function).
  fc.constant({ toString: {}, valueOf: {} }),
)

type Mutation = { path: number[]; kind: 'replace' | 'delete' | 'set' | 'rename'; key: string; value: unknown }

const mutation: fc.Arbitrary<Mutation> = fc.record({
  path: fc.array(fc.nat(), { maxLength: 8 }),
  kind: fc.constantFrom('replace', 'delete', 'set', 'rename'),
  key: fc.oneof(oddKeys, fc.string({ maxLength: 8 })),
  value: anyValue,
})

/** Sets an own property, `__proto__` included (plain assignment would change the prototype). */
const define = (target: object, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })

/** Applies a mutation to a copy of the document, walking `path` (each step an index into the children). */
function mutate(document: unknown, { path, kind, key, value }: Mutation): unknown {
  const root = structuredClone(document)
  let parent: Record<string, unknown> | unknown[] | undefined
  let at: string | number | undefined
  let node: unknown = root
  for (const step of path) {
    if (node === null || typeof node !== 'object') break
    const keys = Array.isArray(node) ? node.map((_, index) => index) : Object.keys(node)
    if (keys.length === 0) break
    parent = node as Record<string, unknown>
    at = keys[step % keys.length]
    node = (node as Record<string, unknown>)[at]
  }
  if (kind === 'set' && node !== null && typeof node === 'object' && !Array.isArray(node)) {
    define(node, key, value)
  } else if (kind === 'rename' && parent && !Array.isArray(parent) && typeof at === 'string') {
    const moved = parent[at]
    delete parent[at]
    define(parent, key, moved)
  } else if (kind === 'delete' && parent && at !== undefined) {
    if (Array.isArray(parent)) parent.splice(Number(at), 1)
    else delete parent[at]
  } else if (parent && at !== undefined) {
    ;(parent as Record<string | number, unknown>)[at] = value
  } else {
    return value
  }
  return root
}

/** Reads the text as the import worker does: results that can be stored, or the reader's own error. */
function readOrRefuse(text: string, fileName: string): 'read' | 'refused' {
  let results
  try {
    results = readScanText(text, { fileName })
  } catch (error) {
    if (error instanceof ReaderError) return 'refused'
    throw error
  }
  // What IndexedDB stores is a structured clone: a function taken from a prototype would fail here.
  structuredClone(results)
  expect(JSON.stringify(results)).not.toContain('function')
  return 'read'
}

describe('readers under random and mutated input', () => {
  it.each(fixtures.map((fixture) => [fixture.name, fixture] as const))(
    '%s: every mutation is read or refused with a ReaderError',
    (_, fixture) => {
      fc.assert(
        fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (mutations) => {
          const mutated = mutations.reduce(mutate, fixture.document)
          readOrRefuse(JSON.stringify(mutated) ?? '', fixture.name)
        }),
        { numRuns: 150 },
      )
    },
  )

  it.each(fixtures.map((fixture) => [fixture.name, fixture] as const))(
    '%s: the text cut short, or with bytes changed, is read or refused with a ReaderError',
    (_, fixture) => {
      fc.assert(
        fc.property(
          fc.nat({ max: fixture.text.length }),
          fc.array(fc.tuple(fc.nat({ max: fixture.text.length }), fc.string({ maxLength: 3 })), { maxLength: 6 }),
          (cut, edits) => {
            let text = fixture.text.slice(0, cut || fixture.text.length)
            for (const [at, inserted] of edits) text = text.slice(0, at) + inserted + text.slice(at + 1)
            readOrRefuse(text, fixture.name)
          },
        ),
        { numRuns: 150 },
      )
    },
  )

  it('refuses random text with a ReaderError, never another error', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 500 }), fc.json(), fc.string({ unit: 'grapheme', maxLength: 200 })),
        (text) => {
          readOrRefuse(text, 'random.json')
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('the feed manifest parser under random and mutated input', () => {
  const manifestUrl = 'https://scans.test/vigil/manifest.json'
  const manifest = {
    vigilFeed: 1,
    generatedAt: '2026-11-26T09:00:00Z',
    repositories: [
      {
        name: 'payments',
        description: 'Card payments',
        url: 'https://git.test/payments',
        visibility: 'private',
        languages: ['Go'],
        files: [{ url: 'payments/trivy.json', sha256: 'a'.repeat(64), size: 3193 }],
      },
      { name: 'storefront', files: [{ url: 'storefront/npm-audit.json' }, { url: 'https://cdn.test/x.sarif' }] },
    ],
  }
  const readOrRefuseManifest = (text: string) => {
    try {
      const read = readManifest(text, manifestUrl, 'https://vigil.test')
      structuredClone(read)
    } catch (error) {
      if (!(error instanceof FeedError)) throw error
    }
  }

  it('reads every mutated manifest or refuses it with a FeedError', () => {
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (mutations) => {
        readOrRefuseManifest(JSON.stringify(mutations.reduce(mutate, manifest)) ?? '')
      }),
      { numRuns: 1000 },
    )
  })

  it('refuses random text with a FeedError', () => {
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.json()), readOrRefuseManifest), { numRuns: 500 })
  })
})
