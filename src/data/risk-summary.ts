import { enforcementStatuses, findingSeverities, type EnforcementStatus, type FindingSeverity } from './findings'
import type { Organisation } from './organisation'
import type { Repository } from './repositories'

const severityWeight: Record<FindingSeverity, number> = { Critical: 10, High: 5, Medium: 2, Low: 1, Unknown: 1 }
const enforcementWeight: Record<EnforcementStatus, number> = { Mandatory: 4, Recommended: 2, Optional: 1 }

/** Open vulnerabilities by severity over the organisation. */
export function vulnerabilitiesBySeverity(organisation: Organisation): Record<FindingSeverity, number> {
  const counts = Object.fromEntries(findingSeverities.map((severity) => [severity, 0])) as Record<
    FindingSeverity,
    number
  >
  for (const repository of organisation.repositories) {
    const { bySeverity } = organisation.findingCounts(repository)
    for (const severity of findingSeverities) counts[severity] += bySeverity[severity]
  }
  return counts
}

/** Policy violations by enforcement status over the organisation. */
export function violationsByStatus(organisation: Organisation): Record<EnforcementStatus, number> {
  const counts = Object.fromEntries(enforcementStatuses.map((status) => [status, 0])) as Record<
    EnforcementStatus,
    number
  >
  for (const repository of organisation.repositories) {
    const { byEnforcement } = organisation.findingCounts(repository)
    for (const status of enforcementStatuses) counts[status] += byEnforcement[status]
  }
  return counts
}

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
export function rankByRisk(organisation: Organisation, limit: number): RiskEntry[] {
  return organisation.repositories
    .map((repository) => {
      const { sensitive, exposed } = organisation.endpointStats(repository)
      const { bySeverity, byEnforcement } = organisation.findingCounts(repository)
      const score =
        findingSeverities.reduce((sum, severity) => sum + bySeverity[severity] * severityWeight[severity], 0) +
        enforcementStatuses.reduce((sum, status) => sum + byEnforcement[status] * enforcementWeight[status], 0) +
        exposed
      return { repository, score, sensitiveEndpoints: sensitive }
    })
    .sort((a, b) => b.score - a.score || a.repository.name.localeCompare(b.repository.name))
    .slice(0, limit)
}
