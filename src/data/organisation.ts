import { endpointsFor as sampleEndpointsFor, type ApiEndpoint } from './endpoints'
import {
  sampleCounts,
  violationsFor,
  vulnerabilitiesFor,
  type FindingCounts,
  type PolicyViolation,
  type Vulnerability,
} from './findings'
import { listRepositories, type Repository } from './repositories'

/** What the Policy Issues, Vulnerabilities and API Surface tabs of a repository show. */
export interface RepositoryFindings {
  violations: PolicyViolation[]
  vulnerabilities: Vulnerability[]
  endpoints: ApiEndpoint[]
}

/**
 * The data source (ARCHITECTURE.md §5): the five samples, a generated organisation, or the
 * workspace of imported scans. Screens reach every repository, finding, endpoint and count
 * through this one shape.
 */
export interface Organisation {
  kind: 'sample' | 'generated' | 'workspace'
  repositories: Repository[]
  findRepository: (name: string) => Repository | undefined
  /** Endpoints that handle PII, PCI or PHI data, and how many of them need no authentication. */
  endpointStats: (repository: Repository) => { sensitive: number; exposed: number }
  /** Findings counted by severity and enforcement, without loading them. */
  findingCounts: (repository: Repository) => FindingCounts
  /** The findings themselves: at once for sample and generated data, read from storage for the workspace. */
  findings: (repository: Repository) => RepositoryFindings | Promise<RepositoryFindings>
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

function statsOf(endpoints: ApiEndpoint[]) {
  const sensitive = endpoints.filter((endpoint) => endpoint.pii || endpoint.pci || endpoint.phi)
  return { sensitive: sensitive.length, exposed: sensitive.filter((endpoint) => endpoint.auth === 'None').length }
}

function indexByName(repositories: Repository[]) {
  const byName = new Map(repositories.map((repository) => [repository.name, repository]))
  return (name: string) => byName.get(name)
}

export const sampleOrganisation: Organisation = {
  kind: 'sample',
  repositories: listRepositories(),
  findRepository: indexByName(listRepositories()),
  endpointStats: (repository) => statsOf(sampleEndpointsFor(repository.name)),
  findingCounts: countsOfSamples,
  findings: (repository) => sampleFindings(repository, sampleEndpointsFor(repository.name)),
}

/** A generated organisation; the generator is loaded only when one is asked for. */
export async function loadGeneratedOrganisation(size: number): Promise<Organisation> {
  const { generateOrganisation, generatedEndpoints, generatedEndpointStats } = await import('./generator')
  const repositories = generateOrganisation(size)
  return {
    kind: 'generated',
    repositories,
    findRepository: indexByName(repositories),
    endpointStats: generatedEndpointStats,
    findingCounts: countsOfSamples,
    findings: (repository) => sampleFindings(repository, generatedEndpoints(repository)),
  }
}
