import type { FindingSeverity } from '@/data/findings'
import { textHash } from '@/workspace/model/finding-keys'
import type { FindingSource } from '@/workspace/model/model'
import { justificationNames, type Decision, type DecisionState, type Justification } from '@/workspace/triage/decision'
import type { DecisionAuthor, DecisionEntry } from '@/workspace/triage/decision-log'
import type {
  AlertKind,
  CodeScanningDismissedReason,
  DependabotDismissedReason,
  SecretScanningResolution,
} from './alert-types'
import type { MappedAlert } from './map-alerts'

/**
 * GitHub's decisions on its alerts (Dependabot's and code scanning's `dismissed_reason`, secret
 * scanning's `resolution`) as Vigil's decisions, and back: a Vigil decision as the `PATCH` body
 * GitHub takes for each kind of alert, or "no GitHub equivalent" with a sentence. Pure. The
 * tables below are the ones docs/github.md shows.
 */

/** How one of GitHub's reasons comes into Vigil. */
export interface ReasonMapping {
  /** GitHub's words for it on the alert's page. */
  label: string
  /** Vigil's state; unset when GitHub closed the alert without anyone deciding (history only). */
  state?: DecisionState
  justification?: Justification
  usedInTests?: true
  /** What the mapping loses, in a sentence; unset when nothing. */
  loss?: string
}

const EXPIRY_LOSS =
  "Vigil asks an accepted risk to be looked at again: it expires (see acceptedRiskDays); GitHub's dismissal does not."
const TESTS_LOSS =
  'Vigil asks "not affected" for a justification: it takes "the vulnerable code is never run" (tests do not run in production).'
const PATTERN_LOSS =
  'GitHub closed the alert because its custom pattern changed: no one decided about the secret, so no decision comes in; the alert is history.'

export const dependabotReasons: Readonly<Record<DependabotDismissedReason, ReasonMapping>> = {
  fix_started: {
    label: 'A fix has already been started',
    state: 'affected',
    loss: 'GitHub counts the alert closed; Vigil keeps the finding open (affected) until a scan no longer finds it.',
  },
  inaccurate: { label: 'This alert is inaccurate or incorrect', state: 'false-positive' },
  no_bandwidth: {
    label: 'No bandwidth to fix this',
    state: 'accepted-risk',
    loss: `Vigil has one state for "no bandwidth" and "tolerable risk" (the reason text keeps which). ${EXPIRY_LOSS}`,
  },
  not_used: {
    label: 'Vulnerable code is not actually used',
    state: 'not-affected',
    justification: 'vulnerable_code_not_in_execute_path',
    loss: 'GitHub does not say whether the package or only its vulnerable code is unused: Vigil takes "the vulnerable code is never run".',
  },
  tolerable_risk: { label: 'Risk is tolerable to this project', state: 'accepted-risk', loss: EXPIRY_LOSS },
}

export const codeScanningReasons: Readonly<Record<CodeScanningDismissedReason, ReasonMapping>> = {
  'false positive': { label: 'False positive', state: 'false-positive' },
  "won't fix": { label: "Won't fix", state: 'accepted-risk', loss: EXPIRY_LOSS },
  'used in tests': {
    label: 'Used in tests',
    state: 'not-affected',
    justification: 'vulnerable_code_not_in_execute_path',
    usedInTests: true,
    loss: TESTS_LOSS,
  },
  mitigated: { label: 'Mitigated', state: 'not-affected', justification: 'inline_mitigations_already_exist' },
}

export const secretScanningResolutions: Readonly<Record<SecretScanningResolution, ReasonMapping>> = {
  false_positive: { label: 'False positive', state: 'false-positive' },
  wont_fix: { label: "Won't fix", state: 'accepted-risk', loss: EXPIRY_LOSS },
  revoked: {
    label: 'Revoked',
    state: 'fixed',
    loss: 'Vigil\'s "fixed" says the secret no longer matters; it still sits in the repository\'s history.',
  },
  used_in_tests: {
    label: 'Used in tests',
    state: 'not-affected',
    justification: 'vulnerable_code_not_in_execute_path',
    usedInTests: true,
    loss: TESTS_LOSS,
  },
  pattern_edited: { label: 'Pattern edited', loss: PATTERN_LOSS },
  pattern_deleted: { label: 'Pattern deleted', loss: PATTERN_LOSS },
}

