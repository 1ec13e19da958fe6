import { normaliseAdvisoryId } from './advisory-ids'
import type { PackageIdentity } from './package-identity'

/** One key format for every reader, and the run a file's results replace. */

/** Where a finding sits, as its key reads it: a path, or nothing. */
const placeText = (file: string | undefined) =>
  file === undefined
    ? ''
    : /^[./\s]|\\|\s$/.test(file)
      ? file
          .trim()
          .replace(/\\/g, '/')
          .replace(/^\.?\/+/, '')
      : file

/** Text made comparable across runs: whitespace runs become one space. */
export const normaliseContext = (text: string) => text.replace(/\s+/g, ' ').trim()

/**
 * A short, stable hash of a text (53-bit cyrb53, hex): it keys findings by their context
 * without storing it, and never changes between versions of Vigil.
 */
export function textHash(text: string): string {
  if (text === '') return EMPTY_HASH
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    h1 = Math.imul(h1 ^ code, 2654435761)
    h2 = Math.imul(h2 ^ code, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507)
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507)
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return ((h2 >>> 0) & 0x1fffff).toString(16).padStart(6, '0') + (h1 >>> 0).toString(16).padStart(8, '0')
}

/** The hash of no text, which most results without a snippet share. */
const EMPTY_HASH = '0bdcb81aee8d83'

export type FindingKeyParts =
  /** A known advisory in a package: advisory, package identity, where the package was found. */
  | { kind: 'package'; advisoryId: string; package: PackageIdentity; location?: string }
  /**
   * A rule broken in code or configuration: the rule, the file, and the tool's fingerprint
   * when it gives one, else a context that does not move with the line (a snippet, the
   * enclosing function, the resource); never the line number.
   */
  | { kind: 'code'; ruleId: string; file?: string; fingerprint?: string; context?: string }
  /** A secret: its rule, its file, and the masked match (never the secret). */
  | { kind: 'secret'; ruleId: string; file?: string; context?: string }
  /** An API operation: one per channel, method and path of a description. */
  | { kind: 'endpoint'; channel: string; method: string; path: string }

/**
 * The key of a finding, the same for every reader:
 * - `package|<advisory>|<type>/<name>@<version>|<location>`
 * - `code|<rule>|<file>|fp:<fingerprint>` or `code|<rule>|<file>|ctx:<hash of the context>`
 * - `secret|<rule>|<file>|ctx:<hash of the masked match>`
 * - `<channel> <METHOD> <path>` for endpoints
 * Keys name neither the tool nor the repository.
 */
export function findingKey(parts: FindingKeyParts): string {
  switch (parts.kind) {
    case 'package': {
      const { type, name, version } = parts.package
      return `package|${normaliseAdvisoryId(parts.advisoryId)}|${type}/${name}@${version ?? ''}|${placeText(parts.location)}`
    }
    case 'code': {
      const which = parts.fingerprint
        ? `fp:${parts.fingerprint}`
        : `ctx:${textHash(normaliseContext(parts.context ?? ''))}`
      return `code|${parts.ruleId}|${placeText(parts.file)}|${which}`
    }
    case 'secret':
      return `secret|${parts.ruleId}|${placeText(parts.file)}|ctx:${textHash(normaliseContext(parts.context ?? ''))}`
    case 'endpoint':
      return `${parts.channel} ${parts.method.toUpperCase()} ${parts.path}`
  }
}

/**
 * What one import replaces: one tool's run for one repository. `what` is the run's own identity
 * (SARIF's automation category, Trivy's artifact, Grype's target), else the file's path in the
 * repository folder; without either, the tool alone.
 */
export const runIdOf = (tool: string, what?: string): string => (what ? `${tool}|${what}` : tool)
