import type { VulnerabilityIndex } from '@/data/advisory-groups'
import { once, type DataSource } from '@/data/data-source'
import type { DecisionView } from '@/data/decisions'
import type { Repository } from '@/data/repositories'
import type { Finding } from '@/workspace/model/model'
import { decidableFinding, decidableVulnerability } from '@/workspace/projections/triage-summary'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { decisionViewOf } from '@/workspace/triage/decision-view'
import { resolveDecisions, type DecidableFinding } from '@/workspace/triage/resolve'
import { decisionTimelines, type DecisionEvent } from '@/workspace/history/decision-timeline'

/** Each finding's decision and decisions over time by key, or none while the workspace holds no decision. */
export function decisionsOf(
  repository: string,
  findings: Finding[],
  log: readonly DecisionEntry[],
  now: number,
): { views: ReadonlyMap<string, DecisionView>; timelines: ReadonlyMap<string, readonly DecisionEvent[]> } | undefined {
  if (log.length === 0) return undefined
  const decidable = findings.flatMap((finding) => decidableFinding(repository, finding) ?? [])
  const { effective } = resolveDecisions(decidable, log, { now: new Date(now) })
  const timelines = new Map<string, readonly DecisionEvent[]>()
  decisionTimelines(decidable, log).forEach((timeline, index) => {
    if (timeline !== undefined) timelines.set(decidable[index].key, timeline)
  })
  return {
    views: new Map(decidable.map((finding, index) => [finding.key, decisionViewOf(effective[index])])),
    timelines,
  }
}

/** Each index's occurrences as triage reads them: an index outlives a data source (see `lastDigestReads` in occurrence-indexes.ts). */
const decidables = new WeakMap<VulnerabilityIndex, DecidableFinding[]>()

function decidableOccurrences(index: VulnerabilityIndex, repositories: readonly Repository[]): DecidableFinding[] {
  let decidable = decidables.get(index)
  if (!decidable) {
    const { occurrences } = index
    decidable = occurrences.finding.map((finding, at) =>
      decidableVulnerability(repositories[occurrences.repository[at]].name, finding),
    )
    decidables.set(index, decidable)
  }
  return decidable
}

/** The organisation-wide advisories with each occurrence's decision, while the workspace holds any. */
export function withDecisions<T extends Pick<DataSource, 'vulnerabilityIndex'>>(
  indexes: T,
  repositories: Repository[],
  log: readonly DecisionEntry[],
  now: number,
): T {
  if (log.length === 0) return indexes
  // The kept advisory index was built without decisions: with some, the groups are read afresh.
  const vulnerabilityIndex = once(async () => {
    const index = await indexes.vulnerabilityIndex()
    const { effective } = resolveDecisions(decidableOccurrences(index, repositories), log, { now: new Date(now) })
    return { ...index, decisions: effective.map(decisionViewOf) }
  })
  return { ...indexes, vulnerabilityIndex, vulnerabilityPreview: undefined }
}
