import { checkPathPattern } from './glob'
import { packageBaseOf, parsePackageUrl } from './package-url'

export { decisionStateNames, decisionStates, type DecisionState } from '@/data/decisions'
import { decisionStates, type DecisionState } from '@/data/decisions'

/** OpenVEX's five reasons a product is not affected. */
export type Justification =
  | 'component_not_present'
  | 'vulnerable_code_not_present'
  | 'vulnerable_code_not_in_execute_path'
  | 'vulnerable_code_cannot_be_controlled_by_adversary'
  | 'inline_mitigations_already_exist'

export const justifications: Justification[] = [
  'component_not_present',
  'vulnerable_code_not_present',
  'vulnerable_code_not_in_execute_path',
  'vulnerable_code_cannot_be_controlled_by_adversary',
  'inline_mitigations_already_exist',
]

export const justificationNames: Record<Justification, string> = {
  component_not_present: 'The component is not present',
  vulnerable_code_not_present: 'The vulnerable code is not present',
  vulnerable_code_not_in_execute_path: 'The vulnerable code is never run',
  vulnerable_code_cannot_be_controlled_by_adversary: 'An attacker cannot reach the vulnerable code',
  inline_mitigations_already_exist: 'Mitigations are already in place',
}

/**
 * Which findings a decision covers, from the narrowest to the broadest:
 * - `finding`: one finding of a repository (its key holds the package version, or the rule and place);
 * - `path`: every finding of a repository in files that match a pattern (`test/**`);
 * - `rule`: every finding of a code rule in a repository;
 * - `advisory` with a repository: an advisory in that repository, optionally for one package (a purl,
 *   with or without version); without a repository: in every repository, present and future.
 */
export type DecisionScope =
  | { kind: 'finding'; repository: string; findingKey: string }
  | { kind: 'path'; repository: string; pattern: string }
  | { kind: 'rule'; repository: string; ruleId: string }
  | { kind: 'advisory'; repository?: string; advisoryId: string; purl?: string }

/** A decision as the user makes it, before it is logged. */
export interface Decision {
  state: DecisionState
  scope: DecisionScope
  /** Why, in the user's words. */
  reason: string
  /** Not affected: which of OpenVEX's five reasons. */
  justification?: Justification
  /** Accepted risk: the day (YYYY-MM-DD, UTC) from which the finding counts as open again. */
  expiresOn?: string
  /** Affected: the day it should be fixed by (YYYY-MM-DD). */
  dueOn?: string
  /** Code findings: the code is used in tests only. */
  usedInTests?: boolean
}

/** Advisory ids compare without case: ghsa-abcd-… is GHSA-ABCD-…. */
export const advisoryIdKey = (id: string) => id.trim().toUpperCase()

/** A package purl as scopes compare it: base, and version when the scope names one. */
export function scopePackage(purl: string): { base: string; version?: string } | undefined {
  const identity = parsePackageUrl(purl)
  return identity ? { base: packageBaseOf(identity), version: identity.version } : undefined
}

/** One string per scope: two decisions with the same key are about the same findings. */
export function scopeKey(scope: DecisionScope): string {
  switch (scope.kind) {
    case 'finding':
      return `finding\u0000${scope.repository}\u0000${scope.findingKey}`
    case 'path':
      return `path\u0000${scope.repository}\u0000${scope.pattern.trim()}`
    case 'rule':
      return `rule\u0000${scope.repository}\u0000${scope.ruleId}`
    case 'advisory': {
      const pkg = scope.purl ? scopePackage(scope.purl) : undefined
      const packagePart = pkg ? `${pkg.base}@${pkg.version ?? ''}` : (scope.purl ?? '')
      return `advisory\u0000${scope.repository ?? '*'}\u0000${advisoryIdKey(scope.advisoryId)}\u0000${packagePart}`
    }
  }
}

/**
 * How narrow a scope is: the narrowest decision that covers a finding is its decision. A path
 * pattern and a rule rank alike; an advisory for one package ranks above the advisory for all.
 */
