import { emptyCounts, findingSeverities, type FindingCounts, type Vulnerability } from '@/data/findings'
import { once, type DataSource, type PolicyFacts, type PolicyFactsProgress } from '@/data/data-source'
import type { DecisionView } from '@/data/decisions'
import type { Repository, TabSummary } from '@/data/repositories'
import type { VulnerabilityIndex } from '@/data/advisory-groups'
import { plural } from '@/lib/format'
import { relativeTime } from '@/lib/relative-time'
import type { ApiDocumentListing, ApiEndpoint } from '@/data/endpoints'
import { timeSlices, yieldToMain } from '@/lib/yield'
import {
  buildAdvisoryIndex,
  fromStoredAdvisoryIndex,
  type StoredAdvisoryIndex,
} from '@/workspace/projections/advisory-index'
import { DigestReader, type RepositoryDigest } from '@/workspace/projections/digest'
import { findingViews } from '@/workspace/projections/finding-views'
import {
  factSubjectOf,
  policyFactPartsOf,
  policyFactsFromParts,
  SupersededFactsError,
  type FactSubject,
  type PolicyFactParts,
} from '@/workspace/projections/policy-facts'
import type { Finding } from '@/workspace/model/model'
import { emptyApiSummary, type RepositorySummary } from '@/workspace/model/repository-records'
import { uniqueFindings } from '@/workspace/model/identity'
import { decidableFinding, decidableVulnerability } from '@/workspace/projections/triage-summary'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { decisionViewOf } from '@/workspace/triage/decision-view'
import { resolveDecisions, type DecidableFinding } from '@/workspace/triage/resolve'
import type { HistoryState } from '@/workspace/history/finding-history'
import { defaultSla, type SlaSettings } from '@/data/policy-sla'
import { decisionTimelines, type DecisionEvent } from '@/workspace/history/decision-timeline'
import { slaViewsOf } from '@/workspace/projections/sla-views'
import { lastDays } from '@/workspace/history/trends'
import {
  SupersededTimesError,
  slaViewsFromColumns,
  timesInputs,
  workspaceTimes,
  type KeptTimeline,
  type WorkspaceTimes,
  type WorkspaceTimesRequest,
} from '@/workspace/projections/workspace-times'
import type { TimelineSummary } from '@/data/timeline'

/** A repository of the workspace as the lists show it. */
export function repositoryOf(summary: RepositorySummary, now: number): Repository {
  const scanned = Date.parse(summary.scannedAt)
  return {
    id: `workspace:${summary.name}`,
    name: summary.name,
    description: summary.description || `Scanned by ${summary.tools.join(', ') || 'no tool yet'}`,
    url: summary.url,
    language: summary.languages[0] ?? '',
    languages: summary.languages,
    stars: 0,
    lastUpdated: relativeTime(Number.isNaN(scanned) ? 0 : Math.max(0, (now - scanned) / 60_000)),
    isPrivate: summary.isPrivate,
    apiCount: (summary.apis ?? emptyApiSummary()).endpoints,
    policyViolations: openCounts(summary).policyIssues,
    vulnerabilities: openCounts(summary).vulnerabilities,
    needsTriage: summary.triage?.needsTriage,
    // Written when a card first shows it: a read of 10,000 summaries needs none of them.
    get tabSummary() {
      return keptTabSummary(summary)
    },
  }
}

const tabSummaries = new WeakMap<RepositorySummary, TabSummary>()

/** A summary's card texts, written once per summary read: a new data source (a decision) keeps the repositories' summaries. */
function keptTabSummary(summary: RepositorySummary): TabSummary {
  let texts = tabSummaries.get(summary)
  if (!texts) tabSummaries.set(summary, (texts = tabSummaryOf(summary)))
  return texts
}

/** The security severity of code findings by band, when a scanner rated any: " By security severity: 3 critical, 1 high." */
function bandsText(byBand: FindingCounts['byIssueSeverity']): string {
  const rated = findingSeverities.filter((band) => band !== 'Unknown' && byBand[band] > 0)
  if (rated.length === 0) return ''
  const unknown = byBand.Unknown ? `, ${byBand.Unknown} unrated` : ''
  return ` By security severity: ${rated.map((band) => `${byBand[band]} ${band.toLowerCase()}`).join(', ')}${unknown}.`
}

