import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { packageUrlOf, parsePackageUrl } from '@/workspace/triage/package-url'
import { routed, uniqueSorted, type DecidedFinding } from './routing'

export const openVexContext = 'https://openvex.dev/ns/v0.2.0'

export interface OpenVexOptions {
  /** Who vouches for the statements: a team, an e-mail address or a URL. */
  author: string
  /** When the document is issued, ISO 8601. */
  timestamp: string
  /** The document's IRI; a URN made of the timestamp when left out. */
  id?: string
  role?: string
  /** Raise it each time the document is published again with changes. */
  version?: number
}

interface Statement {
  vulnerability: { name: string; aliases?: string[] }
  timestamp: string
  products: { '@id': string; identifiers: { purl: string } }[]
  status: 'not_affected' | 'affected' | 'fixed' | 'under_investigation'
  justification?: string
  impact_statement?: string
  action_statement?: string
  action_statement_timestamp?: string
  status_notes?: string
}

function statementOf(entry: DecisionEntry): Omit<Statement, 'vulnerability' | 'products' | 'timestamp'> {
  const reason = entry.reason
  switch (entry.state) {
    case 'not-affected':
      return {
        status: 'not_affected',
        justification: entry.justification,
        ...(reason ? { impact_statement: reason } : {}),
      }
    case 'false-positive':
      // OpenVEX has no false positive: not affected, said in words (its impact statement).
      return {
        status: 'not_affected',
        impact_statement: `The scanner's report is a false positive${reason ? `: ${reason}` : '.'}`,
      }
    case 'accepted-risk':
      return {
        status: 'affected',
        action_statement: `Risk accepted until ${entry.expiresOn}${reason ? `: ${reason}` : '.'}`,
        action_statement_timestamp: entry.at,
      }
    case 'affected':
      return {
        status: 'affected',
        action_statement:
          [reason, entry.dueOn ? `To be fixed by ${entry.dueOn}.` : ''].filter(Boolean).join(' ') ||
          'The team will fix it.',
        action_statement_timestamp: entry.at,
      }
    case 'fixed':
      return { status: 'fixed', ...(reason ? { status_notes: reason } : {}) }
    default:
      return { status: 'under_investigation', ...(reason ? { status_notes: reason } : {}) }
  }
}

/**
 * An OpenVEX 0.2.0 document of the decisions on vulnerabilities: one statement per decision and
 * advisory, its products the packages' purls. Undefined when no decision routes to it.
 */
export function exportOpenVex(items: readonly DecidedFinding[], options: OpenVexOptions): string | undefined {
  const groups = new Map<string, { entry: DecisionEntry; name: string; aliases: Set<string>; purls: Set<string> }>()
  for (const { finding, decision } of routed('openvex', items)) {
    const entry = decision.entry!
    const name = finding.advisoryId!
    const key = `${entry.id}\u0000${name.toUpperCase()}`
    let group = groups.get(key)
    if (group === undefined) {
      group = { entry, name, aliases: new Set(), purls: new Set() }
      groups.set(key, group)
    }
    for (const alias of finding.aliases ?? []) if (alias.toUpperCase() !== name.toUpperCase()) group.aliases.add(alias)
    const purl = packageUrlOf(finding)!
    if (parsePackageUrl(purl)) group.purls.add(purl)
  }
  if (groups.size === 0) return undefined
  const statements: Statement[] = [...groups.values()]
    .sort((a, b) => a.name.localeCompare(b.name) || a.entry.at.localeCompare(b.entry.at))
    .map(({ entry, name, aliases, purls }) => ({
      vulnerability: { name, ...(aliases.size ? { aliases: uniqueSorted(aliases) } : {}) },
      timestamp: entry.at,
      products: uniqueSorted(purls).map((purl) => ({ '@id': purl, identifiers: { purl } })),
      ...statementOf(entry),
    }))
  const document = {
    '@context': openVexContext,
    '@id': options.id ?? `urn:vigil:openvex:${options.timestamp.replace(/[^0-9A-Za-z]/g, '')}`,
    author: options.author,
    ...(options.role ? { role: options.role } : {}),
    timestamp: options.timestamp,
    version: options.version ?? 1,
    tooling: 'Vigil',
    statements,
  }
  return `${JSON.stringify(document, null, 2)}\n`
}
