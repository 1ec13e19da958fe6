import type { AdvisoryGroup } from '@/data/advisories'
import type { VulnerabilityIndex } from '@/data/organisation'
import type { Repository } from '@/data/repositories'

/**
 * The grouped view of `/vulnerabilities`, kept in the workspace so that the next visit shows it
 * without reading and grouping every finding first. Valid for one generation of the findings.
 */
export interface StoredAdvisoryIndex {
  name: 'vulnerabilities'
  generation: number
  /** The repositories' names, in the order the occurrences index them. */
  repositories: string[]
  /** Each occurrence's repository. */
  repository: Int32Array
  groups: (Omit<AdvisoryGroup, 'occurrences'> & { occurrences: Int32Array })[]
  ecosystems: string[]
}

export function toStoredAdvisoryIndex(
  index: VulnerabilityIndex,
  repositories: Repository[],
  generation: number,
): StoredAdvisoryIndex {
  return {
    name: 'vulnerabilities',
    generation,
    repositories: repositories.map((repository) => repository.name),
    repository: Int32Array.from(index.occurrences.repository),
    groups: index.groups.map((group) => ({ ...group, occurrences: Int32Array.from(group.occurrences) })),
    ecosystems: index.ecosystems,
  }
}

/**
 * The kept index as a preview of the organisation's advisories: its findings are not loaded.
 * Undefined when it indexes other repositories than these.
 */
export function fromStoredAdvisoryIndex(
  stored: StoredAdvisoryIndex,
  repositories: Repository[],
): VulnerabilityIndex | undefined {
  if (
    stored.repositories.length !== repositories.length ||
    stored.repositories.some((name, index) => name !== repositories[index].name)
  ) {
    return undefined
  }
  return {
    occurrences: { repository: Array.from(stored.repository), finding: [] },
    groups: stored.groups.map((group) => ({ ...group, occurrences: Array.from(group.occurrences) })),
    ecosystems: stored.ecosystems,
    findingsLoaded: false,
  }
}
