import type { PolicyCheckResult } from './policy-checks'

/**
 * A group's policy health on a 0–10 scale (docs/policy.md):
 *
 *   score = 10 × (0.4 × coverage + 0.2 × recency + 0.4 × pass rate) / (the weights of the parts there are)
 *
 * - coverage: the share of the group's repositories scanned at least once;
 * - recency: over the scanned ones, the mean of 1 for a scan in the last day, halving with every
 *   14 days more (0.5 at 15 days, 0.25 at 29);
 * - pass rate: of the (repository, checked rule line) pairs, the share that pass.
 *
 * Recency is left out when nothing was scanned, the pass rate when no line checks any repository;
 * the other weights then count alone, rounded to one decimal.
 */

export const healthWeights = { coverage: 0.4, recency: 0.2, passRate: 0.4 } as const
export const recencyHalfLifeDays = 14

export interface HealthRepository {
  name: string
  languages: readonly string[]
  /** "Frontend (Vite)", "Backend (Express)"…, as the policies page groups them. */
  appTypes?: readonly string[]
  /** The newest scan (ISO 8601); left out when it was never scanned. */
  lastScannedAt?: string
}

export interface HealthParts {
  /** 0–1. */
  coverage: number
  recency?: number
  passRate?: number
}

export interface HealthRow {
  group: string
  totalRepos: number
  /** Percent, 0 to 100, as the policies page shows it. */
  coverage: number
  lastScannedAt?: string
  recency?: number
  passRate?: number
  healthScore: number
}

const DAY = 86_400_000

/** 1 for a scan in the last day, halving with every 14 days more. */
export function recencyOf(lastScannedAt: string, now: Date): number {
  const days = (now.getTime() - Date.parse(lastScannedAt)) / DAY
  return days <= 1 ? 1 : 0.5 ** ((days - 1) / recencyHalfLifeDays)
}

export function healthScore(parts: HealthParts): number {
  let weighted = healthWeights.coverage * parts.coverage
  let weights = healthWeights.coverage
  if (parts.recency !== undefined) {
    weighted += healthWeights.recency * parts.recency
    weights += healthWeights.recency
  }
  if (parts.passRate !== undefined) {
    weighted += healthWeights.passRate * parts.passRate
    weights += healthWeights.passRate
  }
  return Math.round((100 * weighted) / weights) / 10
}

/** The health of one set of repositories. */
export function healthOf(
  group: string,
  repositories: readonly HealthRepository[],
  checks: Pick<PolicyCheckResult, 'byRepository'> | undefined,
  now: Date,
): HealthRow {
  let scanned = 0
  let recency = 0
  let checked = 0
  let passing = 0
  let lastScannedAt: string | undefined
  for (const repository of repositories) {
    const tally = checks?.byRepository.get(repository.name)
    if (tally) {
      checked += tally.checked
      passing += tally.passing
    }
    if (repository.lastScannedAt === undefined) continue
    scanned += 1
    recency += recencyOf(repository.lastScannedAt, now)
    if (lastScannedAt === undefined || repository.lastScannedAt > lastScannedAt)
      lastScannedAt = repository.lastScannedAt
  }
  const parts: HealthParts = {
    coverage: repositories.length === 0 ? 0 : scanned / repositories.length,
    recency: scanned === 0 ? undefined : recency / scanned,
    passRate: checked === 0 ? undefined : passing / checked,
  }
  return {
    group,
    totalRepos: repositories.length,
    coverage: Math.round(parts.coverage * 100),
    ...(lastScannedAt !== undefined ? { lastScannedAt } : {}),
    ...(parts.recency !== undefined ? { recency: parts.recency } : {}),
    ...(parts.passRate !== undefined ? { passRate: parts.passRate } : {}),
    healthScore: healthScore(parts),
  }
}

/** One row per group (a repository in several groups counts in each), the largest first. */
export function healthRows(
  repositories: readonly HealthRepository[],
  checks: Pick<PolicyCheckResult, 'byRepository'> | undefined,
  now: Date,
  groupsOf: (repository: HealthRepository) => readonly string[],
): HealthRow[] {
  const groups = new Map<string, HealthRepository[]>()
  for (const repository of repositories) {
    for (const group of new Set(groupsOf(repository))) {
      const members = groups.get(group)
      if (members) members.push(repository)
      else groups.set(group, [repository])
    }
  }
  return [...groups]
    .map(([group, members]) => healthOf(group, members, checks, now))
    .sort((a, b) => b.totalRepos - a.totalRepos || (a.group < b.group ? -1 : a.group > b.group ? 1 : 0))
}

export const healthByLanguage = (
  repositories: readonly HealthRepository[],
  checks: Pick<PolicyCheckResult, 'byRepository'> | undefined,
  now: Date,
) => healthRows(repositories, checks, now, (repository) => repository.languages)

export const healthByAppType = (
  repositories: readonly HealthRepository[],
  checks: Pick<PolicyCheckResult, 'byRepository'> | undefined,
  now: Date,
) => healthRows(repositories, checks, now, (repository) => repository.appTypes ?? [])
