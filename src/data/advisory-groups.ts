import { findingSeverities, type ExploitView, type FindingSeverity, type Vulnerability } from './findings'
import type { DecisionView } from './decisions'
import type { SlaView } from './sla'
import type { Repository } from './repositories'
import { safeLink } from '@/lib/safe-link'

/**
 * Every vulnerability of every repository, one entry per repository × finding, in two columns:
 * `repository[i]` indexes the organisation's repositories and `finding[i]` is the finding. Findings
 * that are the same in several repositories are one shared object.
 */
export interface VulnerabilityOccurrences {
  repository: number[]
  finding: Vulnerability[]
}

/** One advisory across the organisation, its ids merged: what `/vulnerabilities` lists. */
export interface AdvisoryGroup {
  /** The id it is listed under: a CVE id when it has one, else a GHSA id, else the first. */
  id: string
  /** Every other id of the advisory (GHSA, OSV, distribution ids). */
  aliases: string[]
  title: string
  /** The most severe of its findings. */
  severity: FindingSeverity
  cvss?: number
  epss?: number
  /** Whether a scanner reported any of its findings as known to be exploited (CISA KEV). */
  knownExploited?: boolean
  /** The highest risk score a scanner gave its findings. */
  risk?: number
  /** The KEV catalogue's entry for one of its CVEs (any of its merged ids), where the workspace holds the catalogue. */
  kev?: ExploitView['kev']
  /** The EPSS catalogue's highest score of its CVEs, with the score's date. */
  catalogueEpss?: ExploitView['catalogueEpss']
  ecosystems: string[]
  packages: string[]
  /** The versions the repositories use. */
  affected: string[]
  fixed: string[]
  url?: string
  /** Indexes into the occurrences, in repository order. */
  occurrences: number[]
  /** How many distinct repositories, and how many of them are private. */
  repositories: number
  privateRepositories: number
}

/** How severe a severity is: 0 for Critical, 4 for Unknown. */
export const severityRank = (severity: FindingSeverity) => findingSeverities.indexOf(severity)

/** The package's name and version: from the finding's fields, else from a `name@version` string. */
export function packageParts(finding: Pick<Vulnerability, 'package' | 'packageVersion'>): {
  name: string
  version?: string
} {
  if (finding.packageVersion) return { name: finding.package, version: finding.packageVersion }
  const at = finding.package.lastIndexOf('@')
  return at > 0
    ? { name: finding.package.slice(0, at), version: finding.package.slice(at + 1) }
    : { name: finding.package }
}

/** The preferred id of an advisory: CVE, then GHSA, then any other, each alphabetically. */
function preferredId(ids: string[]): string {
  const rank = (id: string) => (/^CVE-/i.test(id) ? 0 : /^GHSA-/i.test(id) ? 1 : 2)
  return [...ids].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))[0]
}

/** Ids that name one advisory, merged transitively (A = B and B = C make one advisory). */
class IdSets {
  private parent = new Map<string, string>()

  find(id: string): string {
    let root = id
    while (this.parent.has(root) && this.parent.get(root) !== root) root = this.parent.get(root)!
    if (!this.parent.has(id)) this.parent.set(id, id)
    // Path compression: later finds of the same id are one step.
    let node = id
    while (node !== root) {
      const next = this.parent.get(node)!
      this.parent.set(node, root)
      node = next
    }
    return root
  }

  union(a: string, b: string) {
    const rootA = this.find(a)
    const rootB = this.find(b)
    if (rootA !== rootB) this.parent.set(rootB, rootA)
  }
}

/** A finding's advisory ids, its CVE (or other id) first; built once per distinct finding. */
function idsOf(finding: Vulnerability): string[] {
  const ids = finding.cve === '' ? [] : [finding.cve]
  for (const alias of finding.aliases ?? []) if (alias !== '') ids.push(alias)
  return ids
}

const add = (set: Set<string>, value: string | undefined) => value && set.add(value)

/**
 * Groups the occurrences by advisory, aliases merged, the advisories hitting most repositories
 * first. Works on distinct finding objects first, so a finding shared by a thousand repositories
 * is read once.
 */
