import type { AdvisoryGroup } from '@/data/advisory-groups'
import { indexVulnerabilities, type VulnerabilityIndex, type VulnerabilityOccurrences } from '@/data/advisory-groups'
import type { Repository } from '@/data/repositories'

/** An advisory as kept: what the grouped view shows, and the repositories it affects. */
export type StoredAdvisoryGroup = Omit<AdvisoryGroup, 'occurrences'> & {
  /** The distinct repositories (indexes into `StoredAdvisoryIndex.repositories`), ascending. */
  affectedRepositories: Int32Array
}

/**
 * The grouped view of `/vulnerabilities`, kept in the workspace so that the next visit shows it
 * without reading and grouping every finding first. Valid for one generation of the findings.
 * It keeps each advisory's distinct repositories, not its findings: the counts, the filters and
 * the export of the grouped view need no more.
 */
export interface StoredAdvisoryIndex {
  name: 'vulnerabilities'
  generation: number
  /** The repositories' names, in the order the groups index them. */
  repositories: string[]
  groups: StoredAdvisoryGroup[]
  ecosystems: string[]
}

export function toStoredAdvisoryIndex(
  index: VulnerabilityIndex,
  repositories: Repository[],
  generation: number,
): StoredAdvisoryIndex {
  const repositoryOf = index.occurrences.repository
  return {
    name: 'vulnerabilities',
    generation,
    repositories: repositories.map((repository) => repository.name),
    groups: index.groups.map(({ occurrences, ...group }) => {
      // The occurrences are in repository order: a repository's are side by side.
      const affected: number[] = []
      for (const occurrence of occurrences) {
        if (affected.at(-1) !== repositoryOf[occurrence]) affected.push(repositoryOf[occurrence])
      }
      return { ...group, affectedRepositories: Int32Array.from(affected) }
    }),
    ecosystems: index.ecosystems,
  }
}

/**
 * The kept index as a preview of the organisation's advisories: one stand-in occurrence per
 * advisory and repository, with no finding loaded. Undefined when it indexes other repositories
 * than these, or is not of this shape.
 */
export function fromStoredAdvisoryIndex(
  stored: StoredAdvisoryIndex,
  repositories: Repository[],
): VulnerabilityIndex | undefined {
  if (
    stored.repositories.length !== repositories.length ||
    stored.repositories.some((name, index) => name !== repositories[index].name) ||
    !stored.groups.every((group) => group.affectedRepositories instanceof Int32Array)
  ) {
    return undefined
  }
  const repository: number[] = []
  const groups = stored.groups.map(({ affectedRepositories, ...group }): AdvisoryGroup => {
    const occurrences: number[] = []
    for (const index of affectedRepositories) {
      occurrences.push(repository.length)
      repository.push(index)
    }
    return { ...group, occurrences }
  })
  return { occurrences: { repository, finding: [] }, groups, ecosystems: stored.ecosystems, findingsLoaded: false }
}

/**
 * The one advisory-index builder of the workspace (the page and the indexing worker both call
 * it): groups the vulnerabilities by advisory and keeps the result for the next visit, unless an
 * index of this generation of the findings is kept already.
 */
export function buildAdvisoryIndex(
  vulnerabilities: VulnerabilityOccurrences,
  repositories: Repository[],
  generation: number,
  keep: { keptGeneration?: number; save: (index: StoredAdvisoryIndex) => Promise<boolean> },
): { index: VulnerabilityIndex; saved: Promise<boolean> } {
  const index = indexVulnerabilities(vulnerabilities, repositories)
  const saved =
    keep.keptGeneration === generation
      ? Promise.resolve(false)
      : keep.save(toStoredAdvisoryIndex(index, repositories, generation))
  return { index, saved }
}
