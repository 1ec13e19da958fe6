import type { VulnerabilityIndex } from '@/data/advisory-groups'
import { once, type DataSource } from '@/data/data-source'
import type { ApiEndpoint } from '@/data/endpoints'
import type { Vulnerability } from '@/data/findings'
import type { Repository } from '@/data/repositories'
import { timeSlices, yieldToMain } from '@/lib/yield'
import { buildAdvisoryIndex, fromStoredAdvisoryIndex } from '@/workspace/projections/advisory-index'
import { DigestReader, type RepositoryDigest } from '@/workspace/projections/digest'
import type { RepositorySummary } from '@/workspace/model/repository-records'
import { visibilityOfSummary } from '@/workspace/model/scan-coverage'
import type { WorkspaceIndexes } from './workspace-indexes'
import { joinAdvisories, joinerOf, type ExploitIntelligence } from '@/workspace/intelligence/exploit-join'

/**
 * Every vulnerability and endpoint of the digests, one entry per repository × finding in the
 * repositories' order; the same text in many repositories becomes one shared object.
 */
export async function occurrencesFromDigests(
  digests: RepositoryDigest[],
  repositories: readonly Pick<Repository, 'name'>[],
  intelligence?: ExploitIntelligence,
) {
  const indexOf = new Map(repositories.map((repository, index) => [repository.name, index]))
  // Each distinct finding is joined to the catalogues once, as it is first read.
  const reader = new DigestReader(joinerOf(intelligence))
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
 * and a second grouping of every advisory, long at a million findings.
 */
const lastDigestReads = new WeakMap<WorkspaceIndexes, DigestRead>()

const visibilityMark = (isPrivate: boolean | undefined) => (isPrivate === undefined ? 'u' : isPrivate ? 'p' : 'o')

/**
 * The repositories as the digest indexes depend on them: their order, names and visibility, and
 * what each last import brought (a workspace deleted and filled again counts its generations
 * from the start).
 */
const repositoriesKey = (summaries: readonly RepositorySummary[]) =>
  summaries
    .map(
      (summary) =>
        `${visibilityMark(visibilityOfSummary(summary))}${summary.name}\t${summary.scannedAt}\t${summary.counts.vulnerabilities}\t${summary.counts.policyIssues}\t${summary.apis?.endpoints ?? 0}`,
    )
    .join('\n')

/**
 * The organisation-wide indexes, read from the digests once (all repositories in one pass), or
 * taken from the last data source of the same workspace while no finding changed since. Else the
 * advisory index kept from the last visit shows first, when the findings have not changed since.
 */
export function digestIndexes(
  sorted: readonly RepositorySummary[],
  repositories: Repository[],
  indexes: WorkspaceIndexes,
  intelligence: () => Promise<ExploitIntelligence | undefined> = async () => undefined,
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
      const [{ digests, generation }, known] = await Promise.all([indexes.digests(), intelligence()])
      return { ...(await occurrencesFromDigests(digests, repositories, known)), generation }
    })()
    const entry = { generation: (await occurrences).generation, repositories: key, occurrences }
    lastDigestReads.set(indexes, entry)
    return entry
  })
  const kept = once(async () => {
    const stored = await indexes.storedAdvisories().catch(() => undefined)
    const index = stored && fromStoredAdvisoryIndex(stored, repositories)
    if (!index) return undefined
    const known = await intelligence()
    joinAdvisories(index.groups, known)
    return { index, generation: stored.generation }
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
      const known = await intelligence()
      joinAdvisories(index.groups, known)
      entry.index = index
      return index
    }),
    endpointOccurrences: async () => (await (await read()).occurrences).endpoints,
  }
}