export function groupAdvisories(occurrences: VulnerabilityOccurrences, repositories: Repository[]): AdvisoryGroup[] {
  const ids = new IdSets()
  // Each distinct finding's ids, worked out once: at a million occurrences, making them again in
  // each pass was hundreds of megabytes of short-lived arrays, collected later in a long pause.
  const idsByFinding = new Map<Vulnerability, string[]>()
  for (const finding of occurrences.finding) {
    if (idsByFinding.has(finding)) continue
    const findingIds = idsOf(finding)
    idsByFinding.set(finding, findingIds)
    if (findingIds.length === 0) continue
    ids.find(findingIds[0])
    for (let at = 1; at < findingIds.length; at++) ids.union(findingIds[0], findingIds[at])
  }

  interface Builder {
    ids: Set<string>
    findings: Vulnerability[]
    occurrences: number[]
  }
  const rootOf = new Map<Vulnerability, string>()
  const builders = new Map<string, Builder>()
  for (const [finding, findingIds] of idsByFinding) {
    const root = findingIds.length > 0 ? ids.find(findingIds[0]) : `${finding.title} ${finding.package}`
    rootOf.set(finding, root)
    let builder = builders.get(root)
    if (!builder) {
      builder = { ids: new Set(), findings: [], occurrences: [] }
      builders.set(root, builder)
    }
    for (const id of findingIds) builder.ids.add(id)
    builder.findings.push(finding)
  }
  for (let index = 0; index < occurrences.finding.length; index++) {
    builders.get(rootOf.get(occurrences.finding[index])!)!.occurrences.push(index)
  }

  const groups: AdvisoryGroup[] = []
  for (const builder of builders.values()) {
    const allIds = [...builder.ids]
    const id = allIds.length > 0 ? preferredId(allIds) : builder.findings[0].cve || builder.findings[0].title
    const worst = builder.findings.reduce((a, b) => (severityRank(b.severity) < severityRank(a.severity) ? b : a))
    const ecosystems = new Set<string>()
    const packages = new Set<string>()
    const affected = new Set<string>()
    const fixed = new Set<string>()
    let cvss: number | undefined
    let epss: number | undefined
    let risk: number | undefined
    let knownExploited = false
    for (const finding of builder.findings) {
      const { name, version } = packageParts(finding)
      add(ecosystems, finding.ecosystem)
      add(packages, name)
      add(affected, version)
      add(fixed, finding.fixedVersion)
      if (finding.cvss && (cvss === undefined || finding.cvss.score > cvss)) cvss = finding.cvss.score
      if (finding.epss !== undefined && (epss === undefined || finding.epss > epss)) epss = finding.epss
      const findingRisk = finding.exploit?.risk
      if (findingRisk !== undefined && (risk === undefined || findingRisk > risk)) risk = findingRisk
      if (finding.exploit?.knownExploited) knownExploited = true
    }
    builder.occurrences.sort((a, b) => occurrences.repository[a] - occurrences.repository[b])
    let count = 0
    let privateCount = 0
    let last = -1
    for (const occurrence of builder.occurrences) {
      const repository = occurrences.repository[occurrence]
      if (repository === last) continue
      last = repository
      count += 1
      if (repositories[repository]?.isPrivate) privateCount += 1
    }
    groups.push({
      id,
      aliases: allIds.filter((other) => other !== id).sort(),
      title: worst.title,
      severity: worst.severity,
      cvss,
      epss,
      ...(knownExploited ? { knownExploited } : {}),
      ...(risk !== undefined ? { risk } : {}),
      ecosystems: [...ecosystems].sort(),
      packages: [...packages].sort(),
      affected: [...affected].sort(),
      fixed: [...fixed].sort(),
      url: builder.findings.map((finding) => safeLink(finding.url)).find(Boolean),
      occurrences: builder.occurrences,
      repositories: count,
      privateRepositories: privateCount,
    })
  }
  return groups.sort(byRepositoriesHit)
}

/** Most repositories first, then the most severe, then by id. */
export function byRepositoriesHit(a: AdvisoryGroup, b: AdvisoryGroup): number {
  return b.repositories - a.repositories || bySeverityThenReach(a, b)
}

/** The most severe first, then the most repositories, then by id. */
export function bySeverityThenReach(a: AdvisoryGroup, b: AdvisoryGroup): number {
  return (
    severityRank(a.severity) - severityRank(b.severity) ||
    b.repositories - a.repositories ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  )
}

/** The ecosystems the occurrences name, for the filter's options. */
export function ecosystemsOf(occurrences: VulnerabilityOccurrences): string[] {
  const ecosystems = new Set<string>()
  for (const finding of new Set(occurrences.finding)) add(ecosystems, finding.ecosystem)
  return [...ecosystems].sort()
}

/** What `/vulnerabilities` reads: each repository × finding, and the advisories they group into. */
export interface VulnerabilityIndex {
  occurrences: VulnerabilityOccurrences
  groups: AdvisoryGroup[]
  ecosystems: string[]
  /**
   * False for a preview: the groups, their counts and each occurrence's repository are there, but
   * `occurrences.finding` is still empty.
   */
  findingsLoaded: boolean
  /** Each occurrence's decision, where the workspace holds decisions (in the occurrences' order). */
  decisions?: DecisionView[]
  /** Each occurrence's days to fix, where the workspace keeps history (in the occurrences' order). */
  sla?: (SlaView | undefined)[]
}

/** The one advisory-index builder: every data source groups its vulnerabilities through it. */
export function indexVulnerabilities(
  occurrences: VulnerabilityOccurrences,
  repositories: Repository[],
): VulnerabilityIndex {
  return {
    occurrences,
    groups: groupAdvisories(occurrences, repositories),
    ecosystems: ecosystemsOf(occurrences),
    findingsLoaded: true,
  }
}
