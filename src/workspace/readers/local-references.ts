import { own, type JsonObject } from '@/workspace/json'

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
 * the document is not copied first (5 MB of description took it about 50 ms, a third of the
 * read), and no reference to another file is looked for: Vigil never fetches one.
 */
export function dereferenceLocal(document: JsonObject): LocalDereference {
  const schemaNames = new WeakMap<object, string>()
  const unresolved = new Set<string>()
  const visited = new Set<object>()
  // Depth first, in key order: the order in which chained references (one to another) resolve.
  const stack: object[] = [document]
  while (stack.length > 0) {
    const value = stack.pop()!
    if (visited.has(value)) continue
    visited.add(value)
    if (!Array.isArray(value)) resolveHolder(document, value as JsonObject, schemaNames, unresolved)
    const children = Object.values(value)
    for (let index = children.length - 1; index >= 0; index--) {
      const child: unknown = children[index]
      if (typeof child === 'object' && child !== null && !visited.has(child)) stack.push(child)
    }
  }
  return { schemaNames, unresolved: [...unresolved] }
}

function resolveHolder(
  document: JsonObject,
  holder: JsonObject,
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
    const target = targetOf(document, reference)
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