export function scopeRank(scope: DecisionScope): number {
  switch (scope.kind) {
    case 'finding':
      return 7
    case 'path':
    case 'rule':
      return 6
    case 'advisory':
      if (scope.repository !== undefined) return scope.purl ? 5 : 4
      return scope.purl ? 3 : 2
  }
}

/** The scope in words, for lists and the audit trail. */
export function describeScope(scope: DecisionScope): string {
  switch (scope.kind) {
    case 'finding':
      return `this finding in ${scope.repository}`
    case 'path':
      return `files matching ${scope.pattern} in ${scope.repository}`
    case 'rule':
      return `rule ${scope.ruleId} in ${scope.repository}`
    case 'advisory': {
      const where = scope.repository === undefined ? 'every repository' : scope.repository
      return `${scope.advisoryId}${scope.purl ? ` in ${scope.purl}` : ''} in ${where}`
    }
  }
}

/** A calendar day written YYYY-MM-DD that exists (no 31 February). */
export function isDay(text: string | undefined): text is string {
  if (text === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
}

/** The instant an accepted risk ends: the start of its expiry day, UTC, as Trivy and OSV-Scanner read it. */
export const expiryInstant = (expiresOn: string) => Date.parse(`${expiresOn}T00:00:00Z`)

export interface ValidationOptions {
  /** Today: an accepted risk must expire after it. Left out, the expiry is not compared. */
  now?: Date
  /** Whether the decision is about code findings: only they have rules and a "used in tests" flag. */
  codeFindings?: boolean
}

function scopeProblems(scope: DecisionScope): string[] {
  const problems: string[] = []
  if (scope.kind !== 'advisory' || scope.repository !== undefined) {
    if (!scope.repository?.trim()) problems.push('Choose the repository the decision is about.')
  }
  switch (scope.kind) {
    case 'finding':
      if (!scope.findingKey.trim()) problems.push('Choose the finding the decision is about.')
      break
    case 'path': {
      const problem = checkPathPattern(scope.pattern)
      if (problem) problems.push(problem)
      break
    }
    case 'rule':
      if (!scope.ruleId.trim()) problems.push('Choose the rule the decision is about.')
      break
    case 'advisory':
      if (!scope.advisoryId.trim()) problems.push('Choose the advisory the decision is about.')
      if (scope.purl !== undefined && !parsePackageUrl(scope.purl))
        problems.push(`"${scope.purl}" is not a package URL: write it as pkg:npm/lodash@4.17.21.`)
      break
  }
  return problems
}

/**
 * What a decision lacks before it can be logged, one sentence per problem; empty when complete.
 * Not affected needs a justification; accepted risk a reason and an expiry after today.
 */
export function validateDecision(decision: Decision, options: ValidationOptions = {}): string[] {
  const problems = scopeProblems(decision.scope)
  if (!decisionStates.includes(decision.state)) problems.push('Choose what the team decided.')
  if (decision.state === 'not-affected' && !justifications.includes(decision.justification as Justification)) {
    problems.push('Say why it is not affected: choose one of the five justifications.')
  }
  if (decision.state === 'accepted-risk') {
    if (!decision.reason.trim()) problems.push('Write why the team accepts the risk.')
    if (!decision.expiresOn) {
      problems.push('Choose the day the accepted risk expires, so that the finding is looked at again.')
    } else if (!isDay(decision.expiresOn)) {
      problems.push(`The expiry "${decision.expiresOn}" is not a day: write it as 2026-12-31.`)
    } else if (options.now && expiryInstant(decision.expiresOn) <= options.now.getTime()) {
      problems.push('Choose an expiry after today: an accepted risk that has already expired is open.')
    }
  }
  if (decision.dueOn !== undefined && decision.dueOn !== '' && !isDay(decision.dueOn)) {
    problems.push(`The due date "${decision.dueOn}" is not a day: write it as 2026-12-31.`)
  }
  if (decision.reason.length > 5000) problems.push('Shorten the reason to 5,000 characters or fewer.')
  if (options.codeFindings === false) {
    if (decision.scope.kind === 'rule')
      problems.push('A rule covers code findings only: choose the finding, a path pattern or the advisory.')
    if (decision.usedInTests) problems.push('"Used in tests" is for code findings only: leave it unticked.')
  }
  return problems
}
