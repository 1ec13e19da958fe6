import {
  classificationRules,
  contextWords,
  dataCategories,
  fhirResources,
  fhirResourcesInHealthContext,
  metaWords,
  type ClassificationRule,
  type DataCategory,
  type DataContext,
} from './classification-rules'
import type { ClassificationReason } from '@/data/endpoints'
import { asArray, asObject, isObject, own, type JsonObject } from '@/workspace/files/json'

export interface Classification {
  pii: boolean
  pci: boolean
  phi: boolean
  reasons: ClassificationReason[]
}

/** One place an operation carries data: its parameters, its request body, or one response. */
export interface DataSite {
  /** "the request body", "the 200 response", "the query parameters" */
  where: string
  /** A schema, or (for parameters) a list of parameter objects. */
  schema?: unknown
  parameters?: JsonObject[]
  /** Whole examples given beside the schema (media-type `example` / `examples`). */
  examples?: unknown[]
}

export interface OperationToClassify {
  path: string
  tags: string[]
  operationId?: string
  /** The operation object itself, for its `x-data-classification` / `x-pii` markers. */
  operation: JsonObject
  sites: DataSite[]
  /** The component name each dereferenced schema came from. */
  schemaNames: WeakMap<object, string>
}

/** Deeper than this, a schema is not read further (it still classifies what came before). */
export const MAX_SCHEMA_DEPTH = 64
const MAX_REASONS_PER_CATEGORY = 20

interface CompiledRule extends ClassificationRule {
  nameWords: string[][]
}

/**
 * The rules, compiled once when the classifier loads (never per operation or property), with an
 * index of the rules each format, whole name, first word of a name, or example could match: a
 * property is checked against those rules alone, in the table's order, as if against them all.
 */
export interface CompiledRules {
  rules: CompiledRule[]
  byFormat: Map<string, number[]>
  byWholeName: Map<string, number[]>
  byFirstWord: Map<string, number[]>
  /** The rules that read example values. */
  withValues: number[]
}

export function compileRules(rules: readonly ClassificationRule[]): CompiledRules {
  const compiled: CompiledRules = {
    rules: [],
    byFormat: new Map(),
    byWholeName: new Map(),
    byFirstWord: new Map(),
    withValues: [],
  }
  const index = (map: Map<string, number[]>, key: string, at: number) => {
    const list = map.get(key)
    if (!list) map.set(key, [at])
    else if (list.at(-1) !== at) list.push(at)
  }
  rules.forEach((rule, at) => {
    const nameWords = (rule.names ?? []).map((name) => name.split(' '))
    compiled.rules.push({ ...rule, nameWords })
    for (const format of rule.formats ?? []) index(compiled.byFormat, format, at)
    for (const whole of rule.wholeNames ?? []) index(compiled.byWholeName, whole, at)
    for (const sequence of nameWords) index(compiled.byFirstWord, sequence[0], at)
    if (rule.values) compiled.withValues.push(at)
  })
  return compiled
}

/** The rules that could match a property of these words, format and examples, in the table's order. */
export function candidateRules(
  compiled: CompiledRules,
  words: string[],
  format: string | undefined,
  hasExamples: boolean,
): number[] {
  const found: number[] = []
  const take = (list: number[] | undefined) => {
    if (list) for (const at of list) if (!found.includes(at)) found.push(at)
  }
  if (format) take(compiled.byFormat.get(format))
  take(compiled.byWholeName.get(words.join(' ')))
  for (const word of words) take(compiled.byFirstWord.get(word))
  if (hasExamples) take(compiled.withValues)
  return found.sort((a, b) => a - b)
}

const compiledRules = compileRules(classificationRules)

/** Past this many entries a cache below starts afresh: a description repeats a few hundred names. */
const MAX_REMEMBERED = 50_000

