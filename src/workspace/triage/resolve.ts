import type { FindingSeverity } from '@/data/findings'
import {
  advisoryIdKey,
  expiryInstant,
  scopePackage,
  scopeRank,
  type DecisionScope,
  type DecisionState,
} from './decision'
import { currentDecisions, type DecisionEntry } from './decision-log'
import { compilePathPattern, matchesPath, type PathPattern } from './glob'
import { packageBaseOf, packageUrlOf, parsePackageUrl } from './package-url'

/** A finding as triage sees it: the store adapts its own model to this. */
export interface DecidableFinding {
  repository: string
  /** The finding's key within its repository (a package finding's holds the package version). */
  key: string
  kind: 'vulnerability' | 'policy-issue'
  advisoryId?: string
  aliases?: string[]
  ruleId?: string
  /** The file it points at, as the scanner wrote it. */
  file?: string
  packageName?: string
  packageVersion?: string
  ecosystem?: string
  purl?: string
  severity: FindingSeverity
  tool: string
  /** A code finding's message, line and SARIF level, for re-emitting it in SARIF. */
  message?: string
  line?: number
  level?: 'error' | 'warning' | 'note' | 'none'
  /** A leaked secret rather than a code or configuration rule (Trivy files these apart). */
  secret?: boolean
}

/** What counts for a finding once every decision is weighed. Shared between findings: never change one. */
export interface EffectiveDecision {
  /** The state the screens show and count: "needs-triage" when undecided or when an accepted risk expired. */
  readonly state: DecisionState
  /** The entry that decided it, also when it has expired. */
  readonly entry?: DecisionEntry
  /** An accepted risk past its expiry: the finding is open again. */
  readonly expired: boolean
  /** The finding is more severe now than when it was decided. */
  readonly review: boolean
}

export interface Resolution {
  /** One per finding, in the order given. */
  effective: EffectiveDecision[]
  /** Current decisions that cover none of the findings given (fixed upstream, renamed, removed). */
  stale: DecisionEntry[]
}

export interface ResolveOptions {
  /** The clock: accepted risks that expired by then count as open. */
  now: Date
  /** Told, for each finding that current decisions cover, every one of them that does (in no order). */
  onCovered?: (position: number, entries: readonly DecisionEntry[]) => void
}

export const undecided: EffectiveDecision = Object.freeze({ state: 'needs-triage', expired: false, review: false })

const severityRank: Record<FindingSeverity, number> = { Unknown: 0, Low: 1, Medium: 2, High: 3, Critical: 4 }

/** One current decision in the index, with the effective decisions it gives precomputed. */
interface Candidate {
  entry: DecisionEntry
  rank: number
  at: number
  order: number
  matched: boolean
  asIs: EffectiveDecision
  forReview: EffectiveDecision
}

interface PackageDecisions {
  any?: Candidate
  byVersion?: Map<string, Candidate>
}

interface AdvisoryDecisions {
  everywhere?: Candidate
  everywhereByPackage?: Map<string, PackageDecisions>
  inRepository?: Map<string, { all?: Candidate; byPackage?: Map<string, PackageDecisions> }>
}

interface RepositoryDecisions {
  findings?: Map<string, Candidate>
  rules?: Map<string, Candidate>
  paths?: { pattern: PathPattern; candidate: Candidate }[]
  /** The path decisions of each file seen, matched once per file. */
  files?: Map<string, Candidate[]>
}

interface DecisionIndex {
  candidates: Candidate[]
  /** The decisions scoped to one repository's findings, rules and paths: one look-up per finding. */
  byRepository: Map<string, RepositoryDecisions>
  byAdvisory: Map<string, AdvisoryDecisions>
  anyPackageScoped: boolean
}

function repositoryOf(index: DecisionIndex, repository: string): RepositoryDecisions {
  let found = index.byRepository.get(repository)
  if (found === undefined) {
    found = {}
    index.byRepository.set(repository, found)
  }
  return found
}

function addPackage(map: Map<string, PackageDecisions>, purl: string, candidate: Candidate): boolean {
  const pkg = scopePackage(purl)
  if (!pkg) return false
  let decisions = map.get(pkg.base)
  if (decisions === undefined) {
    decisions = {}
    map.set(pkg.base, decisions)
  }
  if (pkg.version === undefined) decisions.any = candidate
  else (decisions.byVersion ??= new Map()).set(pkg.version, candidate)
  return true
}

