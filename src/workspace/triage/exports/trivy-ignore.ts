import { stringify } from 'yaml'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { packageUrlOf } from '@/workspace/triage/package-url'
import { advisoryIdsOf, routed, statementOf, uniqueSorted, type DecidedFinding, type RoutingOptions } from './routing'

interface IgnoreEntry {
  id: string
  paths?: string[]
  purls?: string[]
  expired_at?: string
  statement: string
}

type Section = 'vulnerabilities' | 'misconfigurations' | 'secrets'

/** Where Trivy should ignore a finding under this decision: its package, its file, or everywhere. */
function targetOf(entry: DecisionEntry, purl: string | undefined, file: string | undefined) {
  const scope = entry.scope
  if (scope.kind === 'path') return { paths: [scope.pattern] }
  if (scope.kind === 'advisory') return scope.purl ? { purls: [scope.purl] } : {}
  if (scope.kind === 'rule') return {}
  if (purl) return { purls: [purl] }
  return file ? { paths: [file] } : {}
}

/**
 * Trivy's `.trivyignore.yaml`: accepted risks (and, for its own misconfigurations and secrets,
 * every suppressing decision) as ignore entries by id, narrowed to the packages (purls) or files
 * (paths, globs allowed) the decision covers, with `expired_at` for accepted risks. Undefined when
 * no decision routes to it.
 */
export function exportTrivyIgnore(items: readonly DecidedFinding[], options: RoutingOptions = {}): string | undefined {
  const sections: Record<Section, Map<string, IgnoreEntry & { targets: Set<string> }>> = {
    vulnerabilities: new Map(),
    misconfigurations: new Map(),
    secrets: new Map(),
  }
  for (const { finding, decision } of routed('trivy', items, options)) {
    const entry = decision.entry!
    const section: Section =
      finding.kind === 'vulnerability' ? 'vulnerabilities' : finding.secret ? 'secrets' : 'misconfigurations'
    const ids = finding.kind === 'vulnerability' ? advisoryIdsOf(finding) : [finding.ruleId ?? '']
    const target = targetOf(entry, finding.kind === 'vulnerability' ? packageUrlOf(finding) : undefined, finding.file)
    for (const id of ids.filter(Boolean)) {
      const statement = statementOf(entry)
      const expiry = entry.state === 'accepted-risk' ? entry.expiresOn : undefined
      // Entries of one decision and id gather their packages or files; one for everywhere stands alone.
      const key = JSON.stringify([id, entry.id, 'purls' in target ? 'purls' : 'paths' in target ? 'paths' : 'all'])
      const known = sections[section].get(key)
      const values = target.purls ?? target.paths ?? []
      if (known) {
        for (const value of values) known.targets.add(value)
        continue
      }
      sections[section].set(key, {
        id,
        ...('purls' in target ? { purls: [] } : 'paths' in target ? { paths: [] } : {}),
        ...(expiry ? { expired_at: expiry } : {}),
        statement,
        targets: new Set(values),
      })
    }
  }
  const document: Partial<Record<Section, IgnoreEntry[]>> = {}
  for (const section of ['vulnerabilities', 'misconfigurations', 'secrets'] as const) {
    const entries = [...sections[section].values()].map(({ targets, ...entry }) => ({
      ...entry,
      ...(entry.purls ? { purls: uniqueSorted(targets) } : {}),
      ...(entry.paths ? { paths: uniqueSorted(targets) } : {}),
    }))
    if (entries.length) document[section] = entries.sort((a, b) => a.id.localeCompare(b.id))
  }
  if (Object.keys(document).length === 0) return undefined
  return `# Written by Vigil from the team's triage decisions.\n${stringify(document, { lineWidth: 0 })}`
}