/** What `compute` gives for `key`, computed once while the cache keeps it. */
function remembered<T>(cache: Map<string, T>, key: string, compute: () => T): T {
  let value = cache.get(key)
  if (value === undefined) {
    value = compute()
    if (cache.size >= MAX_REMEMBERED) cache.clear()
    cache.set(key, value)
  }
  return value
}

const wordCache = new Map<string, string[]>()

/** A name's words: `patientDateOfBirth`, `date_of_birth` and `date-of-birth` are all `date of birth`. */
export const wordsOf = (name: string): string[] =>
  remembered(wordCache, name, () =>
    name
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  )

function containsSequence(words: string[], sequence: string[]): boolean {
  outer: for (let start = 0; start + sequence.length <= words.length; start++) {
    for (let offset = 0; offset < sequence.length; offset++) {
      if (words[start + offset] !== sequence[offset]) continue outer
    }
    return true
  }
  return false
}

const contextSets = Object.fromEntries(
  Object.entries(contextWords).map(([context, words]) => [context, new Set(words)]),
) as Record<DataContext, Set<string>>

/** The contexts each of a name's words says, all of them: a name is read once per description. */
const nameContexts = new Map<string, DataContext[]>()

const contextsOfName = (name: string): DataContext[] =>
  remembered(nameContexts, name, () =>
    allContexts.filter((context) => wordsOf(name).some((word) => contextSets[context].has(word))),
  )

/** The contexts found in names, in the order found; a name may be undefined. */
function contextsOf(names: readonly (string | undefined)[], allowed: readonly DataContext[]): DataContext[] {
  const found: DataContext[] = []
  for (const name of names) {
    if (!name) continue
    for (const context of contextsOfName(name)) {
      if (allowed.includes(context) && !found.includes(context)) found.push(context)
    }
  }
  return found
}

const allContexts: DataContext[] = ['person', 'card', 'health']
/** A path or tag says who the data is about, never that a bare `number` is a card's. */
const operationContexts: DataContext[] = ['person', 'health']
const fhirNames = new Set(fhirResources)
const fhirNamesInHealthContext = new Set(fhirResourcesInHealthContext)

interface Marker {
  set: DataCategory[]
  clear: DataCategory[]
  text: string
}

const NON_SENSITIVE = new Set(['public', 'none', 'non-sensitive', 'nonsensitive', 'internal', 'unclassified'])

const markerKeys = dataCategories.map((category) => [category, `x-${category}`] as const)

/** Whether an object has a key starting `x-`, where every marker is. */
function hasExtensionKey(object: JsonObject): boolean {
  for (const key in object) if (key.startsWith('x-') && Object.prototype.hasOwnProperty.call(object, key)) return true
  return false
}

/** `x-pii`, `x-pci`, `x-phi` (true or false) and `x-data-classification` (a word or a list). */
function markerOf(object: JsonObject): Marker | undefined {
  if (!hasExtensionKey(object)) return undefined
  const set: DataCategory[] = []
  const clear: DataCategory[] = []
  const said: string[] = []
  for (const [category, key] of markerKeys) {
    const value = own(object, key)
    if (value === true) set.push(category)
    if (value === false) clear.push(category)
    if (typeof value === 'boolean') said.push(`${key}: ${value}`)
  }
  const classification = own(object, 'x-data-classification')
  const words = (typeof classification === 'string' ? classification.split(/[\s,]+/) : asArray(classification))
    .filter((word): word is string => typeof word === 'string' && word.trim() !== '')
    .map((word) => word.trim().toLowerCase())
  if (words.length > 0) {
    said.push(`x-data-classification: ${words.join(', ')}`)
    for (const word of words) {
      const category = dataCategories.find((candidate) => word === candidate || word.startsWith(`${candidate}-`))
      if (category && !set.includes(category)) set.push(category)
    }
    if (set.length === 0 && words.some((word) => NON_SENSITIVE.has(word))) clear.push(...dataCategories)
  }
  return said.length > 0 ? { set, clear, text: said.join('; ') } : undefined
}

interface Match {
  category: DataCategory
  strong: boolean
  text: string
}