function indexScope(index: DecisionIndex, scope: DecisionScope, candidate: Candidate): void {
  switch (scope.kind) {
    case 'finding':
      ;(repositoryOf(index, scope.repository).findings ??= new Map()).set(scope.findingKey, candidate)
      return
    case 'rule':
      ;(repositoryOf(index, scope.repository).rules ??= new Map()).set(scope.ruleId, candidate)
      return
    case 'path': {
      let pattern: PathPattern
      try {
        pattern = compilePathPattern(scope.pattern)
      } catch {
        return
      }
      const repository = repositoryOf(index, scope.repository)
      ;(repository.paths ??= []).push({ pattern, candidate })
      repository.files = new Map()
      return
    }
    case 'advisory': {
      const id = advisoryIdKey(scope.advisoryId)
      let advisory = index.byAdvisory.get(id)
      if (advisory === undefined) {
        advisory = {}
        index.byAdvisory.set(id, advisory)
      }
      if (scope.repository === undefined) {
        if (!scope.purl) advisory.everywhere = candidate
        else if (addPackage((advisory.everywhereByPackage ??= new Map()), scope.purl, candidate))
          index.anyPackageScoped = true
        return
      }
      advisory.inRepository ??= new Map()
      let repository = advisory.inRepository.get(scope.repository)
      if (repository === undefined) {
        repository = {}
        advisory.inRepository.set(scope.repository, repository)
      }
      if (!scope.purl) repository.all = candidate
      else if (addPackage((repository.byPackage ??= new Map()), scope.purl, candidate)) index.anyPackageScoped = true
    }
  }
}

/** Indexes the current decisions by scope: a finding then costs a handful of map look-ups. */
function buildIndex(log: readonly DecisionEntry[], now: Date): DecisionIndex {
  const index: DecisionIndex = {
    candidates: [],
    byRepository: new Map(),
    byAdvisory: new Map(),
    anyPackageScoped: false,
  }
  let order = 0
  for (const entry of currentDecisions(log).values()) {
    // "Needs triage" as the newest entry clears its scope (an undo, a reset): broader ones apply.
    if (entry.state === 'needs-triage') continue
    const expired =
      entry.state === 'accepted-risk' &&
      entry.expiresOn !== undefined &&
      expiryInstant(entry.expiresOn) <= now.getTime()
    const state: DecisionState = expired ? 'needs-triage' : entry.state
    const candidate: Candidate = {
      entry,
      rank: scopeRank(entry.scope),
      at: Date.parse(entry.at),
      order: order++,
      matched: false,
      asIs: Object.freeze({ state, entry, expired, review: false }),
      forReview: Object.freeze({ state, entry, expired, review: true }),
    }
    index.candidates.push(candidate)
    indexScope(index, entry.scope, candidate)
  }
  return index
}

/** What decides between two decisions that cover one finding: scope rank, time, place in the log. */
export interface Weighed {
  rank: number
  at: number
  order: number
}

/** The narrower wins; at the same rank, the newer. */
export const beats = (candidate: Weighed, best: Weighed | undefined) =>
  best === undefined ||
  candidate.rank > best.rank ||
  (candidate.rank === best.rank &&
    (candidate.at > best.at || (candidate.at === best.at && candidate.order > best.order)))

/** Marks a candidate as covering a finding, and keeps the better of it and the best so far. */
function pick(
  candidate: Candidate | undefined,
  best: Candidate | undefined,
  covering: Candidate[] | undefined,
): Candidate | undefined {
  if (candidate === undefined) return best
  candidate.matched = true
  if (covering !== undefined) covering.push(candidate)
  return beats(candidate, best) ? candidate : best
}

interface FindingPackage {
  base: string
  version?: string
}

function findingPackage(finding: DecidableFinding): FindingPackage | null {
  const purl = packageUrlOf(finding)
  const identity = purl === undefined ? undefined : parsePackageUrl(purl)
  return identity ? { base: packageBaseOf(identity), version: identity.version } : null
}

function pickPackage(
  decisions: Map<string, PackageDecisions> | undefined,
  pkg: FindingPackage,
  best: Candidate | undefined,
  covering: Candidate[] | undefined,
): Candidate | undefined {
  const forPackage = decisions?.get(pkg.base)
  if (forPackage === undefined) return best
  const chosen = pick(forPackage.any, best, covering)
  return pkg.version === undefined ? chosen : pick(forPackage.byVersion?.get(pkg.version), chosen, covering)
}

/** Whether an id is already written as advisory keys are (no lower case, no outer spaces): most are. */
function isIdKey(id: string): boolean {
  const last = id.length - 1
  if (last < 0 || id.charCodeAt(0) <= 32 || id.charCodeAt(last) <= 32) return false
  for (let at = 0; at <= last; at += 1) {
    const code = id.charCodeAt(at)
    if ((code >= 97 && code <= 122) || code > 127) return false
  }
  return true
}

/**
 * Each finding's effective decision: the narrowest current decision that covers it (finding, then
 * path pattern or rule in its repository, then its advisory for its package, then its advisory in
 * its repository, then everywhere), advisories matched by id or alias without case. An accepted
 * risk past its expiry leaves the finding open, marked expired; a finding more severe than when it
 * was decided is marked for review. Decisions that cover no finding are listed as stale: give every
 * finding of the workspace for that list to mean anything.
 */
