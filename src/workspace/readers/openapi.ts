import { upgrade } from '@scalar/openapi-parser'
import { classifyOperation, type DataSite } from '@/workspace/api-surface/endpoint-classifier'
import { findingKey, runIdOf } from '@/workspace/model/finding-keys'
import { dereferenceLocal, pointAnchors, surveyReferences } from './local-references'
import {
  asArray,
  asObject,
  asObjects,
  asText,
  isObject,
  own,
  plural,
  valueText,
  type JsonObject,
} from '@/workspace/files/json'
import {
  ReaderError,
  type EndpointAuth,
  type EndpointAuthDeclared,
  type EndpointChannel,
  type EndpointFinding,
  type ReadResult,
} from '@/workspace/model/model'

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const

/** True for a parsed document that says it is an OpenAPI or Swagger description. */
export const isApiDescription = (document: unknown) =>
  isObject(document) && (own(document, 'openapi') !== undefined || own(document, 'swagger') !== undefined)

function versionOf(document: JsonObject): { family: '2.0' | '3.0' | '3.1' | '3.2'; label: string } {
  const swagger = own(document, 'swagger')
  const openapi = own(document, 'openapi')
  if (swagger !== undefined) {
    if (valueText(swagger).trim() === '2.0') return { family: '2.0', label: 'Swagger 2.0' }
    throw new ReaderError(
      `This is Swagger ${valueText(swagger)}; Vigil reads Swagger 2.0 and OpenAPI 3.0, 3.1 and 3.2.`,
    )
  }
  const match = /^3\.([0-2])(\.\d+)?(-[\w.]+)?$/.exec(valueText(openapi).trim())
  if (!match) {
    throw new ReaderError(
      `This is OpenAPI ${valueText(openapi)}; Vigil reads Swagger 2.0 and OpenAPI 3.0, 3.1 and 3.2.`,
    )
  }
  const family = `3.${match[1]}` as '3.0' | '3.1' | '3.2'
  return { family, label: `OpenAPI ${valueText(openapi).trim()}` }
}

interface SecurityScheme {
  type?: string
  scheme?: string
}

function authTypeOf(scheme: SecurityScheme | undefined): EndpointAuth {
  // A description may hold anything where a scheme should be: only text fields are read.
  if (!isObject(scheme)) return 'Unknown'
  const type = typeof scheme.type === 'string' ? scheme.type.toLowerCase() : undefined
  const httpScheme = typeof scheme.scheme === 'string' ? scheme.scheme.toLowerCase() : undefined
  if (type === 'oauth2' || type === 'openidconnect') return 'JWT'
  if (type === 'http' && httpScheme === 'bearer') return 'JWT'
  if (type === 'http' && httpScheme === 'basic') return 'Basic'
  if (type === 'apikey') return 'API Key'
  return 'Unknown'
}

export interface EndpointAuthInfo {
  auth: EndpointAuth
  declared: EndpointAuthDeclared
  schemes: string[]
}

/**
 * The auth an operation needs: its own `security` if present, else the document's. `[]` is
 * none; an alternative `{}` makes auth optional (shown as None). Nothing declared is none too, as
 * the specification reads it (no requirement applies), kept apart as `undeclared`; a `security`
 * that is no list of requirements is Unknown.
 */
export function authOf(
  operationSecurity: unknown,
  documentSecurity: unknown,
  schemes: Record<string, SecurityScheme>,
  unknownSchemes: Set<string>,
): EndpointAuthInfo {
  const requirements = operationSecurity !== undefined ? operationSecurity : documentSecurity
  if (requirements === undefined || requirements === null) return { auth: 'None', declared: 'undeclared', schemes: [] }
  const alternatives = asObjects(requirements)
  if (Array.isArray(requirements) && requirements.length === 0) return { auth: 'None', declared: 'none', schemes: [] }
  if (alternatives.length === 0) return { auth: 'Unknown', declared: 'undeclared', schemes: [] }
  const names = [...new Set(alternatives.flatMap((requirement) => Object.keys(requirement)))]
  for (const name of names) if (!Object.prototype.hasOwnProperty.call(schemes, name)) unknownSchemes.add(name)
  if (alternatives.some((requirement) => Object.keys(requirement).length === 0)) {
    return { auth: 'None', declared: 'optional', schemes: names }
  }
  const first = Object.keys(alternatives[0])[0]
  const scheme = Object.prototype.hasOwnProperty.call(schemes, first) ? schemes[first] : undefined
  return { auth: authTypeOf(scheme), declared: 'declared', schemes: names }
}

