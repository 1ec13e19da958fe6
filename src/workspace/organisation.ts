import { emptyCounts, type Vulnerability } from '@/data/findings'
import { indexVulnerabilities, once, type Organisation } from '@/data/organisation'
import type { Repository, TabSummary } from '@/data/repositories'
import { plural } from '@/lib/format'
import { relativeTime } from '@/data/relative-time'
import type { ApiEndpoint } from '@/data/endpoints'
import type { ApiDocumentListing } from '@/data/api-inventory'
import { DigestReader, type RepositoryDigest } from './digest'
import { findingViews } from './finding-views'
import type { Finding } from './model'
import { dedupe, emptyApiSummary, type RepositorySummary } from './store'

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
    policyViolations: summary.counts.policyIssues,
    vulnerabilities: summary.counts.vulnerabilities,
    tabSummary: tabSummaryOf(summary),
  }
}

/** The summary card's texts for an imported repository, from its counts. */
function tabSummaryOf({ counts, tools, apis = emptyApiSummary() }: RepositorySummary): TabSummary {
  const { bySeverity, byEnforcement } = counts
  const unknown = bySeverity.Unknown ? `, ${bySeverity.Unknown} of unknown severity` : ''
  return {
    policyIssues: `${plural(counts.policyIssues, 'policy issue')}, ${byEnforcement.Mandatory} of them mandatory, from ${tools.join(', ') || 'no scan yet'}.`,
    vulnerabilities: `${plural(counts.vulnerabilities, 'vulnerability', 'vulnerabilities')}: ${bySeverity.Critical} critical, ${bySeverity.High} high, ${bySeverity.Medium} medium, ${bySeverity.Low} low${unknown}.`,
    apiSurface:
      apis.endpoints === 0
        ? 'No API description has been imported for this repository.'
        : `${plural(apis.endpoints, 'endpoint')} from ${plural(apis.documents.length, 'API description')}: ${apis.sensitive} handle personal, card or health data, ${apis.exposed} of them with no authentication.`,
    securityContext: 'Imported scans do not describe the security context yet.',
    sourceGraph: 'Imported scans do not describe the source graph yet.',
  }
}

/** The workspace as a data source: summaries up front, findings read from storage when opened. */
export function workspaceOrganisation(
  summaries: RepositorySummary[],
  loadFindings: (repository: string) => Promise<Finding[]>,
  loadDigests: () => Promise<RepositoryDigest[]>,
  now = Date.now(),
): Organisation {
  const sorted = [...summaries].sort((a, b) => a.name.localeCompare(b.name))
  const repositories = sorted.map((summary) => repositoryOf(summary, now))
  const byName = new Map(
    repositories.map((repository, index) => [repository.name, { repository, summary: sorted[index] }]),
  )
  return {
    kind: 'workspace',
    repositories,
    findRepository: (name) => byName.get(name)?.repository,
    endpointStats: (repository) => {
      const apis = byName.get(repository.name)?.summary.apis ?? emptyApiSummary()
      return { sensitive: apis.sensitive, exposed: apis.exposed }
    },
    findingCounts: (repository) => byName.get(repository.name)?.summary.counts ?? emptyCounts(),
    // Two tools reporting one advisory for one package show it once (the first tool's words).
    findings: async (repository) => findingViews(dedupe(await loadFindings(repository.name))),
    ...digestIndexes(repositories, loadDigests),
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

/** The organisation-wide indexes, read from the digests once (all repositories in one read). */
function digestIndexes(
  repositories: Repository[],
  loadDigests: () => Promise<RepositoryDigest[]>,
): Pick<Organisation, 'vulnerabilityIndex' | 'endpointOccurrences'> {
  const indexOf = new Map(repositories.map((repository, index) => [repository.name, index]))
  const read = once(async () => {
    const reader = new DigestReader()
    const vulnerabilities = { repository: [] as number[], finding: [] as Vulnerability[] }
    const endpoints = { repository: [] as number[], endpoint: [] as ApiEndpoint[] }
    const digests = (await loadDigests())
      .filter((digest) => indexOf.has(digest.repository))
      .sort((a, b) => indexOf.get(a.repository)! - indexOf.get(b.repository)!)
    for (const digest of digests) {
      const index = indexOf.get(digest.repository)!
      for (const text of digest.vulnerabilities) {
        vulnerabilities.repository.push(index)
        vulnerabilities.finding.push(reader.vulnerability(text))
      }
      for (const text of digest.endpoints) {
        endpoints.repository.push(index)
        endpoints.endpoint.push(reader.endpoint(text))
      }
    }
    return { vulnerabilities, endpoints }
  })
  return {
    vulnerabilityIndex: once(async () => indexVulnerabilities((await read()).vulnerabilities, repositories)),
    endpointOccurrences: async () => (await read()).endpoints,
  }
}