/** The matches of one object: one strong match, or two weak ones from different properties, flag it. */
class ObjectGroup {
  // Most objects walked match nothing: their map is made at the first match.
  private byProperty: Map<string, Match[]> | undefined
  constructor(readonly health: boolean) {}

  add(property: string, match: Match) {
    // Inside health data a personal identifier is protected health information too (HIPAA).
    if (this.health && match.category === 'pii') this.addOne(property, { ...match, category: 'phi' })
    this.addOne(property, match)
  }

  private addOne(property: string, match: Match) {
    this.byProperty ??= new Map()
    const matches = this.byProperty.get(property) ?? []
    const same = matches.find((other) => other.category === match.category)
    if (same) {
      if (match.strong && !same.strong) matches[matches.indexOf(same)] = match
      return
    }
    matches.push(match)
    this.byProperty.set(property, matches)
  }

  flagged(): Match[] {
    if (this.byProperty === undefined) return []
    const all = [...this.byProperty.values()].flat()
    const flagged: Match[] = []
    for (const category of dataCategories) {
      const strong = all.filter((match) => match.category === category && match.strong)
      const weak = all.filter((match) => match.category === category && !match.strong)
      // Inside a health object one weak clinical match is enough.
      const weakNeeded = category === 'phi' && this.health ? 1 : 2
      // Once flagged, the weak matches are reasons too ("`city` (postal address)").
      if (strong.length > 0 || weak.length >= weakNeeded) flagged.push(...strong, ...weak)
    }
    return flagged
  }
}

const exampleText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined

/** A schema's `example` and `examples` as text, then `extra`; `extra` itself when the schema gives neither. */
function examplesOf(schema: JsonObject, extra: string[]): string[] {
  const example = exampleText(own(schema, 'example'))
  const examples = own(schema, 'examples')
  if (example === undefined && !Array.isArray(examples)) return extra
  const texts = example === undefined ? [] : [example]
  for (const value of asArray(examples)) {
    const text = exampleText(value)
    if (text !== undefined) texts.push(text)
  }
  return extra.length === 0 ? texts : texts.concat(extra)
}

/** What a rule found in a property, before it is said where: `(format: email)`. */
interface PropertyMatch {
  category: DataCategory
  strong: boolean
  detail: string
}

/** A property's matches by its name, type, format and contexts. */
const rememberedMatches = new Map<string, PropertyMatch[]>()

const contextBits: Record<DataContext, number> = { person: 1, card: 2, health: 4 }

/**
 * The key a property's matches are remembered by: its contexts (as a set: their order never
 * changes a match) and type as one number, its format's length and format, then its name, so
 * that no two properties share a key whatever characters their names and formats hold.
 */
function matchesKey(name: string, isBoolean: boolean, format: string | undefined, contexts: DataContext[]): string {
  let bits = 0
  for (const context of contexts) bits |= contextBits[context]
  return `${bits * 2 + (isBoolean ? 1 : 0)}:${format?.length ?? -1}:${format ?? ''}${name}`
}

function propertyMatches(
  name: string,
  isBoolean: boolean,
  format: string | undefined,
  examples: string[],
  contexts: DataContext[],
): PropertyMatch[] {
  const words = wordsOf(name)
  const last = words[words.length - 1]
  // `emailVerified` is about an email, not one; a health fact's status (`vaccination_status`) is still health data.
  const aboutTheData = metaWords.includes(last)
  const nameCounts = (rule: CompiledRule, sequence: string[]) =>
    !isBoolean && (!aboutTheData || rule.category === 'phi' || sequence[sequence.length - 1] === last)
  const whole = words.join(' ')
  const matches: PropertyMatch[] = []
  for (const at of candidateRules(compiledRules, words, format, examples.length > 0)) {
    const rule = compiledRules.rules[at]
    if (rule.within && !contexts.includes(rule.within)) continue
    let detail: string | undefined
    if (format && rule.formats?.includes(format)) detail = `format: ${format}`
    else if (rule.wholeNames?.includes(whole) && nameCounts(rule, words)) detail = rule.label
    else if (rule.nameWords.some((sequence) => containsSequence(words, sequence) && nameCounts(rule, sequence)))
      detail = rule.label
    else if (
      rule.values &&
      examples.some((value) => rule.values!.test(value.trim()) && (!rule.valueCheck || rule.valueCheck(value.trim())))
    )
      detail = `example ${rule.label}`
    if (detail) matches.push({ category: rule.category, strong: rule.strength === 'strong', detail })
  }
  return matches
}

