import { indexVulnerabilities, type VulnerabilityIndex } from './advisory-groups'
import {
  countExposure,
  endpointsFor as sampleEndpointsFor,
  type ApiDocumentListing,
  type ApiEndpoint,
  type EndpointExposure,
  type EndpointOccurrences,
} from './endpoints'
import {
  sampleCounts,
  violationsFor,
  vulnerabilitiesFor,
  type FindingCounts,
  type PolicyViolation,
  type Vulnerability,
} from './findings'
import type { CatalogueStatus } from './catalogue-status'
import type { DecisionView } from './decisions'
import type { CheckedRepository } from './policy-checks'
import type { HealthRepository } from './policy-health'
import type { SlaView } from './sla'
import type { TimelineOptions, TimelineSummary } from './timeline'
import { listRepositories, type Repository } from './repositories'

/** What the Policy Issues, Vulnerabilities and API Surface tabs of a repository show. */
export interface RepositoryFindings {
  violations: PolicyViolation[]
  vulnerabilities: Vulnerability[]
  endpoints: ApiEndpoint[]
  /** Each finding's decision by its key, where the workspace holds decisions. */
  decisions?: ReadonlyMap<string, DecisionView>
  /** Each finding's days to fix by its key, where the workspace keeps history. */
  sla?: ReadonlyMap<string, SlaView>
}

/** How far the policy facts' reading is: the repositories whose findings were read, of all. */
export interface PolicyFactsProgress {
  read: number
  total: number
}

/** What the policy's pass rates and health scores read of every repository (the workspace's alone). */
export interface PolicyFacts {
  repositories: CheckedRepository[]
  health: HealthRepository[]
  /** The workspace holds CISA's KEV catalogue: the findings' `kevOverdue` is known (the KEV check reads it). */
  kevCatalogue?: boolean
}

/**
 * The data source: the five samples, a generated organisation, or the
 * workspace of imported scans. Screens reach every repository, finding, endpoint and count
 * through this one shape.
 */
export interface DataSource {
  kind: 'sample' | 'generated' | 'workspace'
  /**
   * Sources of one lineage are reads of the same store, one after another (a workspace read again
   * after a decision): a screen may show the last one's indexes while the next one's are worked
   * out. Undefined: no source stands in for this one.
   */
  lineage?: string
  repositories: Repository[]
  findRepository: (name: string) => Repository | undefined
  /** Endpoints that handle PII, PCI or PHI data, and how many of them need no authentication. */
  endpointStats: (repository: Repository) => EndpointExposure
  /** Findings counted by severity and enforcement, without loading them. */
  findingCounts: (repository: Repository) => FindingCounts
  /** The findings themselves: at once for sample and generated data, read from storage for the workspace. */
  findings: (repository: Repository) => RepositoryFindings | Promise<RepositoryFindings>
  /** Every vulnerability across the repositories, grouped by advisory: built once per data source. */
  vulnerabilityIndex: () => Promise<VulnerabilityIndex>
  /**
   * The grouped advisories as kept from a previous visit, shown while `vulnerabilityIndex` reads
   * every finding: undefined when nothing current was kept (and for sample and generated data).
   */
  vulnerabilityPreview?: () => Promise<VulnerabilityIndex | undefined>
  /**
   * Each occurrence of `vulnerabilityIndex` with its days to fix (in its order), where the
   * workspace keeps history: worked out from the whole history, so after the index and apart from
   * it (undefined when none is tracked, or the workspace changed between the two reads).
   */
  vulnerabilitySla?: () => Promise<(SlaView | undefined)[] | undefined>
  /** Every endpoint of every repository: built once per data source. */
  endpointOccurrences: () => Promise<EndpointOccurrences>
  /** The API descriptions imported (sample and generated data have none). */
  apiDocuments: () => ApiDocumentListing[]
  /**
   * What the policy's checks and health read of every repository, made once per data source.
   * Only the workspace has it: sample and generated data show the policy pages' own figures.
   * `onProgress` hears how far the reading is, where it can be told.
   */
  policyFacts?: (onProgress?: (progress: PolicyFactsProgress) => void) => Promise<PolicyFacts>
  /**
   * The reference catalogues of exploitation the workspace holds (CISA's KEV, FIRST's EPSS), joined
   * to its findings; sample and generated data hold none.
   */
  catalogues?: () => Promise<CatalogueStatus[]>
  /** Trends and days to fix from the history the workspace keeps (sample and generated data keep none). */
  timeline?: (options: TimelineOptions) => Promise<TimelineSummary>
}

