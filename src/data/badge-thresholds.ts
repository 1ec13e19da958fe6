/** Badge thresholds (vulnerabilities: 0 green, 1-2 amber, 3+ red; policy issues: 0, 1, 2+), as levels the components colour. */
export type BadgeLevel = 'good' | 'warning' | 'danger'

/** Vulnerabilities: 0 green, 1 to 2 amber, 3 or more red. */
export function vulnerabilityLevel(count: number): BadgeLevel {
  if (count <= 0) return 'good'
  return count <= 2 ? 'warning' : 'danger'
}

/** Policy issues: 0 green, 1 amber, 2 or more red. */
export function policyIssueLevel(count: number): BadgeLevel {
  if (count <= 0) return 'good'
  return count === 1 ? 'warning' : 'danger'
}
