import { endpointsFor as sampleEndpointsFor, type ApiEndpoint } from './endpoints'
import { listRepositories, type Repository } from './repositories'

/**
 * The repositories Vigil shows: the five samples, or a generated organisation. Screens reach
 * every repository, endpoint and count through this one shape, so that moving the data behind
 * `/api` changes this module only.
 */
export interface Organisation {
  kind: 'sample' | 'generated'
  repositories: Repository[]
  findRepository: (name: string) => Repository | undefined
  endpointsFor: (repository: Repository) => ApiEndpoint[]
  /** Endpoints that handle PII, PCI or PHI data, and how many of them need no authentication. */
  endpointStats: (repository: Repository) => { sensitive: number; exposed: number }
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
  endpointsFor: (repository) => sampleEndpointsFor(repository.name),
  endpointStats: (repository) => statsOf(sampleEndpointsFor(repository.name)),
}

/** A generated organisation; the generator is loaded only when one is asked for. */
export async function loadGeneratedOrganisation(size: number): Promise<Organisation> {
  const { generateOrganisation, generatedEndpoints, generatedEndpointStats } = await import('./generator')
  const repositories = generateOrganisation(size)
  return {
    kind: 'generated',
    repositories,
    findRepository: indexByName(repositories),
    endpointsFor: generatedEndpoints,
    endpointStats: generatedEndpointStats,
  }
}
