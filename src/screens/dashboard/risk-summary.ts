import {
  enforcementStatuses,
  findingSeverities,
  type EnforcementStatus,
  type FindingCounts,
  type FindingSeverity,
} from '@/data/findings'
import type { DataSource } from '@/data/data-source'
import { needsTriageOf, type Repository } from '@/data/repositories'

const severityWeight: Record<FindingSeverity, number> = { Critical: 10, High: 5, Medium: 2, Low: 1, Unknown: 1 }
const enforcementWeight: Record<EnforcementStatus, number> = { Mandatory: 4, Recommended: 2, Optional: 1 }

/** One kind of count added up over every repository of the organisation. */
function totals<K extends string>(
  source: DataSource,
  keys: K[],
  pick: (counts: FindingCounts) => Record<K, number>,
): Record<K, number> {
  const sums = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>
  for (const repository of source.repositories) {
    const counts = pick(source.findingCounts(repository))
    for (const key of keys) sums[key] += counts[key]
  }
  return sums
}

/** Open vulnerabilities by severity over the organisation. */
export const vulnerabilitiesBySeverity = (source: DataSource) =>
  totals(source, findingSeverities, (counts) => counts.bySeverity)

/** Policy violations by enforcement status over the organisation. */
export const violationsByStatus = (source: DataSource) =>
  totals(source, enforcementStatuses, (counts) => counts.byEnforcement)

/** Open findings nobody has decided on yet, over the organisation. */
export const needsTriageTotal = (source: DataSource) =>
  source.repositories.reduce((total, repository) => total + needsTriageOf(repository), 0)

export interface RiskEntry {
  repository: Repository
  score: number
  sensitiveEndpoints: number
}

/**
 * The riskiest repositories, riskiest first: vulnerabilities weighted by severity, violations by
 * enforcement, and a point for each endpoint that handles PII, PCI or PHI data without
 * authentication.
 */
export function rankByRisk(source: DataSource, limit: number): RiskEntry[] {
  return source.repositories
    .map((repository) => {
      const { sensitive, exposed } = source.endpointStats(repository)
      const { bySeverity, byEnforcement } = source.findingCounts(repository)
      const score =
        findingSeverities.reduce((sum, severity) => sum + bySeverity[severity] * severityWeight[severity], 0) +
        enforcementStatuses.reduce((sum, status) => sum + byEnforcement[status] * enforcementWeight[status], 0) +
        exposed
      return { repository, score, sensitiveEndpoints: sensitive }
    })
    .sort((a, b) => b.score - a.score || a.repository.name.localeCompare(b.repository.name))
    .slice(0, limit)
}