/** The open findings of a repository: once decisions are weighed, when any was made. */
export const openCounts = (summary: RepositorySummary): FindingCounts => summary.triage?.counts ?? summary.counts

/** What decisions did to a repository's findings, for its summary card. */
function triageText(summary: RepositorySummary): string {
  const triage = summary.triage
  if (!triage) return ''
  const review = triage.review ? `, ${triage.review} to review (more severe since decided)` : ''
  return ` ${triage.needsTriage} need triage; ${triage.decided} decided${review}.`
}

/** The summary card's texts for an imported repository, from its counts. */
function tabSummaryOf(summary: RepositorySummary): TabSummary {
  const { tools, apis = emptyApiSummary() } = summary
  const counts = openCounts(summary)
  const { bySeverity, byEnforcement } = counts
  const unknown = bySeverity.Unknown ? `, ${bySeverity.Unknown} of unknown severity` : ''
  return {
    policyIssues: `${plural(counts.policyIssues, 'policy issue')}, ${byEnforcement.Mandatory} of them mandatory, from ${tools.join(', ') || 'no scan yet'}.${bandsText(counts.byIssueSeverity)}`,
    vulnerabilities: `${plural(counts.vulnerabilities, 'vulnerability', 'vulnerabilities')}: ${bySeverity.Critical} critical, ${bySeverity.High} high, ${bySeverity.Medium} medium, ${bySeverity.Low} low${unknown}.${counts.closedByVex ? ` ${counts.closedByVex} more closed by VEX.` : ''}${triageText(summary)}`,
    apiSurface:
      apis.endpoints === 0
        ? 'No API description has been imported for this repository.'
        : `${plural(apis.endpoints, 'endpoint')} from ${plural(apis.documents.length, 'API description')}: ${apis.sensitive} handle personal, card or health data, ${apis.exposed} of them with no authentication.`,
    securityContext: 'Imported scans do not describe the security context yet.',
    sourceGraph: 'Imported scans do not describe the source graph yet.',
  }
}

/** The order of the workspace's repositories, which the indexes' repository numbers follow. */
const byName = (summaries: RepositorySummary[]) => [...summaries].sort((a, b) => a.name.localeCompare(b.name))

/** The workspace's repositories as the lists show them, in the indexes' order. */
export const workspaceRepositories = (summaries: RepositorySummary[], now = Date.now()) =>
  byName(summaries).map((summary) => repositoryOf(summary, now))

/** Each summary read as the lists show it (`prepareRepositories`), and the time its age was told from. */
const preparedRows = new WeakMap<RepositorySummary, { repository: Repository; now: number }>()

/** The longest a prepared row's age stays true: past it, the row is made again with the time asked for. */
const ROW_AGE_MS = 60_000

/**
 * Makes summaries just read into the rows the lists show, in slices that leave the page free
 * between them (10,000 took 30 ms of one task at the end of a feed's sync), so that the data source
 * built from them when they reach the screens makes none of them in its render.
 */
export async function prepareRepositories(summaries: readonly RepositorySummary[], now = Date.now()): Promise<void> {
  const slices = timeSlices(yieldToMain)
  for (const summary of summaries) {
    if (slices.due()) await slices.next()
    preparedRows.set(summary, { repository: repositoryOf(summary, now), now })
  }
}

/** The summary's row: the one prepared for it, while its age is still true at `now`. */
function rowOf(summary: RepositorySummary, now: number): Repository {
  const prepared = preparedRows.get(summary)
  return prepared && Math.abs(now - prepared.now) < ROW_AGE_MS ? prepared.repository : repositoryOf(summary, now)
}