const reasonTables: Record<AlertKind, Readonly<Record<string, ReasonMapping>>> = {
  dependabot: dependabotReasons,
  'code-scanning': codeScanningReasons,
  'secret-scanning': secretScanningResolutions,
}

/** GitHub's mapping of a reason of one kind of alert, if GitHub documents it. */
export function reasonMapping(kind: AlertKind, reason: string): ReasonMapping | undefined {
  const table = reasonTables[kind]
  return Object.prototype.hasOwnProperty.call(table, reason) ? table[reason] : undefined
}

export interface ImportOptions {
  /** The pull's clock. */
  now: Date
  /**
   * How long an accepted risk that came from GitHub holds, in days from `now`, before Vigil asks
   * for it to be looked at again (GitHub's dismissals never expire; Vigil's accepted risks must). 90 unless said.
   */
  acceptedRiskDays?: number
}

/** A decision GitHub holds, ready for Vigil's log. */
export interface ImportedDecision {
  /**
   * The log entry's id, the same for the same dismissal (time and reason) of the same alert and
   * finding: a second pull gives the same id, and the log keeps an entry once by its id.
   */
  id: string
  /** When GitHub's dismissal or resolution was made (ISO 8601, UTC). */
  at: string
  /** The person who dismissed it, by their GitHub login and account id (issuer: GitHub's origin). */
  by: DecisionAuthor
  decision: Decision
  /** The finding's severity when the decision comes in: a higher one later asks for a review. */
  severity: FindingSeverity
  source: FindingSource
  /** GitHub's own words: the reason as the API writes it, its label, the comment. */
  github: { reason: string; label: string; comment?: string }
  loss?: string
}

export type DecisionImport = { imported: ImportedDecision } | { skipped: string }

/** The person GitHub names no one for: GitHub shows a deleted account as `ghost`. */
const GHOST = 'ghost'

/** The issuer of a GitHub person: the origin of the alert's page (github.com or a GitHub Enterprise Server). */
function gitHubIssuerOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return 'https://github.com'
  }
}

const dayAfter = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10)

/**
 * The Vigil decision of an alert a person dismissed or resolved in GitHub, scoped to its finding
 * in its repository; `undefined` for an alert that is not dismissed (open, fixed, auto-dismissed:
 * nothing was decided). A reason GitHub does not document, or none, is skipped with a sentence.
 */
export function decisionOfAlert(alert: MappedAlert, options: ImportOptions): DecisionImport | undefined {
  if (alert.status !== 'dismissed' || !alert.dismissal) return undefined
  const { reason, comment, by } = alert.dismissal
  const source = alert.finding.source
  if (!source) return { skipped: 'the finding does not name the alert it came from' }
  if (!reason) return { skipped: `${alert.kind} alert ${source.number} was closed without a reason` }
  const mapping = reasonMapping(alert.kind, reason)
  if (!mapping) return { skipped: `${alert.kind} alert ${source.number} has a reason Vigil does not know: "${reason}"` }
  if (!mapping.state) return { skipped: mapping.loss ?? `"${reason}" is no decision` }
  const at = alert.dismissal.at ?? alert.closedAt ?? alert.updatedAt
  if (!at) return { skipped: `${alert.kind} alert ${source.number} does not say when it was closed` }
  const login = by?.login ?? GHOST
  const verb = alert.kind === 'secret-scanning' ? 'Resolved' : 'Dismissed'
  const decision: Decision = {
    state: mapping.state,
    scope: { kind: 'finding', repository: alert.repository, findingKey: alert.finding.key },
    reason: `${verb} in GitHub by @${login} as "${mapping.label}"${comment ? `: ${comment}` : '.'}`,
    ...(mapping.justification ? { justification: mapping.justification } : {}),
    ...(mapping.usedInTests ? { usedInTests: true } : {}),
    ...(mapping.state === 'accepted-risk' ? { expiresOn: dayAfter(options.now, options.acceptedRiskDays ?? 90) } : {}),
  }
  const id = `github-${textHash([source.repository, source.kind, source.number, at, reason, alert.finding.key].join('\u0000'))}`
  return {
    imported: {
      id,
      at,
      by: {
        name: login,
        issuer: gitHubIssuerOf(source.url),
        subject: by?.id !== undefined ? String(by.id) : login,
      },
      decision,
      severity: alert.finding.severity,
      source,
      github: { reason, label: mapping.label, ...(comment ? { comment } : {}) },
      ...(mapping.loss ? { loss: mapping.loss } : {}),
    },
  }
}

