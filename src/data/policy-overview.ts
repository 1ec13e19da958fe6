import { formatCount, plural } from '@/lib/format'
import { relativeTime } from '@/lib/relative-time'
import type { PolicyFacts } from './data-source'
import { kevCatalogueMissing, type PolicyCheckResult } from './policy-checks'
import { healthByAppType, healthByLanguage, healthOf, type HealthRow } from './policy-health'

/** The policies page's figures computed from the workspace: coverage, recency, pass rates and health. */

export interface OverviewRow extends HealthRow {
  /** "3 days ago", or "Never" when no repository of the group was scanned. */
  lastUpdated: string
}

export interface PolicyOverview {
  statements: string[]
  master: { coverage: number; covered: number; total: number }
  languages: OverviewRow[]
  appTypes: OverviewRow[]
}

const lastUpdated = (row: HealthRow, now: Date) =>
  row.lastScannedAt === undefined
    ? 'Never'
    : relativeTime(Math.max(0, (now.getTime() - Date.parse(row.lastScannedAt)) / 60_000))

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole))

export function policyOverview(facts: PolicyFacts, checks: PolicyCheckResult, now: Date): PolicyOverview {
  const withUpdated = (row: HealthRow): OverviewRow => ({ ...row, lastUpdated: lastUpdated(row, now) })
  const total = facts.health.length
  const covered = facts.health.filter((repository) => repository.lastScannedAt !== undefined).length
  const all = healthOf('all', facts.health, checks, now)
  const languages = healthByLanguage(facts.health, checks, now).map(withUpdated)
  const pairs = { checked: 0, passing: 0 }
  for (const line of checks.lines) {
    pairs.checked += line.checked
    pairs.passing += line.passing
  }
  const withoutKev = checks.lines.filter((line) => line.missing === 'kev-catalogue').length
  const weakest = [...languages].sort((a, b) => a.healthScore - b.healthScore)[0]
  const statements = [
    `${formatCount(covered)} of ${plural(total, 'repository', 'repositories')} scanned at least once (${percent(covered, total)}%).`,
    all.lastScannedAt === undefined
      ? 'No repository has been scanned yet.'
      : `The newest scan is from ${lastUpdated(all, now)}.`,
    checks.lines.length === 0
      ? 'No rule line of the policy names a check, so the health score leaves the pass rate out.'
      : `${plural(checks.lines.length, 'checked rule line')}: ${formatCount(pairs.passing)} of ${formatCount(pairs.checked)} checks of a repository pass (${percent(pairs.passing, pairs.checked)}%).`,
    ...(withoutKev > 0 ? [kevCatalogueMissing(withoutKev)] : []),
    ...(weakest && languages.length > 1
      ? [`${weakest.group} has the lowest policy health (${weakest.healthScore.toFixed(1)}).`]
      : []),
  ]
  return {
    statements,
    master: { coverage: percent(covered, total), covered, total },
    languages,
    appTypes: healthByAppType(facts.health, checks, now).map(withUpdated),
  }
}
