import { describe, expect, it } from 'vitest'
import type { JsonObject } from '@/workspace/files/json'
import { dereferenceLocal, surveyReferences } from './local-references'

/** Surveyed, then resolved, as the OpenAPI reader does. */
function resolve(document: object) {
  const object = document as JsonObject
  return dereferenceLocal(object, surveyReferences(object).holders)
}

describe('local references resolved in place', () => {
  it('gives the holder its target’s keys, keeps a sibling of $ref, shares the parts and names the component', () => {
    const document = {
      paths: { '/a': { schema: { $ref: '#/components/schemas/User', description: 'Mine' } } },
      components: { schemas: { User: { type: 'object', description: 'A user', properties: { email: {} } } } },
    }
    const { schemaNames, unresolved } = resolve(document)
    const holder = document.paths['/a'].schema as Record<string, unknown>
    expect(holder).toEqual({ description: 'Mine', type: 'object', properties: { email: {} } })
    expect(holder.properties).toBe(document.components.schemas.User.properties)
    expect(schemaNames.get(holder)).toBe('User')
    expect(unresolved).toEqual([])
  })

  it('follows a reference to a reference, and leaves a cycle a cycle', () => {
    const document = {
      root: { $ref: '#/defs/Alias' },
      defs: {
        Alias: { $ref: '#/defs/Node' },
        Node: { type: 'object', properties: { next: { $ref: '#/defs/Node' } } },
      },
    }
    resolve(document)
    const root = document.root as unknown as Record<string, unknown> & { properties: { next: { properties: unknown } } }
    expect(root.type).toBe('object')
    expect('$ref' in root).toBe(false)
    expect(root.properties.next.properties).toBe(root.properties)
  })

  it('stops at a reference back to itself', () => {
    const document = { a: { $ref: '#/a' } }
    const { unresolved } = resolve(document)
    expect(document.a).toEqual({})
    expect(unresolved).toEqual([])
  })

  it('reads JSON Pointer escapes: ~1 for a slash, ~0 for a tilde, percent escapes', () => {
    const document = {
      paths: { '/users/{id}': { get: { ok: true } }, 'a~b': { ok: 'tilde' }, 'with space': { ok: 'space' } },
      x: { $ref: '#/paths/~1users~1{id}/get' },
      y: { $ref: '#/paths/a~0b' },
      z: { $ref: '#/paths/with%20space' },
    }
    resolve(document)
    expect(document.x).toEqual({ ok: true })
    expect(document.y).toEqual({ ok: 'tilde' })
    expect(document.z).toEqual({ ok: 'space' })
  })

  it.each([
    ['a component that is not there', '#/components/schemas/Nowhere'],
    ['an anchor the document does not declare', '#undeclared-anchor'],
    ['a malformed percent escape', '#/bad%E0%A4%A'],
    ['a path through a text value', '#/text/length'],
  ])('lists a reference to %s as unresolved, and leaves the holder as it was', (_, reference) => {
    const document = { holder: { $ref: reference }, again: { $ref: reference }, text: 'words', components: {} }
    expect(resolve(document).unresolved).toEqual([reference])
    expect(document.holder).toEqual({ $ref: reference })
  })

  it('leaves another file’s reference alone, not listing it as a local one', () => {
    const document = { holder: { $ref: 'https://schemas.example/user.json#/User' } }
    expect(resolve(document).unresolved).toEqual([])
    expect(document.holder).toEqual({ $ref: 'https://schemas.example/user.json#/User' })
  })

  it('reads a key named __proto__ as data, never as the prototype', () => {
    const document = JSON.parse('{"a":{"$ref":"#/t"},"t":{"__proto__":{"polluted":true},"type":"string"}}')
    resolve(document)
    expect(Object.getPrototypeOf(document.a)).toBe(Object.prototype)
    expect(Object.keys(document.a).sort()).toEqual(['__proto__', 'type'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('resolves a schema an alias shares (YAML anchors) once, and a deep document without running out of stack', () => {
    const shared = { $ref: '#/t' }
    let deep: Record<string, unknown> = { $ref: '#/t' }
    for (let level = 0; level < 20_000; level++) deep = { child: deep }
    const document = { one: shared, two: shared, deep, t: { type: 'integer' } }
    resolve(document)
    expect(document.one).toEqual({ type: 'integer' })
    let node = document.deep
    while (node.child) node = node.child as Record<string, unknown>
    expect(node).toEqual({ type: 'integer' })
  })
})