/** The log entry of an imported decision; `previousState` is its scope's state before it. */
export function decisionEntryOf(
  imported: ImportedDecision,
  previousState: DecisionState = 'needs-triage',
): DecisionEntry {
  return {
    ...imported.decision,
    id: imported.id,
    at: imported.at,
    by: imported.by,
    previousState,
    severity: imported.severity,
  }
}

// Back to GitHub --------------------------------------------------------------------------------

/** The most a dismissal's comment holds (Dependabot's and code scanning's `maxLength`). */
export const COMMENT_LIMIT = 280

export type GitHubAlertPatch =
  | { state: 'open' }
  | {
      state: 'dismissed'
      dismissed_reason: DependabotDismissedReason | CodeScanningDismissedReason
      dismissed_comment?: string
    }
  | {
      state: 'resolved'
      resolution: Exclude<SecretScanningResolution, 'pattern_edited' | 'pattern_deleted'>
      resolution_comment?: string
    }

/** What writing a Vigil decision to one alert comes to: a request, or nothing and why. */
export type GitHubWrite =
  | { write: true; method: 'PATCH'; path: string; body: GitHubAlertPatch; loss?: string }
  | { write: false; reason: string }

/** What of a decision GitHub can take. */
export type WritableDecision = Pick<Decision, 'state' | 'reason' | 'justification' | 'usedInTests' | 'expiresOn'>

/** `/repos/{owner}/{repo}/{kind}/alerts/{number}`, relative to the API's base URL. */
function alertPath(source: FindingSource): string {
  const [owner, name] = source.repository.split('/')
  return `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name ?? '')}/${source.kind}/alerts/${source.number}`
}

/** The decision in a comment GitHub keeps: the reason, the justification, the expiry; 280 characters at most. */
function commentOf(decision: WritableDecision): string | undefined {
  const parts = [
    decision.reason.trim(),
    decision.state === 'not-affected' && decision.justification
      ? `Not affected: ${justificationNames[decision.justification]}.`
      : '',
    decision.state === 'accepted-risk' && decision.expiresOn ? `Accepted until ${decision.expiresOn}.` : '',
  ].filter(Boolean)
  const text = parts.join(' ').replace(/\s+/g, ' ').trim()
  if (!text) return undefined
  return text.length <= COMMENT_LIMIT ? text : `${text.slice(0, COMMENT_LIMIT - 1)}…`
}

const NO_EXPIRY = 'GitHub keeps no expiry: the day is in the comment, and nothing reopens the alert then.'
const NOT_AFFECTED_AS_FALSE_POSITIVE =
  'GitHub has no "not affected" for this kind of alert: "false positive" is its nearest; the justification is in the comment.'

/** The PATCH of one alert, with what the decision loses on the way. */
const patch = (source: FindingSource, body: GitHubAlertPatch, loss?: string): GitHubWrite => ({
  write: true,
  method: 'PATCH',
  path: alertPath(source),
  body,
  ...(loss ? { loss } : {}),
})

function dismissed(
  source: FindingSource,
  reason: DependabotDismissedReason | CodeScanningDismissedReason,
  decision: WritableDecision,
  loss?: string,
): GitHubWrite {
  const comment = commentOf(decision)
  return patch(
    source,
    { state: 'dismissed', dismissed_reason: reason, ...(comment ? { dismissed_comment: comment } : {}) },
    loss,
  )
}

