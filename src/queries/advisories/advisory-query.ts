import { isVulnerabilityClosedByVex } from '@/data/findings'
import { allIndexes, sortedOnce } from '@/lib/sorted-once'
import { answerCacheBySource, sameItems } from '@/lib/same-list'
import { SubstringSearch } from '@/lib/substring-search'
import type { AdvisoryGroup, VulnerabilityOccurrences } from '@/data/advisory-groups'
import { passesDecisionFilter, type DecisionFilter, type DecisionView } from '@/data/decisions'
import type { Vulnerability } from '@/data/findings'
import { passesDueFilter, type SlaView } from '@/data/sla'
import type { Repository } from '@/data/repositories'
import { fixFirstSubjectOf, sortAdvisories, sortOccurrences, type OccurrenceSort } from './advisory-sort'
import { ALL_ECOSYSTEMS, type VulnerabilityFilters } from './vulnerability-filters'
import { passesExploitFilters } from '@/data/exploit-filters'

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
    (filters.fix === 'all' || (filters.fix === 'yes') === !!finding.fixedVersion) &&
    passesExploitFilters(finding, filters.exploited, filters.epss)
  )
}

const nameSearches = new WeakMap<Repository[], SubstringSearch>()
const visibilityFlags = new WeakMap<Repository[], Uint8Array>()

/** The search over the repositories' names, in lower case, made once per list. */
function nameSearch(repositories: Repository[]): SubstringSearch {
  let search = nameSearches.get(repositories)
  if (!search) {
    search = new SubstringSearch(repositories.map((repository) => repository.name.toLowerCase()))
    nameSearches.set(repositories, search)
  }
  return search
}

/** A repository's visibility flag: an unknown one matches neither the public nor the private choice. */
const PUBLIC = 0
const PRIVATE = 1
const UNKNOWN = 2

/** Each repository's visibility flag, made once per list: reading a flag beats reading 100,000 objects. */
function visibilityFlagsOf(repositories: Repository[]): Uint8Array {
  let flags = visibilityFlags.get(repositories)
  if (!flags) {
    flags = new Uint8Array(repositories.length)
    for (let index = 0; index < repositories.length; index++) {
      const { isPrivate } = repositories[index]
      flags[index] = isPrivate === undefined ? UNKNOWN : isPrivate ? PRIVATE : PUBLIC
    }
    visibilityFlags.set(repositories, flags)
  }
  return flags
}

/**
 * Which repositories an occurrence may come from under these filters: 1 for those that pass the
 * visibility filter and whose name holds `needle` (any name when it is empty).
 */
