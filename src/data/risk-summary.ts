import { endpointsFor } from './endpoints'
import {
  enforcementStatuses,
  severities,
  violationsFor,
  vulnerabilitiesFor,
  type EnforcementStatus,
  type Severity,
} from './findings'
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
 * Repositories ranked by risk: vulnerabilities weighted by severity, violations by enforcement,
 * and a point for each endpoint that handles PII, PCI or PHI data without authentication.
 */
export function rankByRisk(repositories: Repository[]): RiskEntry[] {
  return repositories
    .map((repository) => {
      const endpoints = endpointsFor(repository.name)
      const sensitive = endpoints.filter((endpoint) => endpoint.pii || endpoint.pci || endpoint.phi)
      const exposed = sensitive.filter((endpoint) => endpoint.auth === 'None').length
      const score =
        vulnerabilitiesFor(repository.vulnerabilities).reduce((sum, item) => sum + severityWeight[item.severity], 0) +
        violationsFor(repository.policyViolations).reduce(
          (sum, item) => sum + enforcementWeight[item.enforcementStatus],
          0,
        ) +
        exposed
      return { repository, score, sensitiveEndpoints: sensitive.length }
    })
    .sort((a, b) => b.score - a.score || a.repository.name.localeCompare(b.repository.name))
}