function matchProperty(
  name: string,
  label: string | (() => string),
  schema: JsonObject,
  contexts: DataContext[],
  extraExamples: string[] = [],
): Match[] {
  const isBoolean = own(schema, 'type') === 'boolean'
  const declared = own(schema, 'format')
  const format = typeof declared === 'string' ? declared.toLowerCase() : undefined
  const examples = examplesOf(schema, extraExamples)
  // Examples vary where names repeat: a property with some is matched afresh.
  const found =
    examples.length > 0
      ? propertyMatches(name, isBoolean, format, examples, contexts)
      : remembered(rememberedMatches, matchesKey(name, isBoolean, format, contexts), () =>
          propertyMatches(name, isBoolean, format, examples, contexts),
        )
  if (found.length === 0) return []
  const text = typeof label === 'string' ? label : label()
  return found.map(({ category, strong, detail }) => ({ category, strong, text: `\`${text}\` (${detail})` }))
}

interface WalkState {
  visited: Set<object>
  flagged: Match[]
  schemaNames: WeakMap<object, string>
  where: string
  truncated: boolean
}

function addFlagged(state: WalkState, group: ObjectGroup) {
  for (const match of group.flagged()) state.flagged.push({ ...match, text: `${match.text} in ${state.where}` })
}

const compositionKeywords = ['allOf', 'oneOf', 'anyOf'] as const

/** The parts of a schema under one composition keyword (none when it is not a list). */
const compositionParts = (schema: JsonObject, keyword: (typeof compositionKeywords)[number]): unknown[] =>
  asArray(own(schema, keyword))

/**
 * The properties of an object schema, with those of its allOf / oneOf / anyOf parts, as names
 * and schemas side by side, in that order. `seen` (the schemas read, against cycles) is made at
 * the first part: a schema with none, most of them, needs no set.
 */
function propertiesOf(
  schema: JsonObject,
  depth: number,
  into: { names: string[]; schemas: JsonObject[] } = { names: [], schemas: [] },
  seen?: Set<object>,
): { names: string[]; schemas: JsonObject[] } {
  if (depth > MAX_SCHEMA_DEPTH) return into
  if (seen) {
    if (seen.has(schema)) return into
    seen.add(schema)
  }
  const properties = own(schema, 'properties')
  if (isObject(properties)) {
    for (const key in properties) {
      if (!Object.prototype.hasOwnProperty.call(properties, key)) continue
      const value = properties[key]
      if (isObject(value)) {
        into.names.push(key)
        into.schemas.push(value)
      }
    }
  }
  for (const keyword of compositionKeywords) {
    for (const part of compositionParts(schema, keyword)) {
      if (!isObject(part)) continue
      seen ??= new Set([schema])
      propertiesOf(part, depth + 1, into, seen)
    }
  }
  return into
}

/** Keywords under which a schema holds other schemas, or marks itself. */
const structuralKeys = new Set(['properties', 'items', 'additionalProperties', 'allOf', 'oneOf', 'anyOf'])

/** A schema with no schemas inside it and no data marker of its own. */
function isLeaf(schema: JsonObject): boolean {
  for (const key in schema) {
    if (!Object.prototype.hasOwnProperty.call(schema, key)) continue
    if (structuralKeys.has(key) || key.startsWith('x-')) return false
  }
  return true
}

