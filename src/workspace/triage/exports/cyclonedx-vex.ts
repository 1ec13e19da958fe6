import type { Justification } from '@/workspace/triage/decision'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { packageUrlOf, parsePackageUrl } from '@/workspace/triage/package-url'
import { advisorySource, routed, uniqueSorted, type DecidedFinding } from './routing'

export interface CycloneDxVexOptions {
  /** When the document is issued, ISO 8601. */
  timestamp: string
  /** `urn:uuid:…`, new for every document CycloneDX says; left out when not given. */
  serialNumber?: string
  /** The team or person the document comes from. */
  author?: string
  /** The application the packages belong to (the repository), as the BOM's subject. */
  subject?: string
  version?: number
}

/** OpenVEX's justifications in CycloneDX's words (the closest of its nine). */
export const cycloneDxJustifications: Record<Justification, string> = {
  component_not_present: 'code_not_present',
  vulnerable_code_not_present: 'code_not_present',
  vulnerable_code_not_in_execute_path: 'code_not_reachable',
  vulnerable_code_cannot_be_controlled_by_adversary: 'requires_environment',
  inline_mitigations_already_exist: 'protected_by_mitigating_control',
}

interface Analysis {
  state: string
  justification?: string
  response?: string[]
  detail?: string
  lastUpdated: string
}

function analysisOf(entry: DecisionEntry): Analysis {
  const detail = entry.reason || undefined
  const base = { lastUpdated: entry.at }
  switch (entry.state) {
    case 'not-affected':
      return { state: 'not_affected', justification: cycloneDxJustifications[entry.justification!], detail, ...base }
    case 'false-positive':
      return { state: 'false_positive', detail, ...base }
    case 'accepted-risk':
      return {
        state: 'exploitable',
        response: ['will_not_fix'],
        detail: `Risk accepted until ${entry.expiresOn}${detail ? `: ${detail}` : '.'}`,
        ...base,
      }
    case 'affected':
      return {
        state: 'exploitable',
        response: ['update'],
        detail: [detail, entry.dueOn ? `To be fixed by ${entry.dueOn}.` : ''].filter(Boolean).join(' ') || undefined,
        ...base,
      }
    case 'fixed':
      return { state: 'resolved', detail, ...base }
    default:
      return { state: 'in_triage', detail, ...base }
  }
}

const withoutUndefined = <T extends object>(value: T): T => JSON.parse(JSON.stringify(value)) as T

/**
 * A CycloneDX 1.6 VEX document: the packages as components (their purl as bom-ref), and per
 * decision and advisory a vulnerability whose analysis carries the decision and whose affects
 * name the packages. Undefined when no decision routes to it.
 */
export function exportCycloneDxVex(items: readonly DecidedFinding[], options: CycloneDxVexOptions): string | undefined {
  const groups = new Map<string, { entry: DecisionEntry; id: string; aliases: Set<string>; purls: Set<string> }>()
  const components = new Map<string, object>()
  for (const { finding, decision } of routed('cyclonedx-vex', items)) {
    const entry = decision.entry!
    const id = finding.advisoryId!
    const purl = packageUrlOf(finding)!
    const identity = parsePackageUrl(purl)
    if (!identity) continue
    if (!components.has(purl)) {
      components.set(purl, {
        type: 'library',
        'bom-ref': purl,
        group: identity.namespace,
        name: identity.name,
        version: identity.version,
        purl,
      })
    }
    const key = `${entry.id}\u0000${id.toUpperCase()}`
    let group = groups.get(key)
    if (group === undefined) {
      group = { entry, id, aliases: new Set(), purls: new Set() }
      groups.set(key, group)
    }
    for (const alias of finding.aliases ?? []) if (alias.toUpperCase() !== id.toUpperCase()) group.aliases.add(alias)
    group.purls.add(purl)
  }
  if (groups.size === 0) return undefined
  const vulnerabilities = [...groups.values()]
    .sort((a, b) => a.id.localeCompare(b.id) || a.entry.at.localeCompare(b.entry.at))
    .map(({ entry, id, aliases, purls }) => ({
      id,
      source: advisorySource(id),
      references: aliases.size
        ? uniqueSorted(aliases).map((alias) => ({ id: alias, source: advisorySource(alias) }))
        : undefined,
      analysis: analysisOf(entry),
      affects: uniqueSorted(purls).map((ref) => ({ ref })),
    }))
  const document = {
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    serialNumber: options.serialNumber,
    version: options.version ?? 1,
    metadata: {
      timestamp: options.timestamp,
      tools: { components: [{ type: 'application', name: 'Vigil' }] },
      authors: options.author ? [{ name: options.author }] : undefined,
      component: options.subject ? { type: 'application', name: options.subject } : undefined,
    },
    components: [...components.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, component]) => component),
    vulnerabilities,
  }
  return `${JSON.stringify(withoutUndefined(document), null, 2)}\n`
}
