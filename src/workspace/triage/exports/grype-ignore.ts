import { stringify } from 'yaml'
import { packageUrlOf, parsePackageUrl, grypeTypeOf, packageNameOf } from '@/workspace/triage/package-url'
import { advisoryIdsOf, routed, statementOf, type DecidedFinding, type RoutingOptions } from './routing'

interface GrypeRule {
  vulnerability: string
  reason: string
  package?: { name?: string; version?: string; type?: string; location?: string }
}

/**
 * Grype's `.grype.yaml` ignore rules: one per advisory id (and alias) and decision, narrowed to the
 * package (name, version, type) or the files (location glob) the decision covers, the reason
 * saying until when. Grype has no expiry: an expired accepted risk is left out, so write the file
 * again after one expires. Undefined when no decision routes to it.
 */
export function exportGrypeIgnore(items: readonly DecidedFinding[], options: RoutingOptions = {}): string | undefined {
  const rules = new Map<string, GrypeRule>()
  for (const { finding, decision } of routed('grype', items, options)) {
    const entry = decision.entry!
    const scope = entry.scope
    let pkg: GrypeRule['package']
    if (scope.kind === 'path') pkg = { location: scope.pattern }
    else if (scope.kind === 'finding' || (scope.kind === 'advisory' && scope.purl)) {
      const identity = parsePackageUrl(scope.kind === 'advisory' ? scope.purl! : (packageUrlOf(finding) ?? ''))
      if (identity) {
        pkg = {
          name: packageNameOf(identity),
          ...(identity.version ? { version: identity.version } : {}),
          ...(grypeTypeOf(identity.type) ? { type: grypeTypeOf(identity.type) } : {}),
        }
      } else if (finding.packageName) {
        pkg = { name: finding.packageName, ...(finding.packageVersion ? { version: finding.packageVersion } : {}) }
      }
    }
    for (const id of advisoryIdsOf(finding)) {
      const rule: GrypeRule = { vulnerability: id, reason: statementOf(entry), ...(pkg ? { package: pkg } : {}) }
      rules.set(JSON.stringify(rule), rule)
    }
  }
  if (rules.size === 0) return undefined
  const ignore = [...rules.values()].sort(
    (a, b) =>
      a.vulnerability.localeCompare(b.vulnerability) || (a.package?.name ?? '').localeCompare(b.package?.name ?? ''),
  )
  return `# Written by Vigil from the team's triage decisions.\n${stringify({ ignore }, { lineWidth: 0 })}`
}