/** A leaf with no component name or title of its own: walking it finds nothing. */
function isPlainLeaf(schema: JsonObject, state: WalkState): boolean {
  return isLeaf(schema) && typeof own(schema, 'title') !== 'string' && !state.schemaNames.has(schema)
}

function walkSchema(schema: unknown, path: string[], inherited: DataContext[], state: WalkState, depth: number): void {
  if (!isObject(schema)) return
  if (depth > MAX_SCHEMA_DEPTH) {
    state.truncated = true
    return
  }
  if (state.visited.has(schema)) return
  state.visited.add(schema)

  // Most schemas are leaves (`{ type: 'string' }`): nothing in one can flag, unless its name or its marker does.
  if (isPlainLeaf(schema, state)) return
  const componentName = state.schemaNames.get(schema)
  const declaredTitle = own(schema, 'title')
  const title = typeof declaredTitle === 'string' ? declaredTitle : undefined
  const named = contextsOf([componentName, title, path.at(-1)], allContexts)
  // The contexts inherited, when the names add none (most schemas): never changed below, but copied to add one.
  let contexts = inherited
  for (const context of named) {
    if (contexts.includes(context)) continue
    if (contexts === inherited) contexts = [...inherited]
    contexts.push(context)
  }
  const inHealth = contexts.includes('health')
  const isResource = (name: string | undefined): name is string =>
    !!name && (fhirNames.has(name) || (inHealth && fhirNamesInHealthContext.has(name)))
  const resource = isResource(componentName) ? componentName : isResource(title) ? title : undefined
  const resourceType = own(asObject(own(asObject(own(schema, 'properties')), 'resourceType')), 'enum')
  const fhirType = asArray(resourceType).find((value) => typeof value === 'string' && fhirNames.has(value))
  // A FHIR resource is health data, and so is everything in it.
  if ((resource || fhirType) && !inHealth) contexts = [...contexts, 'health']
  const group = new ObjectGroup(contexts.includes('health'))
  if (resource || fhirType) {
    group.add('(resource)', {
      category: 'phi',
      strong: true,
      text: `FHIR resource \`${resource ?? String(fhirType)}\``,
    })
  }

  const properties = propertiesOf(schema, depth)
  for (let at = 0; at < properties.names.length; at++) {
    const name = properties.names[at]
    const property = properties.schemas[at]
    const label = () => (path.length > 0 ? `${path.join('.')}.${name}` : name)
    const marker = markerOf(property)
    if (marker) {
      for (const category of marker.set)
        group.add(name, { category, strong: true, text: `\`${label()}\` (marked ${marker.text})` })
    }
    for (const match of matchProperty(name, label, property, contexts)) {
      if (!marker?.clear.includes(match.category)) group.add(name, match)
    }
    if (marker && marker.clear.length === dataCategories.length) continue
    // A leaf within the depth read holds nothing to walk (see walkSchema's first steps).
    if (depth + 1 <= MAX_SCHEMA_DEPTH && isPlainLeaf(property, state)) continue
    walkSchema(property, [...path, name], contexts, state, depth + 1)
  }
  walkSchema(own(schema, 'items'), path, contexts, state, depth + 1)
  const additional = own(schema, 'additionalProperties')
  if (isObject(additional)) walkSchema(additional, [...path, '*'], contexts, state, depth + 1)
  for (const keyword of compositionKeywords) {
    // Their properties were read above as this object's; what lies deeper is walked here.
    for (const part of compositionParts(schema, keyword)) {
      if (!isObject(part) || state.visited.has(part)) continue
      state.visited.add(part)
      walkSchema(own(part, 'items'), path, contexts, state, depth + 1)
    }
  }
  const marker = markerOf(schema)
  if (marker) {
    const here = path.length > 0 ? path.join('.') : (componentName ?? title ?? 'body')
    for (const category of marker.set) {
      group.add('(schema)', { category, strong: true, text: `\`${here}\` (marked ${marker.text})` })
    }
  }
  addFlagged(state, group)
}

