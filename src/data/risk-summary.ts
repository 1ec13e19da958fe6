import {
  enforcementStatuses,
  severities,
  violationsFor,
  vulnerabilitiesFor,
  type EnforcementStatus,
  type Severity,
} from './findings'
import type { Organisation } from './organisation'
import type { Repository } from './repositories'

const severityWeight: Record<Severity, number> = { Critical: 10, High: 5, Medium: 2, Low: 1 }
const enforcementWeight: Record<EnforcementStatus, number> = { Mandatory: 4, Recommended: 2, Optional: 1 }

/** Open vulnerabilities by severity over the repositories. */
export function vulnerabilitiesBySeverity(repositories: Repository[]): Record<Severity, number> {
  const counts = Object.fromEntries(severities.map((severity) => [severity, 0])) as Record<Severity, number>
  for (const repository of repositories) {
    for (const vulnerability of vulnerabilitiesFor(repository.vulnerabilities)) counts[vulnerability.severity] += 1
  }
  return counts
}

/** Policy violations by enforcement status over the repositories. */
export function violationsByStatus(repositories: Repository[]): Record<EnforcementStatus, number> {
  const counts = Object.fromEntries(enforcementStatuses.map((status) => [status, 0])) as Record<
    EnforcementStatus,
    number
  >
  for (const repository of repositories) {
    for (const violation of violationsFor(repository.policyViolations)) counts[violation.enforcementStatus] += 1
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
      const score =
        vulnerabilitiesFor(repository.vulnerabilities).reduce((sum, item) => sum + severityWeight[item.severity], 0) +
        violationsFor(repository.policyViolations).reduce(
          (sum, item) => sum + enforcementWeight[item.enforcementStatus],
          0,
        ) +
        exposed
      return { repository, score, sensitiveEndpoints: sensitive }
    })
    .sort((a, b) => b.score - a.score || a.repository.name.localeCompare(b.repository.name))
    .slice(0, limit)
}
