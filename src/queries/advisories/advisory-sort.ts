import {
  byRepositoriesHit,
  bySeverityThenReach,
  severityRank,
  type AdvisoryGroup,
  type VulnerabilityOccurrences as Occurrences,
} from '@/data/advisory-groups'
import { byFixFirst, epssOf, fixFirstKeys, type FixFirstSubject } from '@/data/fix-first'
import type { Vulnerability } from '@/data/findings'
import type { Repository } from '@/data/repositories'
import { byDueDate, type SlaView } from '@/data/sla'

export type AdvisorySort = 'repositories' | 'fix-first' | 'severity' | 'cvss' | 'epss' | 'advisory'
export type OccurrenceSort = 'severity' | 'fix-first' | 'repository' | 'advisory' | 'cvss' | 'due'

export const advisorySorts: { value: AdvisorySort; label: string }[] = [
  { value: 'repositories', label: 'Most repositories' },
  { value: 'fix-first', label: 'Fix first (KEV, EPSS × severity)' },
  { value: 'severity', label: 'Most severe' },
  { value: 'cvss', label: 'Highest CVSS' },
  { value: 'epss', label: 'Highest EPSS' },
  { value: 'advisory', label: 'Advisory id' },
]

export const occurrenceSorts: { value: OccurrenceSort; label: string }[] = [
  { value: 'severity', label: 'Most severe' },
  { value: 'fix-first', label: 'Fix first (KEV, EPSS × severity)' },
  { value: 'cvss', label: 'Highest CVSS' },
  { value: 'repository', label: 'Repository' },
  { value: 'advisory', label: 'Advisory id' },
  { value: 'due', label: 'Due soonest' },
]

/** An advisory as the fix-first order reads it: its KEV entry and EPSS, its worst severity and CVSS. */
export const fixFirstSubjectOf = (group: AdvisoryGroup): FixFirstSubject => ({
  exploit: {
    knownExploited: group.knownExploited,
    risk: group.risk,
    kev: group.kev,
    catalogueEpss: group.catalogueEpss,
  },
  epss: group.epss,
  severity: group.severity,
  cvss: group.cvss === undefined ? undefined : { score: group.cvss },
})

const byDescending = (a: number | undefined, b: number | undefined) => (b ?? -1) - (a ?? -1)

export function sortAdvisories(groups: AdvisoryGroup[], sort: AdvisorySort): AdvisoryGroup[] {
  const compare: Record<AdvisorySort, (a: AdvisoryGroup, b: AdvisoryGroup) => number> = {
    repositories: byRepositoriesHit,
    'fix-first': (a, b) => byFixFirst(fixFirstSubjectOf(a), fixFirstSubjectOf(b)) || bySeverityThenReach(a, b),
    severity: bySeverityThenReach,
    cvss: (a, b) => byDescending(a.cvss, b.cvss) || bySeverityThenReach(a, b),
    epss: (a, b) =>
      byDescending(epssOf(fixFirstSubjectOf(a)), epssOf(fixFirstSubjectOf(b))) || bySeverityThenReach(a, b),
    advisory: (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  }
  return [...groups].sort(compare[sort])
}

export function sortOccurrences(
  shown: number[],
  occurrences: Occurrences,
  repositories: Repository[],
  sort: OccurrenceSort,
  sla?: readonly (SlaView | undefined)[],
): number[] {
  const name = (index: number) => repositories[occurrences.repository[index]]?.name ?? ''
  const finding = (index: number) => occurrences.finding[index]
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  const compare: Record<Exclude<OccurrenceSort, 'fix-first'>, (a: number, b: number) => number> = {
    severity: (a, b) =>
      severityRank(finding(a).severity) - severityRank(finding(b).severity) ||
      byDescending(finding(a).cvss?.score, finding(b).cvss?.score) ||
      text(finding(a).cve, finding(b).cve) ||
      text(name(a), name(b)),
    cvss: (a, b) =>
      byDescending(finding(a).cvss?.score, finding(b).cvss?.score) ||
      severityRank(finding(a).severity) - severityRank(finding(b).severity) ||
      text(name(a), name(b)),
    repository: (a, b) =>
      text(name(a), name(b)) || severityRank(finding(a).severity) - severityRank(finding(b).severity),
    advisory: (a, b) => text(finding(a).cve, finding(b).cve) || text(name(a), name(b)),
    due: (a, b) =>
      byDueDate(sla?.[a], sla?.[b]) ||
      severityRank(finding(a).severity) - severityRank(finding(b).severity) ||
      text(name(a), name(b)),
  }
  if (sort === 'fix-first') return byFixFirstKeys(shown, finding, (a, b) => text(name(a), name(b)))
  return [...shown].sort(compare[sort])
}

/**
 * The occurrences in fix-first order, their keys made once per distinct finding (`fixFirstKeys`):
 * a comparison of findings made the scores again for each of a sort's million comparisons.
 */
function byFixFirstKeys(
  shown: readonly number[],
  finding: (index: number) => Vulnerability,
  tie: (a: number, b: number) => number,
): number[] {
  const made = new Map<Vulnerability, ReturnType<typeof fixFirstKeys>>()
  const exploited = new Float64Array(shown.length)
  const score = new Float64Array(shown.length)
  const severity = new Float64Array(shown.length)
  for (let place = 0; place < shown.length; place++) {
    const subject = finding(shown[place])
    let keys = made.get(subject)
    if (!keys) made.set(subject, (keys = fixFirstKeys(subject)))
    ;[exploited[place], score[place], severity[place]] = keys
  }
  const places = Array.from({ length: shown.length }, (_, place) => place)
  places.sort(
    (a, b) =>
      exploited[b] - exploited[a] || score[b] - score[a] || severity[b] - severity[a] || tie(shown[a], shown[b]),
  )
  return places.map((place) => shown[place])
}
