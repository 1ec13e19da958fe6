import { compact } from '@/workspace/files/json'
import type { FindingSeverity } from '@/data/findings'
import { scopeKey, type Decision, type DecisionState } from './decision'

/** Who decided, from the signed-in user's ID token. */
export interface DecisionAuthor {
  name: string
  /** The token's `iss`. */
  issuer: string
  /** The token's `sub`: with the issuer, the person whatever their display name. */
  subject: string
}

/**
 * One line of the audit trail. Entries are appended and never edited or removed: the current
 * decision of a scope is its newest entry, and an undo is a further entry.
 */
export interface DecisionEntry extends Decision {
  id: string
  /** When, ISO 8601. */
  at: string
  by: DecisionAuthor
  /** The scope's state before this entry ("needs-triage" when it had no decision). */
  previousState: DecisionState
  /** The severity of the finding or advisory when decided: a higher one later asks for a review. */
  severity: FindingSeverity
  /** Shared by the entries made together by one bulk action. */
  bulkStep?: string
  /** Set on the entries that undid a bulk step: that step's id. */
  undoes?: string
}

export interface DecisionRequest {
  decision: Decision
  severity: FindingSeverity
}

export interface EntryMeta {
  by: DecisionAuthor
  at: string
  /** A new unique id per call; crypto.randomUUID when left out. */
  makeId?: () => string
}

const randomId = () => crypto.randomUUID()

/** Whether `entry` is newer than `than`: later `at`, or the same instant and later in the log. */
function isNewer(entry: DecisionEntry, than: DecisionEntry): boolean {
  if (entry.at === than.at) return true
  const a = Date.parse(entry.at)
  const b = Date.parse(than.at)
  return Number.isNaN(a) || Number.isNaN(b) ? entry.at >= than.at : a >= b
}

/** Each entry's scope key, written once: the same entries are weighed again after every decision. */
const entryKeys = new WeakMap<DecisionEntry, string>()

export function entryScopeKey(entry: DecisionEntry): string {
  let key = entryKeys.get(entry)
  if (key === undefined) entryKeys.set(entry, (key = scopeKey(entry.scope)))
  return key
}

/** The last log weighed and its newest entries: the workspace reads a log again as the same entries and those added after them. */
let lastWeighed: { log: readonly DecisionEntry[]; current: ReadonlyMap<string, DecisionEntry> } | undefined

function startsWith(log: readonly DecisionEntry[], start: readonly DecisionEntry[]): boolean {
  if (start.length > log.length) return false
  for (let at = 0; at < start.length; at++) if (log[at] !== start[at]) return false
  return true
}

/**
 * The newest entry of every scope the log names, by scope key. A log that starts with the last
 * log weighed (the same entries, not copies) is weighed from where that one ended.
 */
export function currentDecisions(log: readonly DecisionEntry[]): ReadonlyMap<string, DecisionEntry> {
  if (lastWeighed?.log === log) return lastWeighed.current
  const from = lastWeighed && startsWith(log, lastWeighed.log) ? lastWeighed : undefined
  const current = new Map(from?.current)
  for (let at = from ? from.log.length : 0; at < log.length; at++) {
    const entry = log[at]
    const key = entryScopeKey(entry)
    const known = current.get(key)
    if (known === undefined || isNewer(entry, known)) current.set(key, entry)
  }
  lastWeighed = { log, current }
  return current
}

const decisionOf = (entry: DecisionEntry | Decision): Decision => ({
  state: entry.state,
  scope: entry.scope,
  reason: entry.reason,
  justification: entry.justification,
  expiresOn: entry.expiresOn,
  dueOn: entry.dueOn,
  usedInTests: entry.usedInTests,
})

const sameDecision = (a: DecisionEntry, b: DecisionEntry) =>
  JSON.stringify(decisionOf(a)) === JSON.stringify(decisionOf(b))

/**
 * The entries that log these decisions, to be appended to the log: each notes its scope's state
 * before it. Given a `bulkStep`, they form one step that `undoBulkStep` can take back.
 */
export function recordDecisions(
  log: readonly DecisionEntry[],
  requests: readonly DecisionRequest[],
  meta: EntryMeta & { bulkStep?: string },
): DecisionEntry[] {
  const current = new Map(currentDecisions(log))
  const makeId = meta.makeId ?? randomId
  return requests.map(({ decision, severity }) => {
    const key = scopeKey(decision.scope)
    const entry: DecisionEntry = compact({
      ...decisionOf(decision),
      reason: decision.reason.trim(),
      id: makeId(),
      at: meta.at,
      by: meta.by,
      previousState: current.get(key)?.state ?? 'needs-triage',
      severity,
      bulkStep: meta.bulkStep,
    })
    current.set(key, entry)
    return entry
  })
}

export interface BulkStep {
  id: string
  at: string
  by: DecisionAuthor
  entries: DecisionEntry[]
}

/** The newest bulk step that has not been undone, if any. */
export function lastBulkStep(log: readonly DecisionEntry[]): BulkStep | undefined {
  const undone = new Set<string>()
  for (const entry of log) if (entry.undoes) undone.add(entry.undoes)
  let newest: DecisionEntry | undefined
  for (const entry of log) {
    if (entry.bulkStep && !undone.has(entry.bulkStep) && (newest === undefined || isNewer(entry, newest)))
      newest = entry
  }
  if (!newest) return undefined
  const id = newest.bulkStep!
  return { id, at: newest.at, by: newest.by, entries: log.filter((entry) => entry.bulkStep === id) }
}

export interface Undo {
  /** The entries to append: each scope back to its state before the step. */
  entries: DecisionEntry[]
  /** Entries of the step left as they are: a later decision replaced them. */
  skipped: DecisionEntry[]
}

/**
 * Takes a bulk step back by appending, for each scope it changed, an entry that restores the
 * decision the scope had before (or no decision). A scope decided again since keeps that decision.
 */
export function undoBulkStep(log: readonly DecisionEntry[], stepId: string, meta: EntryMeta): Undo {
  const makeId = meta.makeId ?? randomId
  const current = currentDecisions(log)
  const entries: DecisionEntry[] = []
  const skipped: DecisionEntry[] = []
  // One pass: each scope's newest entry outside the step, as it stood when the step wrote it.
  const outside = new Map<string, DecisionEntry>()
  for (const entry of log) {
    const key = entryScopeKey(entry)
    if (entry.bulkStep !== stepId) {
      const known = outside.get(key)
      if (known === undefined || isNewer(entry, known)) outside.set(key, entry)
      continue
    }
    const now = current.get(key)!
    // An undo of a later step that brought this entry's decision back leaves it to undo too.
    if (now !== entry && !(now.undoes !== undefined && sameDecision(now, entry))) {
      skipped.push(entry)
      continue
    }
    const before = outside.get(key)
    const restored: Decision = before ? decisionOf(before) : { state: 'needs-triage', scope: entry.scope, reason: '' }
    entries.push(
      compact({
        ...restored,
        id: makeId(),
        at: meta.at,
        by: meta.by,
        previousState: entry.state,
        severity: entry.severity,
        undoes: stepId,
      }),
    )
  }
  return { entries, skipped }
}

/** Undoes the newest bulk step not yet undone; undefined when there is none. */
export function undoLastBulkStep(
  log: readonly DecisionEntry[],
  meta: EntryMeta,
): (Undo & { step: BulkStep }) | undefined {
  const step = lastBulkStep(log)
  return step ? { step, ...undoBulkStep(log, step.id, meta) } : undefined
}
