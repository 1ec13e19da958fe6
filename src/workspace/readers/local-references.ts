import { own, type JsonObject } from '@/workspace/files/json'

/** JSON Pointer of a path of keys (RFC 6901). */
const pointerOf = (keys: string[]) => `#/${keys.map((key) => key.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`

export interface ReferenceSurvey {
  /** `$anchor` and `$id` values, to the JSON Pointer of the schema that declares them. */
  anchors: Map<string, string>
  external: Set<string>
  /** `$ref:` keys with no value: YAML read an unquoted `#/...` as a comment. */
  empty: string[]
  /** The objects that hold a `$ref`, in document order. */
  holders: JsonObject[]
}

/** A path of keys as a linked list, made into a JSON Pointer only where one is needed. */
interface KeyPath {
  parent?: KeyPath
  key: string
}

function pointerOfPath(path: KeyPath | undefined): string {
  const keys: string[] = []
  for (let node = path; node; node = node.parent) keys.push(node.key)
  return pointerOf(keys.reverse())
}

/**
 * One pass over the document: where its anchors are, which references can never resolve here,
 * and the objects that hold one (depth first, in key order: the order they are resolved in).
 */
export function surveyReferences(document: JsonObject): ReferenceSurvey {
  const survey: ReferenceSurvey = { anchors: new Map(), external: new Set(), empty: [], holders: [] }
  // The values still to visit, and beside each its path (a key and its parent's path), in two lists.
  const values: unknown[] = [document]
  const paths: (KeyPath | undefined)[] = [undefined]
  const seen = new Set<object>()
  while (values.length > 0) {
    const value = values.pop()
    const path = paths.pop()
    if (typeof value !== 'object' || value === null || seen.has(value)) continue
    seen.add(value)
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        if (typeof value[index] !== 'object') continue
        values.push(value[index])
        paths.push({ parent: path, key: String(index) })
      }
      continue
    }
    const object = value as JsonObject
    const keys = Object.keys(object)
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index]
      const child = object[key]
      if (key === '$anchor' && typeof child === 'string' && child.trim())
        survey.anchors.set(`#${child.trim()}`, pointerOfPath(path))
      else if (key === '$id' && typeof child === 'string' && child.trim() && path)
        survey.anchors.set(child.trim(), pointerOfPath(path))
      else if (key === '$ref') {
        if (child === null || child === undefined || child === '') survey.empty.push(pointerOfPath(path))
        else if (typeof child === 'string' && !child.startsWith('#')) survey.external.add(child.split('#')[0])
      }
      if (typeof child === 'object' && child !== null) {
        values.push(child)
        paths.push({ parent: path, key })
      }
    }
    if (Object.prototype.hasOwnProperty.call(object, '$ref')) survey.holders.push(object)
  }
  // A reference to an anchor or id is local after all.
  for (const id of survey.anchors.keys()) survey.external.delete(id.split('#')[0])
  return survey
}

/** Points `$ref`s at anchors and ids to the JSON Pointer of their schema, which is then resolved. */
export function pointAnchors(holders: JsonObject[], survey: ReferenceSurvey) {
  if (survey.anchors.size === 0) return
  for (const holder of holders) {
    const reference = own(holder, '$ref')
    if (typeof reference !== 'string') continue
    const pointer = survey.anchors.get(reference)
    if (pointer) {
      holder.$ref = pointer
      survey.external.delete(reference.split('#')[0])
    }
  }
}

export interface LocalDereference {
  /** The component name each resolved object came from (the last key of its reference). */
  schemaNames: WeakMap<object, string>
  /** Local references (`#...`) left in the document: their target is not in it. */
  unresolved: string[]
}

/** The keys of a local reference's JSON Pointer, `~1` and `~0` and percent escapes undone. */
function segmentsOf(reference: string): string[] | undefined {
  // `#name` is an anchor: one the document declares was already pointed at its schema.
  if (reference !== '#' && !reference.startsWith('#/')) return undefined
  try {
    return reference
      .slice(1)
      .split('/')
      .slice(1)
      .map((segment) => decodeURI(segment.replace(/~1/g, '/').replace(/~0/g, '~')))
  } catch {
    return undefined // a malformed percent escape
  }
}

function targetOf(document: JsonObject, reference: string): JsonObject | undefined {
  const segments = segmentsOf(reference)
  if (!segments) return undefined
  let value: unknown = document
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null) return undefined
    value = own(value as JsonObject, segment)
  }
  return typeof value === 'object' && value !== null ? (value as JsonObject) : undefined
}

/**
 * Resolves a description's local `$ref`s in place, the way @scalar/openapi-parser's dereference
 * does: the object holding a reference takes each key of its target that it lacks (a sibling of
 * `$ref` wins), so the parts of a shared schema stay shared and cycles stay cycles. Unlike it,
 * the document is neither copied nor walked again (the caller found the holders, in document
 * order: a chain of references resolves in that order), and no reference to another file is
 * looked for: Vigil never fetches one. The library's dereference was a large part of the read of a
 * large description, most of it that copy (docs/benchmarks.md).
 */
export function dereferenceLocal(document: JsonObject, holders: JsonObject[]): LocalDereference {
  const schemaNames = new WeakMap<object, string>()
  const unresolved = new Set<string>()
  // A target found is kept; one not found is looked for again (a holder on its way may be resolved since).
  const targets = new Map<string, JsonObject>()
  const targetOfOnce = (reference: string) => {
    let target = targets.get(reference)
    if (!target) {
      target = targetOf(document, reference)
      if (target) targets.set(reference, target)
    }
    return target
  }
  for (const holder of holders) resolveHolder(holder, targetOfOnce, schemaNames, unresolved)
  return { schemaNames, unresolved: [...unresolved] }
}

function resolveHolder(
  holder: JsonObject,
  targetOf: (reference: string) => JsonObject | undefined,
  schemaNames: WeakMap<object, string>,
  unresolved: Set<string>,
) {
  const followed = new Set<string>()
  for (let reference = own(holder, '$ref'); reference !== undefined; reference = own(holder, '$ref')) {
    if (typeof reference !== 'string' || !reference.startsWith('#')) return
    if (followed.has(reference)) {
      delete holder.$ref // a reference back to itself: nothing more to take
      return
    }
    followed.add(reference)
    const target = targetOf(reference)
    if (!target) {
      unresolved.add(reference)
      return
    }
    delete holder.$ref
    for (const key of Object.keys(target)) {
      if (own(holder, key) !== undefined) continue
      // A `__proto__` key is data: assigned, it would set the holder's prototype.
      if (key === '__proto__')
        Object.defineProperty(holder, key, { value: target[key], enumerable: true, writable: true, configurable: true })
      else holder[key] = target[key]
    }
    if (reference.startsWith('#/')) schemaNames.set(holder, reference.split('/').pop() ?? reference)
  }
}
