import { asNumber, asObject, asObjects, asText, own, type JsonObject } from '@/workspace/files/json'
import { checkoutEnd } from './scan-root'
import { textOf } from './sarif-rules'

/** Where a SARIF result sits: its file made relative to the checkout, its lines, and its context. */

/** A repository-relative path from an artifact URI (`file:///src/a.js`, `src/a%20b.js`). */
function decodeUriPath(uri: string): string {
  // Most are already a plain relative path: nothing to strip or decode.
  if (!uri.includes('%') && !uri.startsWith('/') && !uri.startsWith('file:')) return uri
  let path = uri.replace(/^file:\/\/[^/]*/, '')
  try {
    path = decodeURIComponent(path)
  } catch {
    // keep it as written
  }
  return path.replace(/^\/+/, '') || uri
}

export interface Place {
  file?: string
  line?: number
  endLine?: number
  column?: number
  /** Text around the result that does not move with its line: a snippet, the enclosing function. */
  context?: string
  /** The location's own message (Trivy writes `path: package@version` there). */
  message?: string
}

/**
 * A path the tool wrote on the scanning machine (`file:///home/runner/work/app/app/src/a.js`, as
 * ESLint's and Roslyn's SARIF do), made relative to the checkout, so that a scan in CI and one on
 * a laptop name a file alike: below the run's working directory when it names one, else below the
 * last folder named as the repository. Anything else stays as decoded.
 */
export function checkoutPaths(run: JsonObject, repository: string | undefined): (uri: string, path: string) => string {
  const workingUri = asText(own(asObject(own(asObjects(own(run, 'invocations'))[0] ?? {}, 'workingDirectory')), 'uri'))
  const working = workingUri?.startsWith('file:') ? decodeUriPath(workingUri).replace(/\/*$/, '/') : undefined
  return (uri, path) => {
    if (!uri.startsWith('file:') && !uri.startsWith('/')) return path
    if (working !== undefined && path.startsWith(working) && path.length > working.length)
      return path.slice(working.length)
    const segments = path.split('/')
    const checkout = checkoutEnd(segments, repository)
    return checkout < 0 ? path : segments.slice(checkout + 1).join('/')
  }
}

export function placeOf(
  result: JsonObject,
  artifacts: JsonObject[],
  paths: Map<string, string>,
  inCheckout: (uri: string, path: string) => string,
): Place {
  const location = asObjects(own(result, 'locations'))[0] ?? {}
  const physical = asObject(own(location, 'physicalLocation'))
  const artifact = asObject(own(physical, 'artifactLocation'))
  const artifactIndex = asNumber(own(artifact, 'index'))
  const uri =
    asText(own(artifact, 'uri')) ??
    (artifactIndex !== undefined
      ? asText(own(asObject(own(artifacts[artifactIndex] ?? {}, 'location')), 'uri'))
      : undefined)
  const region = asObject(own(physical, 'region'))
  const positive = (value: number | undefined) => (value !== undefined && value > 0 ? Math.floor(value) : undefined)
  let file: string | undefined
  if (uri) {
    file = paths.get(uri)
    if (file === undefined) {
      file = inCheckout(uri, decodeUriPath(uri))
      paths.set(uri, file)
    }
  }
  const context =
    textOf(own(region, 'snippet')) ??
    textOf(own(asObject(own(physical, 'contextRegion')), 'snippet')) ??
    asText(own(asObjects(own(location, 'logicalLocations'))[0] ?? {}, 'fullyQualifiedName'))
  return {
    file,
    line: positive(asNumber(own(region, 'startLine'))),
    endLine: positive(asNumber(own(region, 'endLine'))),
    column: positive(asNumber(own(region, 'startColumn'))),
    context,
    message: textOf(own(location, 'message')),
  }
}