/** A value made on first use and kept: the organisation-wide indexes are built once per data source. */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () => (made ??= make())
}

/** Each repository's findings laid end to end, with the index of the repository each came from. */
function collect<T>(
  repositories: Repository[],
  of: (repository: Repository, index: number) => Iterable<T>,
): { repository: number[]; items: T[] } {
  const repository: number[] = []
  const items: T[] = []
  repositories.forEach((each, index) => {
    for (const item of of(each, index)) {
      repository.push(index)
      items.push(item)
    }
  })
  return { repository, items }
}

function sampleIndexes(
  repositories: Repository[],
  endpointsOf: (repository: Repository) => ApiEndpoint[],
): Pick<DataSource, 'vulnerabilityIndex' | 'endpointOccurrences' | 'apiDocuments'> {
  return {
    vulnerabilityIndex: once(async () => {
      const { repository, items } = collect(repositories, (each) => vulnerabilitiesFor(each.vulnerabilities))
      return indexVulnerabilities({ repository, finding: items }, repositories)
    }),
    endpointOccurrences: once(async () => {
      const { repository, items } = collect(repositories, endpointsOf)
      return { repository, endpoint: items }
    }),
    apiDocuments: () => [],
  }
}

/** The sample findings a repository's counts stand for (sample and generated data), with its endpoints. */
export function sampleFindings(repository: Repository, endpoints: ApiEndpoint[]): RepositoryFindings {
  return {
    violations: violationsFor(repository.policyViolations),
    vulnerabilities: vulnerabilitiesFor(repository.vulnerabilities),
    endpoints,
  }
}

/** Counts of sample findings, made once per pair of counts (the dashboard reads them for every repository). */
const sampleCountsCache = new Map<string, FindingCounts>()
function countsOfSamples({ policyViolations, vulnerabilities }: Repository): FindingCounts {
  const key = `${policyViolations}/${vulnerabilities}`
  let counts = sampleCountsCache.get(key)
  if (!counts) {
    counts = sampleCounts(policyViolations, vulnerabilities)
    sampleCountsCache.set(key, counts)
  }
  return counts
}

function indexByName(repositories: Repository[]) {
  const byName = new Map(repositories.map((repository) => [repository.name, repository]))
  return (name: string) => byName.get(name)
}

const sampleEndpointsOf = (repository: Repository) => sampleEndpointsFor(repository.name)

export const sampleDataSource: DataSource = {
  kind: 'sample',
  repositories: listRepositories(),
  findRepository: indexByName(listRepositories()),
  endpointStats: (repository) => countExposure(sampleEndpointsOf(repository)),
  findingCounts: countsOfSamples,
  findings: (repository) => sampleFindings(repository, sampleEndpointsOf(repository)),
  ...sampleIndexes(listRepositories(), sampleEndpointsOf),
}

/** A generated organisation; the generator is loaded only when one is asked for. */
export async function loadGeneratedDataSource(size: number): Promise<DataSource> {
  const { generateOrganisation, generatedEndpoints, generatedEndpointStats } = await import('./generator')
  const repositories = generateOrganisation(size)
  return {
    kind: 'generated',
    repositories,
    findRepository: indexByName(repositories),
    endpointStats: generatedEndpointStats,
    findingCounts: countsOfSamples,
    findings: (repository) => sampleFindings(repository, generatedEndpoints(repository)),
    ...sampleIndexes(repositories, generatedEndpoints),
  }
}
