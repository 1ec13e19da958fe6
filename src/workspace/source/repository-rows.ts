import type { Repository } from '@/data/repositories'
import { relativeTime } from '@/lib/relative-time'
import { timeSlices, yieldToMain } from '@/lib/yield'
import { emptyApiSummary, type RepositorySummary } from '@/workspace/model/repository-records'
import { coverageOfSummary, visibilityOfSummary } from '@/workspace/model/scan-coverage'
import { openCounts } from './open-counts'
import { descriptionOf, tabSummaryOf } from './repository-texts'

/** A repository of the workspace as the lists show it. */
export function repositoryOf(summary: RepositorySummary, now: number): Repository {
  const scanned = Date.parse(summary.scannedAt)
  return {
    id: `workspace:${summary.name}`,
    name: summary.name,
    description: descriptionOf(summary),
    url: summary.url,
    language: summary.languages[0] ?? '',
    languages: summary.languages,
    stars: 0,
    lastUpdated: relativeTime(Number.isNaN(scanned) ? 0 : Math.max(0, (now - scanned) / 60_000)),
    isPrivate: visibilityOfSummary(summary),
    apiCount: (summary.apis ?? emptyApiSummary()).endpoints,
    policyViolations: openCounts(summary).policyIssues,
    vulnerabilities: openCounts(summary).vulnerabilities,
    needsTriage: summary.triage?.needsTriage,
    coverage: coverageOfSummary(summary),
    // Written when a card first shows it: a read of 10,000 summaries needs none of them.
    get tabSummary() {
      return tabSummaryOf(summary)
    },
  }
}

/** The order of the workspace's repositories, which the indexes' repository numbers follow. */
export const sortedByName = (summaries: RepositorySummary[]) =>
  [...summaries].sort((a, b) => a.name.localeCompare(b.name))

/** The workspace's repositories as the lists show them, in the indexes' order. */
export const workspaceRepositories = (summaries: RepositorySummary[], now = Date.now()) =>
  sortedByName(summaries).map((summary) => repositoryOf(summary, now))

/** Each summary read as the lists show it (`prepareRepositories`), and the time its age was told from. */
const preparedRows = new WeakMap<RepositorySummary, { repository: Repository; now: number }>()

/** The longest a prepared row's age stays true: past it, the row is made again with the time asked for. */
const ROW_AGE_MS = 60_000

/**
 * Makes summaries just read into the rows the lists show, in slices that leave the page free
 * between them (a feed's sync ends with thousands), so that the data source
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
export function rowOf(summary: RepositorySummary, now: number): Repository {
  const prepared = preparedRows.get(summary)
  return prepared && Math.abs(now - prepared.now) < ROW_AGE_MS ? prepared.repository : repositoryOf(summary, now)
}