/** Operation parameters with the path item's, the operation's winning where both name one. */
function parametersOf(pathItem: JsonObject, operation: JsonObject): JsonObject[] {
  const byKey = new Map<string, JsonObject>()
  for (const parameter of [...asObjects(own(pathItem, 'parameters')), ...asObjects(own(operation, 'parameters'))]) {
    byKey.set(`${valueText(own(parameter, 'in'))}:${valueText(own(parameter, 'name'))}`, parameter)
  }
  return [...byKey.values()]
}

function mediaSites(content: unknown, where: string): DataSite[] {
  const sites: DataSite[] = []
  const media = asObject(content)
  for (const type of Object.keys(media)) {
    const entry = asObject(media[type])
    const examples = [
      own(entry, 'example'),
      ...Object.values(asObject(own(entry, 'examples'))).map((example) => own(asObject(example), 'value')),
    ].filter((value) => value !== undefined)
    sites.push({ where, schema: own(entry, 'schema'), examples })
  }
  return sites
}

function sitesOf(pathItem: JsonObject, operation: JsonObject): DataSite[] {
  const sites: DataSite[] = []
  const parameters = parametersOf(pathItem, operation)
  const groups = new Map<string, JsonObject[]>()
  for (const parameter of parameters) {
    const where = `the ${valueText(own(parameter, 'in') ?? 'other')} parameters`
    groups.set(where, [...(groups.get(where) ?? []), parameter])
  }
  for (const [where, list] of groups) sites.push({ where, parameters: list })
  sites.push(...mediaSites(own(asObject(own(operation, 'requestBody')), 'content'), 'the request body'))
  const responses = asObject(own(operation, 'responses'))
  for (const status of Object.keys(responses)) {
    const response = asObject(responses[status])
    const where = status === 'default' ? 'the default response' : `the ${status} response`
    sites.push(...mediaSites(own(response, 'content'), where))
    const headers = asObject(own(response, 'headers'))
    const headerParameters = Object.keys(headers).map((name) => ({ ...asObject(headers[name]), name }))
    if (headerParameters.length > 0) sites.push({ where: `the headers of ${where}`, parameters: headerParameters })
  }
  return sites
}

interface OperationEntry {
  channel: EndpointChannel
  method: string
  path: string
  pathItem: JsonObject
  operation: JsonObject
}

function operationsOf(pathItems: JsonObject, channel: EndpointChannel, into: OperationEntry[], depth = 0) {
  for (const path of Object.keys(pathItems)) {
    const pathItem = asObject(pathItems[path])
    const methods: [string, unknown][] = METHODS.map((method) => [method, own(pathItem, method)])
    const additional = asObject(own(pathItem, 'additionalOperations')) // OpenAPI 3.2: other methods
    for (const method of Object.keys(additional)) methods.push([method, additional[method]])
    for (const [method, value] of methods) {
      if (!isObject(value)) continue
      into.push({ channel, method: method.toUpperCase(), path, pathItem, operation: value })
      if (depth === 0) {
        const callbacks = asObject(own(value, 'callbacks'))
        for (const name of Object.keys(callbacks)) operationsOf(asObject(callbacks[name]), 'callback', into, depth + 1)
      }
    }
  }
}

/** The largest number of endpoints one description may hold. */
export const MAX_OPERATIONS = 200_000

/**
 * Reads an OpenAPI 3.0, 3.1 or 3.2 or a Swagger 2.0 description (already parsed from JSON or
 * YAML): its endpoints, each with its auth and its PII / PCI / PHI classification and reasons.
 * External references are never fetched; they are reported.
 */