function resolved(
  source: FindingSource,
  resolution: Exclude<SecretScanningResolution, 'pattern_edited' | 'pattern_deleted'>,
  decision: WritableDecision,
  loss?: string,
): GitHubWrite {
  const comment = commentOf(decision)
  return patch(source, { state: 'resolved', resolution, ...(comment ? { resolution_comment: comment } : {}) }, loss)
}

const reopen = (source: FindingSource, loss?: string): GitHubWrite => patch(source, { state: 'open' }, loss)

/**
 * What writing a Vigil decision back to the GitHub alert a finding came from would send: the
 * `PATCH` of `/repos/{owner}/{repo}/{dependabot,code-scanning,secret-scanning}/alerts/{number}`
 * and its body, with what GitHub cannot hold; or no request, with the sentence a preview shows.
 */
export function gitHubWriteOf(decision: WritableDecision, source: FindingSource): GitHubWrite {
  const { state } = decision
  if (state === 'needs-triage') return reopen(source)
  if (state === 'in-triage')
    return {
      write: false,
      reason: 'GitHub has no state for an alert someone is looking at: nothing is written, the alert stays as it is.',
    }
  switch (source.kind) {
    case 'dependabot':
      switch (state) {
        case 'affected':
          return dismissed(
            source,
            'fix_started',
            decision,
            'GitHub counts an alert dismissed as "fix started" as closed; Vigil counts it open until fixed.',
          )
        case 'not-affected':
          return dismissed(
            source,
            'not_used',
            decision,
            decision.justification === 'vulnerable_code_not_in_execute_path'
              ? undefined
              : 'GitHub has one reason for "not affected" (not used): the justification is in the comment.',
          )
        case 'false-positive':
          return dismissed(source, 'inaccurate', decision)
        case 'accepted-risk':
          return dismissed(source, 'tolerable_risk', decision, NO_EXPIRY)
        case 'fixed':
          return {
            write: false,
            reason:
              'GitHub closes a Dependabot alert as fixed itself, once the manifest no longer holds a vulnerable version: its API cannot.',
          }
      }
      break
    case 'code-scanning':
      switch (state) {
        case 'affected':
          return reopen(
            source,
            'GitHub has no reason for "affected": the alert is kept open (reopened if it was closed).',
          )
        case 'not-affected':
          if (decision.usedInTests) return dismissed(source, 'used in tests', decision)
          if (decision.justification === 'inline_mitigations_already_exist')
            return dismissed(source, 'mitigated', decision)
          return dismissed(source, 'false positive', decision, NOT_AFFECTED_AS_FALSE_POSITIVE)
        case 'false-positive':
          return dismissed(source, 'false positive', decision)
        case 'accepted-risk':
          return dismissed(source, "won't fix", decision, NO_EXPIRY)
        case 'fixed':
          return {
            write: false,
            reason:
              'GitHub closes a code scanning alert as fixed itself, once an analysis no longer finds it: its API cannot.',
          }
      }
      break
    case 'secret-scanning':
      switch (state) {
        case 'affected':
          return reopen(
            source,
            'GitHub has no resolution for "affected": the alert is kept open (reopened if it was resolved).',
          )
        case 'not-affected':
          if (decision.usedInTests) return resolved(source, 'used_in_tests', decision)
          return resolved(source, 'false_positive', decision, NOT_AFFECTED_AS_FALSE_POSITIVE)
        case 'false-positive':
          return resolved(source, 'false_positive', decision)
        case 'accepted-risk':
          return resolved(source, 'wont_fix', decision, NO_EXPIRY)
        case 'fixed':
          return resolved(
            source,
            'revoked',
            decision,
            'Written as "revoked": GitHub\'s resolution for a secret made harmless.',
          )
      }
      break
  }
  return { write: false, reason: `Vigil does not know the state "${state}".` }
}
