import { emptyCounts } from '@/data/findings'
import { once, type DataSource } from '@/data/data-source'
import type { ApiDocumentListing } from '@/data/endpoints'
import { defaultSla, type SlaSettings } from '@/data/policy-sla'
import type { Finding } from '@/workspace/model/model'
import { emptyApiSummary, type RepositorySummary } from '@/workspace/model/repository-records'
import { uniqueFindings } from '@/workspace/model/duplicate-findings'
import { findingViews } from '@/workspace/projections/finding-views'
import { slaViewsOf } from '@/workspace/projections/sla-views'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { decisionsOf, withDecisions } from './decision-views'
import { digestIndexes } from './occurrence-indexes'
import { openCounts } from './open-counts'
import { workspacePolicyFacts } from './policy-facts-source'
import { rowOf, sortedByName } from './repository-rows'
import { withTimes } from './times-and-trends'
import type { WorkspaceIndexes } from './workspace-indexes'
import { exploitIntelligence, joinVulnerability } from '@/workspace/intelligence/exploit-join'
import { heldCatalogueStatuses } from '@/workspace/intelligence/stored-catalogue'

/** The workspace as a data source: summaries up front, findings read from storage when opened. */
export function workspaceDataSource(
  summaries: RepositorySummary[],
  loadFindings: (repository: string) => Promise<Finding[]>,
  indexes: WorkspaceIndexes,
  now = Date.now(),
  decisions: readonly DecisionEntry[] = [],
  sla: SlaSettings = defaultSla,
): DataSource {
  const sorted = sortedByName(summaries)
  const repositories = sorted.map((summary) => rowOf(summary, now))
  const named = new Map(
    repositories.map((repository, index) => [repository.name, { repository, summary: sorted[index] }]),
  )
  const held = once(async () => (await indexes.catalogues?.().catch(() => undefined)) ?? {})
  const intelligence = once(async () => exploitIntelligence(await held()))
  return {
    kind: 'workspace',
    catalogues: async () => heldCatalogueStatuses(await held()),
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
      const [stored, history, known] = await Promise.all([
        loadFindings(repository.name),
        indexes.history?.(repository.name),
        intelligence(),
      ])
      const findings = uniqueFindings(stored)
      const decided = decisionsOf(repository.name, findings, decisions, now)
      const views = findingViews(findings)
      const kevDueDates = new Map<string, string>()
      for (const vulnerability of views.vulnerabilities) {
        const due = joinVulnerability(vulnerability, known).exploit?.kev?.dueDate
        if (due && vulnerability.key) kevDueDates.set(vulnerability.key, due)
      }
      const days =
        history && slaViewsOf(history, repository.name, findings, decided?.timelines, new Date(now), sla, kevDueDates)
      return { ...views, decisions: decided?.views, ...(days ? { sla: days } : {}) }
    },
    ...withTimes(
      withDecisions(digestIndexes(sorted, repositories, indexes, intelligence), repositories, decisions, now),
      repositories,
      indexes,
      async (repository) => findingViews(uniqueFindings(await loadFindings(repository))).vulnerabilities,
      decisions,
      now,
      sla,
    ),
    policyFacts: workspacePolicyFacts(sorted, indexes, decisions, now),
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