/** String values of a whole example, each under the name of the field that holds it. */
function walkExample(value: unknown, name: string, out: [string, string][], depth = 0) {
  if (depth > MAX_SCHEMA_DEPTH || out.length > 500) return
  if (typeof value === 'string') out.push([name, value])
  else if (Array.isArray(value)) for (const item of value) walkExample(item, name, out, depth + 1)
  else if (isObject(value)) for (const key of Object.keys(value)) walkExample(value[key], key, out, depth + 1)
}

function classifySite(site: DataSite, contexts: DataContext[], state: WalkState) {
  state.where = site.where
  if (site.parameters) {
    const group = new ObjectGroup(contexts.includes('health'))
    for (const parameter of site.parameters) {
      const name = typeof own(parameter, 'name') === 'string' ? (own(parameter, 'name') as string) : ''
      const schema = asObject(own(parameter, 'schema'))
      const examples = [
        own(parameter, 'example'),
        ...Object.values(asObject(own(parameter, 'examples'))).map((example) => own(asObject(example), 'value')),
      ].filter((value): value is string => typeof value === 'string')
      const marker = markerOf(parameter) ?? markerOf(schema)
      if (marker)
        for (const category of marker.set)
          group.add(name, { category, strong: true, text: `\`${name}\` (marked ${marker.text})` })
      for (const match of matchProperty(
        name,
        name,
        { ...schema, ...(own(parameter, 'format') ? { format: own(parameter, 'format') } : {}) },
        contexts,
        examples,
      )) {
        if (!marker?.clear.includes(match.category)) group.add(name, match)
      }
      walkSchema(schema, [name], contexts, state, 1)
    }
    addFlagged(state, group)
  }
  if (site.schema !== undefined) walkSchema(site.schema, [], contexts, state, 0)
  for (const example of site.examples ?? []) {
    const strings: [string, string][] = []
    walkExample(example, '', strings)
    const group = new ObjectGroup(contexts.includes('health'))
    for (const [name, value] of strings) {
      for (const match of matchProperty(name, name || 'example', {}, contexts, [value])) {
        // Names were read with the schema; here only what the values show counts.
        if (match.text.includes('(example ')) group.add(name, match)
      }
    }
    addFlagged(state, group)
  }
}

/**
 * Classifies one operation as handling PII, PCI and/or PHI from the names, formats and examples
 * of its parameters, request body and responses. Explicit markers on the operation win; PHI
 * implies PII. Never throws: anything it cannot read counts as nothing found.
 */
export function classifyOperation(input: OperationToClassify): Classification & { truncated: boolean } {
  const marker = markerOf(input.operation)
  if (marker) {
    const flags = { pii: marker.set.includes('pii'), pci: marker.set.includes('pci'), phi: marker.set.includes('phi') }
    flags.pii ||= flags.phi
    return {
      ...flags,
      reasons: marker.set.map((category) => ({ category, text: `marked ${marker.text} on the operation` })),
      truncated: false,
    }
  }
  const contexts = contextsOf([input.path, ...input.tags, input.operationId], operationContexts)
  const state: WalkState = {
    visited: new Set(),
    flagged: [],
    schemaNames: input.schemaNames,
    where: '',
    truncated: false,
  }
  for (const site of input.sites) classifySite(site, contexts, state)

  const reasons: ClassificationReason[] = []
  for (const category of dataCategories) {
    const texts = [...new Set(state.flagged.filter((match) => match.category === category).map((match) => match.text))]
    for (const text of texts.slice(0, MAX_REASONS_PER_CATEGORY)) reasons.push({ category, text })
  }
  const phi = reasons.some((reason) => reason.category === 'phi')
  const pci = reasons.some((reason) => reason.category === 'pci')
  const pii = phi || reasons.some((reason) => reason.category === 'pii')
  if (phi && !reasons.some((reason) => reason.category === 'pii')) {
    reasons.push({ category: 'pii', text: 'health data is personal data' })
  }
  return { pii, pci, phi, reasons, truncated: state.truncated }
}