/** The workspace as a data source: summaries up front, findings read from storage when opened. */
export function workspaceDataSource(
  summaries: RepositorySummary[],
  loadFindings: (repository: string) => Promise<Finding[]>,
  indexes: WorkspaceIndexes,
  now = Date.now(),
  decisions: readonly DecisionEntry[] = [],
  sla: SlaSettings = defaultSla,
): DataSource {
  const sorted = byName(summaries)
  const repositories = sorted.map((summary) => rowOf(summary, now))
  const named = new Map(
    repositories.map((repository, index) => [repository.name, { repository, summary: sorted[index] }]),
  )
  return {
    kind: 'workspace',
    repositories,
    findRepository: (name) => named.get(name)?.repository,
    endpointStats: (repository) => {
      const { endpoints, sensitive, exposed } = named.get(repository.name)?.summary.apis ?? emptyApiSummary()
      return { endpoints, sensitive, exposed }
    },
    findingCounts: (repository) => {
      const summary = named.get(repository.name)?.summary
      return summary ? openCounts(summary) : emptyCounts()
    },
    // Two tools reporting one advisory for one package show it once (the first tool's words).
    findings: async (repository) => {
      const [stored, history] = await Promise.all([loadFindings(repository.name), indexes.history?.(repository.name)])
      const findings = uniqueFindings(stored)
      const decided = decisionsOf(repository.name, findings, decisions, now)
      const due = history && slaViewsOf(history, repository.name, findings, decided?.timelines, new Date(now), sla)
      return { ...findingViews(findings), decisions: decided?.views, ...(due ? { sla: due } : {}) }
    },
    ...withTimes(
      withDecisions(digestIndexes(sorted, repositories, indexes), repositories, decisions, now),
      repositories,
      indexes,
      async (repository) => findingViews(uniqueFindings(await loadFindings(repository))).vulnerabilities,
      decisions,
      now,
      sla,
    ),
    // Read when a policy page first asks: in a worker where one runs (the page then copies only
    // the facts), else here, the digests let go once summarised. A worker that fails (it could
    // not start, a read failed there) leaves the work to the page.
    policyFacts: policyFactsOnce(async (onProgress) => {
      const subjects = sorted.map(factSubjectOf)
      const onPage = async () =>
        policyFactPartsOf(subjects, (await indexes.digests()).digests, decisions, new Date(now))
      const parts = indexes.policyFacts
        ? await indexes.policyFacts({ repositories: subjects, now, onProgress }).catch((error: unknown) => {
            if (error instanceof SupersededFactsError) throw error
            console.warn('The policy facts are worked out on the page', error)
            return onPage()
          })
        : await onPage()
      return policyFactsFromParts(sorted, parts)
    }),
    apiDocuments: () =>
      sorted.flatMap((summary): ApiDocumentListing[] =>
        (summary.apis ?? emptyApiSummary()).documents.map((document) => ({
          title: document.title,
          version: document.version,
          specification: document.specification,
          repository: summary.name,
          file: document.file,
          endpoints: document.endpoints,
          importedAt: document.importedAt,
        })),
      ),
  }
}

/**
 * The policy facts, made once, and how far their reading is told to everyone who asked while it
 * goes on (a screen left and opened again asks again, for the same facts).
 */
function policyFactsOnce(
  make: (onProgress: (progress: PolicyFactsProgress) => void) => Promise<PolicyFacts>,
): NonNullable<DataSource['policyFacts']> {
  const listeners = new Set<(progress: PolicyFactsProgress) => void>()
  let settled = false
  const facts = once(() =>
    make((progress) => {
      for (const listener of listeners) listener(progress)
    }).finally(() => {
      settled = true
      listeners.clear()
    }),
  )
  return (onProgress) => {
    if (onProgress && !settled) listeners.add(onProgress)
    return facts()
  }
}