export function readOpenApi(parsed: JsonObject): ReadResult {
  const version = versionOf(parsed)
  const warnings: string[] = []
  const survey = surveyReferences(parsed)
  let source: JsonObject
  try {
    source = version.family === '2.0' ? (upgrade(structuredClone(parsed)).specification as JsonObject) : parsed
  } catch (error) {
    // The upgrade from Swagger 2.0 expects well-formed parts (a list of parameters, a path item object).
    throw new ReaderError(
      `This Swagger 2.0 description could not be upgraded to OpenAPI 3: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  if (!isObject(source)) throw new ReaderError('The API description could not be read.')
  // The upgrade rewrote a 2.0 description's references into new objects.
  const holders = source === parsed ? survey.holders : surveyReferences(source).holders
  pointAnchors(holders, survey)

  // Resolved in place: a 3.x description was parsed for this read alone, a 2.0 one upgraded into a copy.
  const document = source
  const { schemaNames, unresolved: local } = dereferenceLocal(document, holders)

  const info = asObject(own(document, 'info'))
  const title = asText(own(info, 'title')) ?? 'Untitled API'
  const apiVersion = asText(own(info, 'version'))
  const tool = `${title}${apiVersion ? ` ${apiVersion}` : ''}`

  const entries: OperationEntry[] = []
  operationsOf(asObject(own(document, 'paths')), 'http', entries)
  operationsOf(asObject(own(document, 'webhooks')), 'webhook', entries)
  if (entries.length === 0) {
    throw new ReaderError(
      `This ${version.label} description has no operations under paths or webhooks: there is no endpoint to import.`,
    )
  }
  if (entries.length > MAX_OPERATIONS) {
    throw new ReaderError(
      `This description has ${entries.length} operations; Vigil reads up to ${MAX_OPERATIONS} in one file.`,
    )
  }

  const schemes = asObject(own(asObject(own(document, 'components')), 'securitySchemes')) as Record<
    string,
    SecurityScheme
  >
  const unknownSchemes = new Set<string>()
  const documentSecurity = own(document, 'security')
  const findings: EndpointFinding[] = []
  let truncated = 0
  for (const entry of entries) {
    const { operation, pathItem } = entry
    const tags = asArray(own(operation, 'tags')).filter((tag): tag is string => typeof tag === 'string')
    const operationId = asText(own(operation, 'operationId'))
    const classification = classifyOperation({
      path: entry.path,
      tags,
      operationId,
      operation,
      sites: sitesOf(pathItem, operation),
      schemaNames,
    })
    if (classification.truncated) truncated += 1
    const auth = authOf(own(operation, 'security'), documentSecurity, schemes, unknownSchemes)
    findings.push({
      kind: 'endpoint',
      key: findingKey({ kind: 'endpoint', channel: entry.channel, method: entry.method, path: entry.path }),
      tool,
      channel: entry.channel,
      method: entry.method,
      path: entry.path,
      summary: asText(own(operation, 'summary')) ?? asText(own(operation, 'description'))?.split('\n')[0],
      operationId,
      tags,
      deprecated: own(operation, 'deprecated') === true,
      auth: auth.auth,
      authDeclared: auth.declared,
      authSchemes: auth.schemes,
      pii: classification.pii,
      pci: classification.pci,
      phi: classification.phi,
      reasons: classification.reasons,
    })
  }

  if (survey.external.size > 0) {
    const list = [...survey.external].slice(0, 3).join(', ')
    warnings.push(
      `${plural(survey.external.size, 'external reference')} (${list}${survey.external.size > 3 ? ', ...' : ''}) ${survey.external.size === 1 ? 'was' : 'were'} not fetched: Vigil never loads files from elsewhere, so what ${survey.external.size === 1 ? 'it describes' : 'they describe'} is not classified.`,
    )
  }
  const unresolved = local.filter((reference) => !survey.external.has(reference.split('#')[0]))
  if (unresolved.length > 0) {
    warnings.push(
      `${plural(unresolved.length, 'reference')} could not be resolved (${unresolved.slice(0, 3).join(', ')}${unresolved.length > 3 ? ', ...' : ''}); what ${unresolved.length === 1 ? 'it points' : 'they point'} to is not classified.`,
    )
  }
  if (survey.empty.length > 0) {
    warnings.push(
      `${plural(survey.empty.length, '$ref')} had no value (at ${survey.empty.slice(0, 2).join(', ')}): in YAML an unquoted $ref: #/... is a comment; quote it ($ref: '#/...').`,
    )
  }
  if (unknownSchemes.size > 0) {
    warnings.push(
      `Security ${unknownSchemes.size === 1 ? 'scheme' : 'schemes'} ${[...unknownSchemes].slice(0, 3).join(', ')} ${unknownSchemes.size === 1 ? 'is' : 'are'} used but not defined; ${unknownSchemes.size === 1 ? 'its' : 'their'} auth is shown as Unknown.`,
    )
  }
  if (truncated > 0) {
    warnings.push(
      `${plural(truncated, 'operation')} had schemas nested deeper than Vigil reads; deeper fields were not classified.`,
    )
  }
  const undeclared = findings.filter((finding) => finding.authDeclared === 'undeclared')
  const open = undeclared.filter((finding) => finding.auth === 'None').length
  if (open > 0) {
    warnings.push(
      `${plural(open, 'endpoint')} declared no security at all: as the description states ${open === 1 ? 'it' : 'them'}, anyone can call ${open === 1 ? 'it' : 'them'}, so ${open === 1 ? 'its' : 'their'} auth is shown as None (not declared).`,
    )
  }
  const unreadable = undeclared.length - open
  if (unreadable > 0) {
    warnings.push(
      `${plural(unreadable, 'endpoint')} had a security that is no list of requirements; ${unreadable === 1 ? 'its' : 'their'} auth is shown as Unknown.`,
    )
  }

  return {
    format: 'openapi',
    tool,
    // One description (its title and version) replaces its last import, whatever the file's name.
    run: runIdOf(tool),
    findings,
    warnings,
    files: [],
    ecosystems: [],
    apiDocument: { title, version: apiVersion, specification: version.label },
  }
}