export function resolveDecisions(
  findings: readonly DecidableFinding[],
  log: readonly DecisionEntry[],
  options: ResolveOptions,
): Resolution {
  const index = buildIndex(log, options.now)
  const effective: EffectiveDecision[] = []
  // Advisory ids as written, to their key: GHSA ids have lower case, and upper-casing each anew costs.
  const idKeys = new Map<string, string>()
  const { onCovered } = options
  const covering: Candidate[] | undefined = onCovered === undefined ? undefined : []

  for (let position = 0; position < findings.length; position += 1) {
    const finding = findings[position]
    // Plain calls rather than closures: at a million findings, allocations per finding show.
    let best: Candidate | undefined
    if (covering !== undefined) covering.length = 0
    const repository = index.byRepository.get(finding.repository)
    if (repository !== undefined) {
      if (repository.findings !== undefined) best = pick(repository.findings.get(finding.key), best, covering)
      if (repository.rules !== undefined && finding.ruleId !== undefined)
        best = pick(repository.rules.get(finding.ruleId), best, covering)
      if (repository.paths !== undefined && finding.file !== undefined) {
        let hits = repository.files!.get(finding.file)
        if (hits === undefined) {
          const file = finding.file
          hits = repository.paths.filter(({ pattern }) => matchesPath(pattern, file)).map(({ candidate }) => candidate)
          repository.files!.set(file, hits)
        }
        for (const hit of hits) best = pick(hit, best, covering)
      }
    }
    if (finding.advisoryId !== undefined && index.byAdvisory.size > 0) {
      let pkg: FindingPackage | null | undefined
      const aliases = finding.aliases
      const count = aliases === undefined ? 0 : aliases.length
      for (let at = -1; at < count; at += 1) {
        const id = at < 0 ? finding.advisoryId : aliases![at]
        let key = isIdKey(id) ? id : idKeys.get(id)
        if (key === undefined) {
          key = advisoryIdKey(id)
          idKeys.set(id, key)
        }
        const advisory = index.byAdvisory.get(key)
        if (advisory === undefined) continue
        best = pick(advisory.everywhere, best, covering)
        const inRepository = advisory.inRepository?.get(finding.repository)
        if (inRepository !== undefined) best = pick(inRepository.all, best, covering)
        if (advisory.everywhereByPackage !== undefined || inRepository?.byPackage !== undefined) {
          if (pkg === undefined) pkg = findingPackage(finding)
          if (pkg !== null) {
            best = pickPackage(advisory.everywhereByPackage, pkg, best, covering)
            best = pickPackage(inRepository?.byPackage, pkg, best, covering)
          }
        }
      }
    }

    if (covering !== undefined && covering.length > 0)
      onCovered!(
        position,
        covering.map((candidate) => candidate.entry),
      )
    const chosen = best
    effective.push(
      chosen === undefined
        ? undecided
        : severityRank[finding.severity] > severityRank[chosen.entry.severity]
          ? chosen.forReview
          : chosen.asIs,
    )
  }

  return {
    effective,
    stale: index.candidates.filter((candidate) => !candidate.matched).map((candidate) => candidate.entry),
  }
}

const closedStates = new Set<DecisionState>(['not-affected', 'false-positive', 'fixed', 'accepted-risk'])

/** Whether the finding counts as open: not affected, false positive, fixed and an accepted risk in force do not. */
export const isOpen = (effective: EffectiveDecision) => !closedStates.has(effective.state)

export interface DecisionCounts {
  total: number
  open: number
  needsTriage: number
  expired: number
  review: number
  byState: Record<DecisionState, number>
}

export function countDecisions(effective: readonly EffectiveDecision[]): DecisionCounts {
  const byState: Record<DecisionState, number> = {
    'needs-triage': 0,
    'in-triage': 0,
    affected: 0,
    'not-affected': 0,
    'false-positive': 0,
    'accepted-risk': 0,
    fixed: 0,
  }
  let open = 0
  let expired = 0
  let review = 0
  for (const decision of effective) {
    byState[decision.state] += 1
    if (isOpen(decision)) open += 1
    if (decision.expired) expired += 1
    if (decision.review) review += 1
  }
  return { total: effective.length, open, needsTriage: byState['needs-triage'], expired, review, byState }
}

/** The scopes a decision on this finding can take, narrowest first, for the scope picker. */
export function scopeChoices(finding: DecidableFinding): DecisionScope[] {
  const choices: DecisionScope[] = [{ kind: 'finding', repository: finding.repository, findingKey: finding.key }]
  if (finding.kind === 'policy-issue' && finding.ruleId)
    choices.push({ kind: 'rule', repository: finding.repository, ruleId: finding.ruleId })
  if (finding.advisoryId) {
    choices.push({ kind: 'advisory', repository: finding.repository, advisoryId: finding.advisoryId })
    choices.push({ kind: 'advisory', advisoryId: finding.advisoryId })
  }
  return choices
}
