import { canonicalAdvisory } from '@/workspace/model/advisory-ids'
import { findingKey, textHash } from '@/workspace/model/finding-keys'
import type { FindingLocation, SecuritySeverity, VulnerabilityFinding } from '@/workspace/model/model'
import { packageIdentity, purlTypeOf } from '@/workspace/model/package-identity'
import { preferredScore, scoreVector, severityOfScore } from '@/workspace/model/severity'
import { fixAbove, schemeOf } from '@/workspace/model/versions'
import type { Place } from './sarif-places'
import type { RuleFacts } from './sarif-rules'

/**
 * A dependency scanner writing SARIF: its rule is an advisory, its location a manifest or an
 * image, and the package is named only in its message, in each tool's own wording.
 */

/** Messages are read for a package up to this length: a scanner's sentence, never a document. */
const MESSAGE_SCAN = 2000

interface PackageFacts {
  name?: string
  version?: string
  ecosystem?: string
  fixes: string[]
  word?: string
}

/** The value after `label:` on a line of its own (Trivy's `Installed Version: 1.2.3`). */
export const labelledLine = (text: string, label: string) =>
  new RegExp(`^[ \\t]*${label}:[ \\t]*(.*)$`, 'm').exec(text)?.[1]?.trim()

/**
 * The package a dependency scanner's SARIF result names, in each tool's wording: Trivy's
 * `Package:` / `Installed Version:` lines, Grype's `…package: log4j-core, version 2.14.1 was
 * found…`, OSV-Scanner's `Package 'lodash@4.17.20' is vulnerable…`, else `name@version`.
 */
export function packageOfMessage(fullMessage: string, locationMessage = ''): PackageFacts {
  const message = fullMessage.slice(0, MESSAGE_SCAN)
  const trivyName = labelledLine(message, 'Package')
  if (trivyName) {
    return {
      name: trivyName,
      version: labelledLine(message, 'Installed Version') || undefined,
      fixes: (labelledLine(message, 'Fixed Version') ?? '').split(',').map((fix) => fix.trim()),
      word: labelledLine(message, 'Severity'),
    }
  }
  const grype =
    /\b(\w+) vulnerability in (\S+) package: (.+?), version (\S+?) was found/.exec(message) ??
    /\b(\w+) vulnerability in (\S+) package: (.+?), version (\S+)/.exec(message)
  if (grype) return { name: grype[3], version: grype[4], ecosystem: grype[2], word: grype[1], fixes: [] }
  const grypeOld = /reports (\S+) at version (\S+) {1,2}which would result in a vulnerable \((\S+)\) package/.exec(
    message,
  )
  if (grypeOld) return { name: grypeOld[1], version: grypeOld[2], ecosystem: grypeOld[3], fixes: [] }
  const osv = /Package '(.+)@([^'@]+)' is vulnerable/.exec(message)
  if (osv) return { name: osv[1], version: osv[2], fixes: [] }
  for (const text of [locationMessage.slice(0, MESSAGE_SCAN), message]) {
    const generic = /(?:^|[\s:'"(])((?:@[\w.-]+\/)?[\w.-]+(?:[:/][\w.-]+)*)@(\d[\w.+~:-]*)/.exec(text)
    if (generic) return { name: generic[1], version: generic[2], fixes: [] }
  }
  return { fixes: [] }
}

/** Grype's help text lists the fixes: `Fix Version: 2.15.0,2.12.2`. */
const fixesOfHelp = (help: string | undefined) =>
  (help ? (labelledLine(help, 'Fix Version') ?? '') : '').split(',').map((fix) => fix.trim())

/** Whether a package URL names this package (Grype lists the purl of the rule's first match). */
function purlNames(purl: string, name: string): boolean {
  const path = purl.split(/[?#@]/)[0]
  const last = decodeURIComponentSafe(path.split('/').pop() ?? '')
  return last.toLowerCase() === name.split(/[/:]/).pop()?.toLowerCase()
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** What the reader has worked out of a dependency scanner's result before it becomes a finding. */
export interface DependencyResult {
  tool: string
  ruleId: string
  /** The advisory id the rule id starts with, if it starts with one. */
  advisory: string | undefined
  rule: RuleFacts
  level: string
  message: string
  place: Place
  location: FindingLocation | undefined
  title: string
  cwes: string[]
  securitySeverity: SecuritySeverity | undefined
}

/** A dependency scanner's result as a vulnerability: its advisory, and the package its message names. */
export function vulnerabilityOf({
  tool,
  ruleId,
  advisory,
  rule,
  level,
  message,
  place,
  location,
  title,
  cwes,
  securitySeverity,
}: DependencyResult): VulnerabilityFinding {
  const pkg = packageOfMessage(message, place.message)
  const identity = canonicalAdvisory([advisory ?? ruleId, ...rule.aliases])
  const purl = rule.purls.find((candidate) => pkg.name && purlNames(candidate, pkg.name))
  const cvss = preferredScore(rule.vectors.map((vector) => scoreVector(vector)))
  const ecosystem = pkg.ecosystem ?? (purl ? /^pkg:([^/]+)\//.exec(purl)?.[1] : undefined)
  const packageName = pkg.name ?? 'unknown package'
  return {
    kind: 'vulnerability',
    key: findingKey({
      kind: 'package',
      advisoryId: identity.advisoryId,
      package: pkg.name
        ? packageIdentity({ purl, ecosystem, name: pkg.name, version: pkg.version })
        : { type: 'unknown', name: ruleId, version: `message:${textHash(message)}` },
      location: place.file,
    }),
    tool,
    advisoryId: identity.advisoryId,
    aliases: identity.aliases,
    title,
    description: rule.fullDescription ?? message,
    severity: cvss ? severityOfScore(cvss.score) : (securitySeverity?.band ?? 'Unknown'),
    toolSeverity: pkg.word ?? level,
    cvss,
    cwes,
    packageName,
    packageVersion: pkg.version,
    ecosystem,
    purl,
    fixedVersion: fixAbove(
      pkg.version,
      [...pkg.fixes, ...fixesOfHelp(rule.help)],
      schemeOf(purlTypeOf(ecosystem) ?? ecosystem),
    ),
    location,
    url: rule.helpUri,
  }
}