/** Each finding's decision and decisions over time by key, or none while the workspace holds no decision. */
function decisionsOf(
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

/** Each index's occurrences as triage reads them: an index outlives a data source (see `lastDigestReads`). */
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
function withDecisions<T extends Pick<DataSource, 'vulnerabilityIndex'>>(
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

/**
 * Every vulnerability's days to fix and the dashboard's trends, while the workspace keeps history:
 * worked out off the page (`WorkspaceIndexes.times`), or here where no worker runs.
 */
function withTimes<T extends Pick<DataSource, 'vulnerabilityIndex'>>(
  indexes: T,
  repositories: Repository[],
  workspace: WorkspaceIndexes,
  vulnerabilitiesOf: (repository: string) => Promise<Vulnerability[]>,
  decisions: readonly DecisionEntry[],
  now: number,
  settings: SlaSettings,
): T & Pick<DataSource, 'timeline' | 'vulnerabilitySla'> {
  const loadHistory = workspace.history
  if (!loadHistory) return indexes
  const request: WorkspaceTimesRequest = {
    repositories: repositories.map((repository) => repository.name),
    decisions,
    now,
    settings,
  }
  const times = once(async () =>
    workspace.times
      ? workspace.times(request)
      : workspaceTimes({
          ...request,
          history: await loadHistory(),
          occurrences: (await indexes.vulnerabilityIndex()).occurrences,
          now: new Date(now),
        }),
  )
  // The last visit's, while nothing it was worked out from has changed: no history is read then.
  const kept = once(async () =>
    workspace.keptTimeline?.(timesInputs(request)).catch((error: unknown) => {
      console.warn('The kept timeline could not be read', error)
      return undefined
    }),
  )
  // Apart from the index: the whole history is read for them, seconds at a million findings.
  // Superseded, they fail: the days to fix on screen stay until the newer data source's come.
  const vulnerabilitySla = once(async () => {
    const [index, computed] = await Promise.all([
      indexes.vulnerabilityIndex(),
      times().catch((error: unknown) => {
        if (error instanceof SupersededTimesError) throw error
        console.warn('The days to fix could not be worked out', error)
        return undefined
      }),
    ])
    // None tracked, or the workspace changed between the two reads: the next read brings them.
    if (!computed?.tracked || computed.sla.firstSeen.length !== index.occurrences.finding.length) return undefined
    return slaViewsFromColumns(computed.sla, now)
  })
  return {
    ...indexes,
    vulnerabilitySla,
    timeline: async ({ days, repository }) => {
      if (repository === undefined) return timelineSummary((await kept()) ?? (await times()), days, new Date(now))
      // One repository's: its own history and vulnerabilities, worked out the same way.
      const [history, finding] = await Promise.all([loadHistory(repository), vulnerabilitiesOf(repository)])
      const occurrences = { repository: finding.map(() => 0), finding }
      const computed = await workspaceTimes({
        ...request,
        repositories: [repository],
        history,
        occurrences,
        now: new Date(now),
      })
      return timelineSummary(computed, days, new Date(now))
    },
  }
}

/** What the dashboard draws of the times: the period's end of the year's trends, the overdue and the oldest. */
function timelineSummary(times: KeptTimeline, days: number, now: Date): TimelineSummary {
  const { open, weeks } = lastDays(times.trends, days, now)
  return {
    days: open.days,
    open: open.bySeverity,
    weeks,
    overdue: times.overdue,
    ...(times.oldest ? { oldest: times.oldest } : {}),
  }
}

/** What the organisation-wide screens read of the workspace, and the advisory index they keep. */
export interface WorkspaceIndexes {
  /** The workspace's history (one repository's, when named): the findings' days to fix come from it. */
  history?: (repository?: string) => Promise<HistoryState>
  /** The whole workspace's days to fix and trends, worked out in a worker; without it, on the page. */
  times?: (request: WorkspaceTimesRequest) => Promise<WorkspaceTimes>
  /** The dashboard's timeline kept from the last visit, when it still holds for these inputs (`timesInputs`). */
  keptTimeline?: (inputs: string) => Promise<KeptTimeline | undefined>
  digests: () => Promise<{ digests: RepositoryDigest[]; generation: number }>
  /** The policy's facts worked out in a worker from the digests and decisions it reads; without it, on the page. */
  policyFacts?: (request: {
    repositories: FactSubject[]
    now: number
    onProgress?: (progress: PolicyFactsProgress) => void
  }) => Promise<PolicyFactParts>
  /** The findings' generation alone (`digests` gives it too), read without the digests. */
  generation?: () => Promise<number>
  storedAdvisories: () => Promise<StoredAdvisoryIndex | undefined>
  saveAdvisories: (index: StoredAdvisoryIndex) => Promise<boolean>
}

/**
 * Every vulnerability and endpoint of the digests, one entry per repository × finding in the
 * repositories' order; the same text in many repositories becomes one shared object.
 */
export async function occurrencesFromDigests(
  digests: RepositoryDigest[],
  repositories: readonly Pick<Repository, 'name'>[],
) {
  const indexOf = new Map(repositories.map((repository, index) => [repository.name, index]))
  const reader = new DigestReader()
  const vulnerabilities = { repository: [] as number[], finding: [] as Vulnerability[] }
  const endpoints = { repository: [] as number[], endpoint: [] as ApiEndpoint[] }
  const ordered = digests
    .filter((digest) => indexOf.has(digest.repository))
    .sort((a, b) => indexOf.get(a.repository)! - indexOf.get(b.repository)!)
  const slices = timeSlices(yieldToMain)
  for (const digest of ordered) {
    const index = indexOf.get(digest.repository)!
    for (const text of digest.vulnerabilities) {
      vulnerabilities.repository.push(index)
      vulnerabilities.finding.push(reader.vulnerability(text))
    }
    for (const text of digest.endpoints) {
      endpoints.repository.push(index)
      endpoints.endpoint.push(reader.endpoint(text))
    }
    if (slices.due()) await slices.next()
  }
  return { vulnerabilities, endpoints }
}

/** What the digests of one generation gave, for the same repositories in the same order. */
interface DigestRead {
  generation: number
  repositories: string
  occurrences: Promise<Awaited<ReturnType<typeof occurrencesFromDigests>> & { generation: number }>
  index?: VulnerabilityIndex
}

/**
 * The last read of each workspace's digests. A decision or a new setting makes a new data source
 * without changing a finding: its indexes are the last ones, not a second read of every digest
 * and a second grouping of every advisory (seconds at a million findings).
 */
const lastDigestReads = new WeakMap<WorkspaceIndexes, DigestRead>()

/**
 * The repositories as the digest indexes depend on them: their order, names and visibility, and
 * what each last import brought (a workspace deleted and filled again counts its generations
 * from the start).
 */
const repositoriesKey = (summaries: readonly RepositorySummary[]) =>
  summaries
    .map(
      (summary) =>
        `${summary.isPrivate ? 'p' : 'o'}${summary.name}\t${summary.scannedAt}\t${summary.counts.vulnerabilities}\t${summary.counts.policyIssues}\t${summary.apis?.endpoints ?? 0}`,
    )
    .join('\n')

/**
 * The organisation-wide indexes, read from the digests once (all repositories in one pass), or
 * taken from the last data source of the same workspace while no finding changed since. Else the
 * advisory index kept from the last visit shows first, when the findings have not changed since.
 */
function digestIndexes(
  sorted: readonly RepositorySummary[],
  repositories: Repository[],
  indexes: WorkspaceIndexes,
): Pick<DataSource, 'vulnerabilityIndex' | 'vulnerabilityPreview' | 'endpointOccurrences'> {
  const key = repositoriesKey(sorted)
  const reusable = once(async () => {
    const last = lastDigestReads.get(indexes)
    if (!last || last.repositories !== key || !indexes.generation) return undefined
    return (await indexes.generation()) === last.generation ? last : undefined
  })
  const read = once(async (): Promise<DigestRead> => {
    const reused = await reusable()
    if (reused) return reused
    const occurrences = (async () => {
      const { digests, generation } = await indexes.digests()
      return { ...(await occurrencesFromDigests(digests, repositories)), generation }
    })()
    const entry = { generation: (await occurrences).generation, repositories: key, occurrences }
    lastDigestReads.set(indexes, entry)
    return entry
  })
  const kept = once(async () => {
    const stored = await indexes.storedAdvisories().catch(() => undefined)
    const index = stored && fromStoredAdvisoryIndex(stored, repositories)
    return index && { index, generation: stored.generation }
  })
  return {
    vulnerabilityPreview: async () => ((await reusable())?.index ? undefined : (await kept())?.index),
    vulnerabilityIndex: once(async () => {
      const reused = await reusable()
      if (reused?.index) return reused.index
      // Asked for once a kept view is on screen and its findings are wanted, or when none was kept.
      const preview = await kept()
      const entry = await read()
      const { vulnerabilities, generation } = await entry.occurrences
      const { index, saved } = buildAdvisoryIndex(vulnerabilities, repositories, generation, {
        keptGeneration: preview?.generation,
        save: indexes.saveAdvisories,
      })
      saved.catch((error: unknown) => {
        // Only the next visit is slower for it (a full storage, say): nothing the user sees is wrong.
        console.warn('The advisory index was not kept for the next visit', error)
      })
      entry.index = index
      return index
    }),
    endpointOccurrences: async () => (await (await read()).occurrences).endpoints,
  }
}