function repositoriesPassing(repositories: Repository[], filters: VulnerabilityFilters, needle: string): Uint8Array {
  const flags = visibilityFlagsOf(repositories)
  const wanted = filters.visibility === 'all' ? -1 : filters.visibility === 'private' ? PRIVATE : PUBLIC
  const passing = new Uint8Array(repositories.length)
  if (needle) {
    const named = nameSearch(repositories).matching(needle)
    for (let place = 0; place < named.length; place++) {
      const index = named[place]
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
 * tested once per call, and the sort is made once per source and order. The occurrences that
 * pass all but the decision and due filters are kept for the next call: a decision changes only
 * what those two say, and they are then asked of those occurrences alone.
 */
export function filterOccurrences(
  occurrences: VulnerabilityOccurrences,
  repositories: Repository[],
  filters: VulnerabilityFilters,
  decisions?: readonly DecisionView[],
  sla?: readonly (SlaView | undefined)[],
): readonly number[] {
  const inState = withDue(stateTest(occurrences, filters.state, decisions), filters, sla)
  const candidates = candidatesOf(occurrences, repositories, filters, sla)
  return inState ? candidates.filter(inState) : candidates
}

interface Candidates {
  repositories: Repository[]
  key: string
  /** The days to fix the order was taken from, when it is theirs. */
  sla?: readonly (SlaView | undefined)[]
  shown: readonly number[]
}

/**
 * Whether two lists name the same repositories with the same visibility, in the same order: what
 * the filters read of them. A decision makes a new data source, and a new list of the same.
 */
function sameRepositories(a: Repository[], b: Repository[]): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  for (let index = 0; index < a.length; index++)
    if (a[index].name !== b[index].name || a[index].isPrivate !== b[index].isPrivate) return false
  return true
}

/** The last candidates worked out for each set of occurrences. */
const lastCandidates = new WeakMap<VulnerabilityOccurrences, Candidates>()

/** The occurrences that pass the filters but the decision and due filters, in the order of `filters.flatSort`. */
function candidatesOf(
  occurrences: VulnerabilityOccurrences,
  repositories: Repository[],
  filters: VulnerabilityFilters,
  sla: readonly (SlaView | undefined)[] | undefined,
): readonly number[] {
  const byDue = filters.flatSort === 'due' && sla !== undefined
  const key = JSON.stringify([
    filters.search.trim().toLowerCase(),
    filters.severity,
    filters.ecosystem,
    filters.fix,
    filters.visibility,
    filters.flatSort,
    filters.exploited,
    filters.epss,
  ])
  const last = lastCandidates.get(occurrences)
  if (
    last &&
    last.key === key &&
    last.sla === (byDue ? sla : undefined) &&
    sameRepositories(last.repositories, repositories)
  )
    return last.shown
  const test = occurrenceTest(repositories, filters)
  // Per distinct finding: none of its occurrences pass, all do, or those from these repositories.
  const verdicts = new Map<Vulnerability, 'none' | 'all' | Uint8Array>()
  const shown: number[] = []
  const sortAll = () =>
    sortOccurrences(allIndexes(occurrences.finding.length), occurrences, repositories, filters.flatSort, sla)
  // The days to fix change with decisions while the occurrences stay: that order is kept with them.
  const order = byDue
    ? dueOrders(sla, filters.flatSort, sortAll)
    : occurrenceOrders(occurrences, filters.flatSort, sortAll)
  for (let place = 0; place < order.length; place++) {
    const index = order[place]
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
  lastCandidates.set(occurrences, { repositories, key, sla: byDue ? sla : undefined, shown })
  return shown
}

/** Whether any finding of a set of occurrences was closed by VEX, worked out once per set. */
const vexSeen = new WeakMap<VulnerabilityOccurrences, boolean>()

const closedByVex = isVulnerabilityClosedByVex

/**
 * Whether an occurrence passes the decision filter, or undefined when every one does (no filter,
 * or nothing decided: neither a decision nor a VEX statement). A preview's findings are not loaded:
 * its occurrences count as open.
 */
function stateTest(
  occurrences: VulnerabilityOccurrences,
  filter: DecisionFilter,
  decisions: readonly DecisionView[] | undefined,
): ((occurrence: number) => boolean) | undefined {
  if (filter === 'all') return undefined
  let anyVex = vexSeen.get(occurrences)
  if (anyVex === undefined) {
    anyVex = occurrences.finding.some(closedByVex)
    vexSeen.set(occurrences, anyVex)
  }
  if (!decisions && !anyVex) return filter === 'open' || filter === 'needs-triage' ? undefined : () => false
  return (occurrence) =>
    passesDecisionFilter(filter, decisions?.[occurrence], closedByVex(occurrences.finding[occurrence]))
}

/** The decision test with the due-date filter added (no finding is due while no history is kept). */
function withDue(
  inState: ((occurrence: number) => boolean) | undefined,
  filters: VulnerabilityFilters,
  sla: readonly (SlaView | undefined)[] | undefined,
): ((occurrence: number) => boolean) | undefined {
  if (filters.due === 'all') return inState
  const due = (occurrence: number) => passesDueFilter(filters.due, sla?.[occurrence])
  return inState ? (occurrence) => inState(occurrence) && due(occurrence) : due
}

/** Each advisory as last narrowed, so that the same narrowing gives the same object again. */
const lastNarrowed = new WeakMap<AdvisoryGroup, AdvisoryGroup>()
/** The advisories last shown of each list of advisories. */
const keptAdvisories = answerCacheBySource<AdvisoryGroup[], AdvisoryGroup>()

/** The advisory narrowed to `kept` (the same object as the last time it was narrowed to these). */
function narrowed(group: AdvisoryGroup, kept: number[], repositories: number, privateRepositories: number) {
  const last = lastNarrowed.get(group)
  if (
    last &&
    last.repositories === repositories &&
    last.privateRepositories === privateRepositories &&
    sameItems(last.occurrences, kept)
  )
    return last
  const narrowedGroup = { ...group, occurrences: kept, repositories, privateRepositories }
  lastNarrowed.set(group, narrowedGroup)
  return narrowedGroup
}

/**
 * The advisories with at least one occurrence that passes the filters, each narrowed to those
 * occurrences (its repository counts then count only them). Filters that show the same advisories
 * as the last call give the same list again: a keystroke that changes no row renders none.
 */
export function filterAdvisories(...query: Parameters<typeof advisoriesPassing>): AdvisoryGroup[] {
  return keptAdvisories(query[0], advisoriesPassing(...query))
}

function advisoriesPassing(
  groups: AdvisoryGroup[],
  occurrences: VulnerabilityOccurrences,
  repositories: Repository[],
  filters: VulnerabilityFilters,
  decisions?: readonly DecisionView[],
  sla?: readonly (SlaView | undefined)[],
): AdvisoryGroup[] {
  const test = occurrenceTest(repositories, filters)
  const inState = withDue(stateTest(occurrences, filters.state, decisions), filters, sla)
  const unfiltered = test.needle === '' && filters.visibility === 'all' && !inState
  const flags = unfiltered ? undefined : visibilityFlagsOf(repositories)
  const shown: AdvisoryGroup[] = []
  for (const group of groups) {
    if (filters.severity !== 'all' && group.severity !== filters.severity) continue
    if (filters.ecosystem !== ALL_ECOSYSTEMS && !group.ecosystems.includes(filters.ecosystem)) continue
    if (filters.fix !== 'all' && (filters.fix === 'yes') !== group.fixed.length > 0) continue
    if (!passesExploitFilters(fixFirstSubjectOf(group), filters.exploited, filters.epss)) continue
    const passing = unfiltered ? undefined : test.passing(!test.needle || groupMatchesText(group, test.needle))
    if (!passing && !inState) {
      shown.push(group)
      continue
    }
    // The occurrences are in repository order, so a repository's are side by side. While every
    // occurrence passes, none is copied: the group is shown whole (most often) with no list made.
    // The loops here are indexed: `for … of` makes an iterator result per item whenever the loop
    // runs unoptimised, and collecting that garbage paused keystrokes (docs/benchmarks.md).
    const all = group.occurrences
    let kept: number[] | undefined
    let keptCount = 0
    let count = 0
    let privateCount = 0
    let last = -1
    for (let place = 0; place < all.length; place++) {
      const occurrence = all[place]
      const repository = occurrences.repository[occurrence]
      if ((passing && passing[repository] === 0) || (inState && !inState(occurrence))) {
        kept ??= all.slice(0, place)
        continue
      }
      if (kept) kept.push(occurrence)
      keptCount += 1
      if (repository === last) continue
      last = repository
      count += 1
      if (flags![repository] === PRIVATE) privateCount += 1
    }
    if (keptCount === 0) continue
    if (!kept) shown.push(group)
    else shown.push(narrowed(group, kept, count, privateCount))
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
    const all = group.occurrences
    for (let place = 0; place < all.length; place++) {
      const repository = occurrences.repository[all[place]]
      if (seen[repository] === 0) {
        seen[repository] = 1
        count += 1
      }
    }
  }
  return count
}

const occurrenceOrders = sortedOnce<VulnerabilityOccurrences, OccurrenceSort>()
const dueOrders = sortedOnce<readonly (SlaView | undefined)[], OccurrenceSort>()
