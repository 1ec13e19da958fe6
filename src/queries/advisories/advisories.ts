import { rowsToCsv, type CsvColumn } from '@/lib/csv'
import { oneOf } from '@/lib/one-of'
import { allIndexes, sortedOnce } from '@/lib/sorted-once'
import { SubstringSearch } from '@/lib/substring-search'
import { findingSeverities, type FindingSeverity, type Vulnerability } from '@/data/findings'
import type { Repository } from '@/data/repositories'
import { isVisibility, type Visibility } from '@/queries/repositories/repository-filters'

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

const severityRank = (severity: FindingSeverity) => findingSeverities.indexOf(severity)

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

const idsOf = (finding: Vulnerability) => [finding.cve, ...(finding.aliases ?? [])].filter((id) => id !== '')

const add = (set: Set<string>, value: string | undefined) => value && set.add(value)

/**
 * Groups the occurrences by advisory, aliases merged, the advisories hitting most repositories
 * first. Works on distinct finding objects first, so a finding shared by a thousand repositories
 * is read once.
 */
export function groupAdvisories(occurrences: VulnerabilityOccurrences, repositories: Repository[]): AdvisoryGroup[] {
  const ids = new IdSets()
  const distinct = new Set(occurrences.finding)
  for (const finding of distinct) {
    const [first, ...rest] = idsOf(finding)
    if (first === undefined) continue
    ids.find(first)
    for (const id of rest) ids.union(first, id)
  }

  interface Builder {
    ids: Set<string>
    findings: Vulnerability[]
    occurrences: number[]
  }
  const rootOf = new Map<Vulnerability, string>()
  const builders = new Map<string, Builder>()
  for (const finding of distinct) {
    const first = idsOf(finding)[0] ?? `${finding.title} ${finding.package}`
    const root = idsOf(finding).length > 0 ? ids.find(first) : first
    rootOf.set(finding, root)
    let builder = builders.get(root)
    if (!builder) {
      builder = { ids: new Set(), findings: [], occurrences: [] }
      builders.set(root, builder)
    }
    for (const id of idsOf(finding)) builder.ids.add(id)
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
    for (const finding of builder.findings) {
      const { name, version } = packageParts(finding)
      add(ecosystems, finding.ecosystem)
      add(packages, name)
      add(affected, version)
      add(fixed, finding.fixedVersion)
      if (finding.cvss && (cvss === undefined || finding.cvss.score > cvss)) cvss = finding.cvss.score
      if (finding.epss !== undefined && (epss === undefined || finding.epss > epss)) epss = finding.epss
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
      ecosystems: [...ecosystems].sort(),
      packages: [...packages].sort(),
      affected: [...affected].sort(),
      fixed: [...fixed].sort(),
      url: builder.findings.find((finding) => finding.url)?.url,
      occurrences: builder.occurrences,
      repositories: count,
      privateRepositories: privateCount,
    })
  }
  return sortAdvisories(groups, 'repositories')
}

export type AdvisorySort = 'repositories' | 'severity' | 'cvss' | 'epss' | 'advisory'
export type OccurrenceSort = 'severity' | 'repository' | 'advisory' | 'cvss'

export const advisorySorts: { value: AdvisorySort; label: string }[] = [
  { value: 'repositories', label: 'Most repositories' },
  { value: 'severity', label: 'Most severe' },
  { value: 'cvss', label: 'Highest CVSS' },
  { value: 'epss', label: 'Highest EPSS' },
  { value: 'advisory', label: 'Advisory id' },
]

export const occurrenceSorts: { value: OccurrenceSort; label: string }[] = [
  { value: 'severity', label: 'Most severe' },
  { value: 'cvss', label: 'Highest CVSS' },
  { value: 'repository', label: 'Repository' },
  { value: 'advisory', label: 'Advisory id' },
]

const byDescending = (a: number | undefined, b: number | undefined) => (b ?? -1) - (a ?? -1)

