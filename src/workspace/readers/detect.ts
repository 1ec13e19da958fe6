import { asObject, asObjects, asText, isObject, own, type JsonObject } from '@/workspace/files/json'
import { formatNames, ReaderError, type FormatId, type ReadOptions, type ReadResult } from '@/workspace/model/model'
import { readCycloneDx } from './cyclonedx'
import { parse as parseYamlText } from 'yaml'
import { readGrype } from './grype'
import { readNpmAudit } from './npm-audit'
import { isApiDescription, readOpenApi } from './openapi'
import { readOsvScanner } from './osv'
import { readSarif } from './sarif'
import { readTrivy } from './trivy'

/** The format of a parsed file, from its content alone (never its name); undefined when unknown. */
export function detectFormat(document: unknown): FormatId | undefined {
  if (!isObject(document)) return undefined
  if (isApiDescription(document)) return 'openapi'
  if (Array.isArray(own(document, 'runs')) && own(document, 'version') !== undefined) return 'sarif'
  if (own(document, 'bomFormat') === 'CycloneDX') return 'cyclonedx'
  if (own(document, 'auditReportVersion') !== undefined) return 'npm-audit'
  if (
    Array.isArray(own(document, 'Results')) ||
    (own(document, 'SchemaVersion') !== undefined && own(document, 'ArtifactName') !== undefined)
  )
    return 'trivy'
  const matches = own(document, 'matches')
  if (
    Array.isArray(matches) &&
    (asText(own(asObject(own(document, 'descriptor')), 'name')) === 'grype' ||
      asObjects(matches).some((match) => isObject(own(match, 'artifact'))))
  )
    return 'grype'
  const results = own(document, 'results')
  if (Array.isArray(results) && asObjects(results).some((result) => Array.isArray(own(result, 'packages'))))
    return 'osv-scanner'
  if (Array.isArray(results) && results.length === 0 && isObject(own(document, 'experimental_config')))
    return 'osv-scanner'
  return undefined
}

function describeUnknown(document: unknown): string {
  if (Array.isArray(document)) return 'The file is a JSON list, not a scanner report Vigil knows.'
  if (!isObject(document)) return 'The file holds a single JSON value, not a scanner report.'
  if (own(document, 'advisories') !== undefined && own(document, 'auditReportVersion') === undefined)
    return 'This is an npm audit report of npm 6 or older; Vigil reads the report of npm 7 and later (auditReportVersion 2).'
  const keys = Object.keys(document).slice(0, 5)
  return `Vigil does not know this kind of file (its top-level fields: ${keys.join(', ') || 'none'}). It reads ${Object.values(formatNames).join(', ')}.`
}

/** Reads a parsed file of any supported format; one result per tool run (SARIF can hold several). */
export function readDocument(document: unknown, options: ReadOptions = {}): ReadResult[] {
  const format = detectFormat(document)
  if (!format) throw new ReaderError(describeUnknown(document))
  const object = document as JsonObject
  switch (format) {
    case 'sarif':
      return readSarif(object, options)
    case 'cyclonedx':
      return [readCycloneDx(object, options)]
    case 'npm-audit':
      return [readNpmAudit(object, options)]
    case 'trivy':
      return [readTrivy(object, options)]
    case 'grype':
      return [readGrype(object, options)]
    case 'osv-scanner':
      return [readOsvScanner(object, options)]
    case 'openapi':
      return [readOpenApi(object)]
  }
}

/** The largest file Vigil reads (a larger one is refused before it is parsed). */
export const MAX_FILE_BYTES = 512 * 1024 * 1024

const GZIP_MAGIC = [0x1f, 0x8b]

export const isGzip = (bytes: Uint8Array) => bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1]

/** Text from a file's bytes: refuses empty, binary and non-UTF-8 files with a reason. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new ReaderError('The file is empty.')
  if (bytes.length > MAX_FILE_BYTES) {
    throw new ReaderError(`The file is ${Math.round(bytes.length / 1024 / 1024)} MB; Vigil reads files up to 512 MB.`)
  }
  if (bytes.subarray(0, 4096).includes(0)) throw new ReaderError('The file is binary, not a text report.')
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new ReaderError('The file is not UTF-8 text.')
  }
}

/** Parses JSON text, refusing truncated or malformed files with the parser's reason. */
export function parseJson(text: string): unknown {
  const body = text.replace(/^\uFEFF/, '')
  if (body.trim() === '') throw new ReaderError('The file is empty.')
  try {
    return JSON.parse(body)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new ReaderError(`The file is not valid JSON (it may be cut short): ${reason}`)
  }
}

/** More YAML aliases than this is an alias bomb ("billion laughs"), refused before it expands. */
export const MAX_YAML_ALIASES = 1000

/** Text that is not JSON but could be a YAML document (API descriptions are often YAML). */
const looksLikeYaml = (body: string) => /^\s*(---\s*\n)?[\w"'$-]+\s*:/m.test(body)

/** Parses YAML text; refuses alias bombs and broken YAML with the parser's reason. */
export function parseYaml(text: string): unknown {
  try {
    return parseYamlText(text.replace(/^\uFEFF/, ''), { maxAliasCount: MAX_YAML_ALIASES, uniqueKeys: false })
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    if (/alias/i.test(reason)) {
      throw new ReaderError(
        `The file uses YAML aliases excessively (an alias bomb?), so Vigil did not expand it: ${reason}`,
      )
    }
    throw new ReaderError(`The file is neither valid JSON nor valid YAML: ${reason}`)
  }
}

/** A scan file's text (already decompressed) parsed: JSON, or YAML for an API description. */
export function parseScanText(text: string): { document: unknown; json: boolean } {
  const body = text.replace(/^\uFEFF/, '')
  // JSON (or nothing, which parseJson names) is told apart at its first character, never by scanning it.
  if (/^\s*([[{"]|$)/.test(body)) return { document: parseJson(text), json: true }
  if (!looksLikeYaml(body)) {
    throw new ReaderError(
      'The file is neither JSON nor YAML: Vigil reads scanner reports in JSON and API descriptions in JSON or YAML.',
    )
  }
  const document = parseYaml(text)
  if (!isObject(document)) throw new ReaderError('The file is neither a JSON report nor a YAML API description.')
  return { document, json: false }
}

/** Reads a scan file's text (already decompressed): JSON, or YAML for an API description. */
export function readScanText(text: string, options: ReadOptions = {}): ReadResult[] {
  return readDocument(parseScanText(text).document, options)
}
