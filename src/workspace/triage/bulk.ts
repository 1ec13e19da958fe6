import type { FindingSeverity } from '@/data/findings'
import {
  scopeKey,
  validateDecision,
  type Decision,
  type DecisionScope,
  type DecisionState,
  type Justification,
} from './decision'
import type { DecisionRequest } from './decision-log'
import type { DecidableFinding } from './resolve'

/** How wide a decision on the chosen findings reaches; each finding then gives its own scope. */
export type ScopeChoice = 'finding' | 'path' | 'rule' | 'advisory-in-repository' | 'advisory-everywhere'

/** A decision as the triage dialog edits it, for one finding or many. */
export interface DecisionDraft {
  state: DecisionState
  scope: ScopeChoice
  /** The path pattern, for the "path" scope. */
  pattern?: string
  reason: string
  justification?: Justification
  expiresOn?: string
  dueOn?: string
  usedInTests?: boolean
}

const severityRank: Record<FindingSeverity, number> = { Unknown: 0, Low: 1, Medium: 2, High: 3, Critical: 4 }

function scopeFor(finding: DecidableFinding, draft: DecisionDraft): DecisionScope | undefined {
  switch (draft.scope) {
    case 'finding':
      return { kind: 'finding', repository: finding.repository, findingKey: finding.key }
    case 'path':
      return { kind: 'path', repository: finding.repository, pattern: draft.pattern ?? '' }
    case 'rule':
      return finding.kind === 'policy-issue' && finding.ruleId
        ? { kind: 'rule', repository: finding.repository, ruleId: finding.ruleId }
        : undefined
    case 'advisory-in-repository':
      return finding.advisoryId
        ? { kind: 'advisory', repository: finding.repository, advisoryId: finding.advisoryId }
        : undefined
    case 'advisory-everywhere':
      return finding.advisoryId ? { kind: 'advisory', advisoryId: finding.advisoryId } : undefined
  }
}

/**
 * The decisions a draft makes over the chosen findings: one per distinct scope (a decision on an
 * advisory in a repository covers all its findings there), each with the highest severity it
 * covers. Findings the scope cannot reach (no advisory, no rule) are left out: `checkDraft` says so.
 */
export function expandDraft(findings: readonly DecidableFinding[], draft: DecisionDraft): DecisionRequest[] {
  const requests = new Map<string, DecisionRequest>()
  for (const finding of findings) {
    const scope = scopeFor(finding, draft)
    if (!scope) continue
    const key = scopeKey(scope)
    const known = requests.get(key)
    if (known) {
      if (severityRank[finding.severity] > severityRank[known.severity]) known.severity = finding.severity
      continue
    }
    const decision: Decision = {
      state: draft.state,
      scope,
      reason: draft.reason.trim(),
      ...(draft.state === 'not-affected' && draft.justification ? { justification: draft.justification } : {}),
      ...(draft.state === 'accepted-risk' && draft.expiresOn ? { expiresOn: draft.expiresOn } : {}),
      ...(draft.state === 'affected' && draft.dueOn ? { dueOn: draft.dueOn } : {}),
      ...(draft.usedInTests ? { usedInTests: true } : {}),
    }
    requests.set(key, { decision, severity: finding.severity })
  }
  return [...requests.values()]
}

/** What the draft lacks before it can be applied to these findings, one sentence each; empty when complete. */
export function checkDraft(findings: readonly DecidableFinding[], draft: DecisionDraft, now?: Date): string[] {
  if (findings.length === 0) return ['Choose the findings to decide on.']
  const problems: string[] = []
  if (draft.state === 'needs-triage') problems.push('Choose what the team decided.')
  const unreachable = findings.filter((finding) => !scopeFor(finding, draft)).length
  if (unreachable > 0) {
    const what = draft.scope === 'rule' ? 'rule' : 'advisory'
    const article = what === 'rule' ? 'a' : 'an'
    problems.push(
      unreachable === findings.length
        ? `${findings.length === 1 ? 'The chosen finding has' : 'None of the chosen findings has'} ${findings.length === 1 ? 'no' : article} ${what}: choose "this finding" or a path pattern instead.`
        : `${unreachable} of the ${findings.length} chosen findings ${unreachable === 1 ? 'has' : 'have'} no ${what}: choose "this finding" or a path pattern instead.`,
    )
  }
  const codeFindings = findings.every((finding) => finding.kind === 'policy-issue')
  const first = expandDraft(findings, draft)[0]
  const sample: Decision = first?.decision ?? {
    ...draft,
    scope: { kind: 'finding', repository: findings[0].repository, findingKey: findings[0].key },
  }
  for (const problem of validateDecision({ ...sample, reason: draft.reason }, { now, codeFindings }))
    if (!problems.includes(problem)) problems.push(problem)
  return problems
}

/** The narrowest scope that fits every chosen finding, to start the dialog with. */
export function defaultScope(findings: readonly DecidableFinding[]): ScopeChoice {
  return findings.length > 1 && findings.every((finding) => finding.advisoryId) ? 'advisory-in-repository' : 'finding'
}