export function sortAdvisories(groups: AdvisoryGroup[], sort: AdvisorySort): AdvisoryGroup[] {
  const tieBreak = (a: AdvisoryGroup, b: AdvisoryGroup) =>
    severityRank(a.severity) - severityRank(b.severity) ||
    b.repositories - a.repositories ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  const compare: Record<AdvisorySort, (a: AdvisoryGroup, b: AdvisoryGroup) => number> = {
    repositories: (a, b) => b.repositories - a.repositories || tieBreak(a, b),
    severity: tieBreak,
    cvss: (a, b) => byDescending(a.cvss, b.cvss) || tieBreak(a, b),
    epss: (a, b) => byDescending(a.epss, b.epss) || tieBreak(a, b),
    advisory: (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  }
  return [...groups].sort(compare[sort])
}

/** The filters of `/vulnerabilities`, as the address keeps them. */
export interface VulnerabilityFilters {
  search: string
  severity: FindingSeverity | 'all'
  ecosystem: string
  /** 'yes': a fixed version is known; 'no': none is. */
  fix: 'all' | 'yes' | 'no'
  visibility: Visibility
  view: 'grouped' | 'flat'
  sort: AdvisorySort
  flatSort: OccurrenceSort
}

export const ALL_ECOSYSTEMS = 'all'

export const defaultVulnerabilityFilters: VulnerabilityFilters = {
  search: '',
  severity: 'all',
  ecosystem: ALL_ECOSYSTEMS,
  fix: 'all',
  visibility: 'all',
  view: 'grouped',
  sort: 'repositories',
  flatSort: 'severity',
}

/** Filters from the address: `?q=&ecosystem=&fix=&visibility=&view=&sort=`; the severity comes from the path. */
export function vulnerabilityFiltersFromQuery(query: string, severity: FindingSeverity | 'all'): VulnerabilityFilters {
  const params = new URLSearchParams(query)
  const view = oneOf(params.get('view'), ['grouped', 'flat'] as const, 'grouped')
  const sortValues = (view === 'flat' ? occurrenceSorts : advisorySorts).map((option) => option.value)
  const sort = params.get('sort')
  return {
    search: params.get('q') ?? '',
    severity,
    ecosystem: params.get('ecosystem') || ALL_ECOSYSTEMS,
    fix: oneOf(params.get('fix'), ['all', 'yes', 'no'] as const, 'all'),
    visibility: isVisibility(params.get('visibility')) ? (params.get('visibility') as Visibility) : 'all',
    view,
    sort: view === 'grouped' && sortValues.includes(sort as never) ? (sort as AdvisorySort) : 'repositories',
    flatSort: view === 'flat' && sortValues.includes(sort as never) ? (sort as OccurrenceSort) : 'severity',
  }
}

/** The address query of the filters (the severity is the path's), defaults left out. */
export function vulnerabilityFiltersToQuery(filters: VulnerabilityFilters): string {
  const params = new URLSearchParams()
  if (filters.search) params.set('q', filters.search)
  if (filters.ecosystem !== ALL_ECOSYSTEMS) params.set('ecosystem', filters.ecosystem)
  if (filters.fix !== 'all') params.set('fix', filters.fix)
  if (filters.visibility !== 'all') params.set('visibility', filters.visibility)
  if (filters.view !== 'grouped') params.set('view', filters.view)
  const sort = filters.view === 'flat' ? filters.flatSort : filters.sort
  if (sort !== (filters.view === 'flat' ? 'severity' : 'repositories')) params.set('sort', sort)
  return params.toString()
}

/** The path of a severity: `/vulnerabilities` or `/vulnerabilities/critical`. */
export const vulnerabilitiesPath = (severity: FindingSeverity | 'all') =>
  severity === 'all' ? '/vulnerabilities' : `/vulnerabilities/${severity.toLowerCase()}`

function matchesText(finding: Vulnerability, needle: string): boolean {
  if (!needle) return true
  return (
    finding.cve.toLowerCase().includes(needle) ||
    finding.package.toLowerCase().includes(needle) ||
    finding.title.toLowerCase().includes(needle) ||
    (finding.aliases ?? []).some((alias) => alias.toLowerCase().includes(needle))
  )
}

function matchesFinding(finding: Vulnerability, filters: VulnerabilityFilters): boolean {
  return (
    (filters.severity === 'all' || finding.severity === filters.severity) &&
    (filters.ecosystem === ALL_ECOSYSTEMS || finding.ecosystem === filters.ecosystem) &&
    (filters.fix === 'all' || (filters.fix === 'yes') === !!finding.fixedVersion)
  )
}

const nameSearches = new WeakMap<Repository[], SubstringSearch>()
const privateFlags = new WeakMap<Repository[], Uint8Array>()

/** The search over the repositories' names, in lower case, made once per list. */
function nameSearch(repositories: Repository[]): SubstringSearch {
  let search = nameSearches.get(repositories)
  if (!search) {
    search = new SubstringSearch(repositories.map((repository) => repository.name.toLowerCase()))
    nameSearches.set(repositories, search)
  }
  return search
}

/** 1 for each private repository, made once per list: reading a flag beats reading 100,000 objects. */
function privateFlagsOf(repositories: Repository[]): Uint8Array {
  let flags = privateFlags.get(repositories)
  if (!flags) {
    flags = new Uint8Array(repositories.length)
    for (let index = 0; index < repositories.length; index++) flags[index] = repositories[index].isPrivate ? 1 : 0
    privateFlags.set(repositories, flags)
  }
  return flags
}

/**
 * Which repositories an occurrence may come from under these filters: 1 for those that pass the
 * visibility filter and whose name holds `needle` (any name when it is empty).
 */
function repositoriesPassing(repositories: Repository[], filters: VulnerabilityFilters, needle: string): Uint8Array {
  const flags = privateFlagsOf(repositories)
  const wanted = filters.visibility === 'all' ? -1 : filters.visibility === 'private' ? 1 : 0
  const passing = new Uint8Array(repositories.length)
  if (needle) {
    for (const index of nameSearch(repositories).matching(needle)) {
      if (wanted === -1 || flags[index] === wanted) passing[index] = 1
    }
  } else {
    for (let index = 0; index < repositories.length; index++) {
      if (wanted === -1 || flags[index] === wanted) passing[index] = 1
    }
  }
  return passing
}

const groupMatchesText = (group: AdvisoryGroup, needle: string) =>
  group.id.toLowerCase().includes(needle) ||
  group.title.toLowerCase().includes(needle) ||
  group.aliases.some((alias) => alias.toLowerCase().includes(needle)) ||
  group.packages.some((name) => name.toLowerCase().includes(needle))

/** What the text and visibility filters need to test an occurrence, worked out once per filtering. */
function occurrenceTest(repositories: Repository[], filters: VulnerabilityFilters) {
  const needle = filters.search.trim().toLowerCase()
  const visibilityOnly = filters.visibility === 'all' ? undefined : repositoriesPassing(repositories, filters, '')
  // Built on the first advisory or finding the text does not match: most keystrokes match some.
  let byName: Uint8Array | undefined
  const byNameAndVisibility = () => (byName ??= repositoriesPassing(repositories, filters, needle))
  return {
    needle,
    /** Passing repositories for an advisory that matches the text (undefined: all) or does not. */
    passing: (textMatches: boolean) => (textMatches ? visibilityOnly : byNameAndVisibility()),
  }
}

/**
 * The occurrences that pass the filters, in the order of `filters.flatSort`. A search matches an
 * advisory id, alias, package or title, and also a repository's name. Each distinct finding is
 * tested once per call, and the sort is made once per source and order.
 */
export function filterOccurrences(
  occurrences: VulnerabilityOccurrences,
  repositories: Repository[],
  filters: VulnerabilityFilters,
): number[] {
  const test = occurrenceTest(repositories, filters)
  // Per distinct finding: none of its occurrences pass, all do, or those from these repositories.
  const verdicts = new Map<Vulnerability, 'none' | 'all' | Uint8Array>()
  const shown: number[] = []
  const order = occurrenceOrders(occurrences, filters.flatSort, () =>
    sortOccurrences(allIndexes(occurrences.finding.length), occurrences, repositories, filters.flatSort),
  )
  for (const index of order) {
    const finding = occurrences.finding[index]
    let verdict = verdicts.get(finding)
    if (verdict === undefined) {
      verdict = matchesFinding(finding, filters) ? (test.passing(matchesText(finding, test.needle)) ?? 'all') : 'none'
      verdicts.set(finding, verdict)
    }
    if (verdict === 'none') continue
    if (verdict !== 'all' && verdict[occurrences.repository[index]] === 0) continue
    shown.push(index)
  }
  return shown
}

/**
 * The advisories with at least one occurrence that passes the filters, each narrowed to those
 * occurrences (its repository counts then count only them).
 */
export function filterAdvisories(
  groups: AdvisoryGroup[],
  occurrences: VulnerabilityOccurrences,
  repositories: Repository[],
  filters: VulnerabilityFilters,
): AdvisoryGroup[] {
  const test = occurrenceTest(repositories, filters)
  const unfiltered = test.needle === '' && filters.visibility === 'all'
  const flags = unfiltered ? undefined : privateFlagsOf(repositories)
  const shown: AdvisoryGroup[] = []
  for (const group of groups) {
    if (filters.severity !== 'all' && group.severity !== filters.severity) continue
    if (filters.ecosystem !== ALL_ECOSYSTEMS && !group.ecosystems.includes(filters.ecosystem)) continue
    if (filters.fix !== 'all' && (filters.fix === 'yes') !== group.fixed.length > 0) continue
    const passing = unfiltered ? undefined : test.passing(!test.needle || groupMatchesText(group, test.needle))
    if (!passing) {
      shown.push(group)
      continue
    }
    // The occurrences are in repository order, so a repository's are side by side.
    const kept: number[] = []
    let count = 0
    let privateCount = 0
    let last = -1
    for (const occurrence of group.occurrences) {
      const repository = occurrences.repository[occurrence]
      if (passing[repository] === 0) continue
      kept.push(occurrence)
      if (repository === last) continue
      last = repository
      count += 1
      privateCount += flags![repository]
    }
    if (kept.length === 0) continue
    if (kept.length === group.occurrences.length) shown.push(group)
    else shown.push({ ...group, occurrences: kept, repositories: count, privateRepositories: privateCount })
  }
  return filters.sort === 'repositories' && unfiltered ? shown : sortAdvisories(shown, filters.sort)
}

/**
 * How many repositories the advisories affect between them: a repository two advisories hit
 * counts once, so the total never exceeds the organisation.
 */
export function affectedRepositories(
  groups: AdvisoryGroup[],
  occurrences: VulnerabilityOccurrences,
  repositoryCount: number,
): number {
  const seen = new Uint8Array(repositoryCount)
  let count = 0
  for (const group of groups) {
    for (const occurrence of group.occurrences) {
      const repository = occurrences.repository[occurrence]
      if (seen[repository] === 0) {
        seen[repository] = 1
        count += 1
      }
    }
  }
  return count
}

const occurrenceOrders = sortedOnce<VulnerabilityOccurrences, OccurrenceSort>()

export function sortOccurrences(
  shown: number[],
  occurrences: VulnerabilityOccurrences,
  repositories: Repository[],
  sort: OccurrenceSort,
): number[] {
  const name = (index: number) => repositories[occurrences.repository[index]]?.name ?? ''
  const finding = (index: number) => occurrences.finding[index]
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  const compare: Record<OccurrenceSort, (a: number, b: number) => number> = {
    severity: (a, b) =>
      severityRank(finding(a).severity) - severityRank(finding(b).severity) ||
      byDescending(finding(a).cvss?.score, finding(b).cvss?.score) ||
      text(finding(a).cve, finding(b).cve) ||
      text(name(a), name(b)),
    cvss: (a, b) =>
      byDescending(finding(a).cvss?.score, finding(b).cvss?.score) ||
      severityRank(finding(a).severity) - severityRank(finding(b).severity) ||
      text(name(a), name(b)),
    repository: (a, b) =>
      text(name(a), name(b)) || severityRank(finding(a).severity) - severityRank(finding(b).severity),
    advisory: (a, b) => text(finding(a).cve, finding(b).cve) || text(name(a), name(b)),
  }
  return [...shown].sort(compare[sort])
}

/** The ecosystems the occurrences name, for the filter's options. */
export function ecosystemsOf(occurrences: VulnerabilityOccurrences): string[] {
  const ecosystems = new Set<string>()
  for (const finding of new Set(occurrences.finding)) add(ecosystems, finding.ecosystem)
  return [...ecosystems].sort()
}

const score = (value: number | undefined, digits: number) => (value === undefined ? '' : value.toFixed(digits))

const advisoryColumns = (repositories: Repository[], occurrences: VulnerabilityOccurrences) =>
  [
    ['Advisory', (group) => group.id],
    ['Aliases', (group) => group.aliases.join(' ')],
    ['Severity', (group) => group.severity],
    ['CVSS', (group) => score(group.cvss, 1)],
    ['EPSS', (group) => score(group.epss, 4)],
    ['Title', (group) => group.title],
    ['Ecosystems', (group) => group.ecosystems.join(' ')],
    ['Packages', (group) => group.packages.join(' ')],
    ['Affected versions', (group) => group.affected.join(' ')],
    ['Fixed versions', (group) => group.fixed.join(' ')],
    ['Affected repositories', (group) => group.repositories],
    [
      'Repositories',
      (group) =>
        [...new Set(group.occurrences.map((index) => repositories[occurrences.repository[index]]?.name ?? ''))].join(
          ' ',
        ),
    ],
  ] satisfies CsvColumn<AdvisoryGroup>[]

export function advisoriesToCsv(
  groups: AdvisoryGroup[],
  occurrences: VulnerabilityOccurrences,
  repositories: Repository[],
): string {
  return rowsToCsv(advisoryColumns(repositories, occurrences), groups)
}

export function occurrencesToCsv(
  shown: number[],
  occurrences: VulnerabilityOccurrences,
  repositories: Repository[],
): string {
  const finding = (index: number) => occurrences.finding[index]
  const repository = (index: number) => repositories[occurrences.repository[index]]
  const columns: CsvColumn<number>[] = [
    ['Repository', (index) => repository(index)?.name],
    ['Visibility', (index) => (repository(index)?.isPrivate ? 'Private' : 'Public')],
    ['Advisory', (index) => finding(index).cve],
    ['Aliases', (index) => (finding(index).aliases ?? []).join(' ')],
    ['Severity', (index) => finding(index).severity],
    ['CVSS', (index) => score(finding(index).cvss?.score, 1)],
    ['EPSS', (index) => score(finding(index).epss, 4)],
    ['Title', (index) => finding(index).title],
    ['Ecosystem', (index) => finding(index).ecosystem],
    ['Package', (index) => packageParts(finding(index)).name],
    ['Version', (index) => packageParts(finding(index)).version],
    ['Fixed version', (index) => finding(index).fixedVersion],
    ['File', (index) => finding(index).file],
  ]
  return rowsToCsv(columns, shown)
}
