/** What a team decided about a finding, in VEX's terms where VEX has one. */
export type DecisionState =
  'needs-triage' | 'in-triage' | 'affected' | 'not-affected' | 'false-positive' | 'accepted-risk' | 'fixed'

export const decisionStates: DecisionState[] = [
  'needs-triage',
  'in-triage',
  'affected',
  'not-affected',
  'false-positive',
  'accepted-risk',
  'fixed',
]

export const decisionStateNames: Record<DecisionState, string> = {
  'needs-triage': 'Needs triage',
  'in-triage': 'In triage',
  affected: 'Affected',
  'not-affected': 'Not affected',
  'false-positive': 'False positive',
  'accepted-risk': 'Accepted risk',
  fixed: 'Fixed',
}

/** A finding's decision as the screens show it, once every decision of the workspace is weighed. */
export interface DecisionView {
  /** What counts: "needs-triage" when undecided, or when an accepted risk expired. */
  state: DecisionState
  /** An accepted risk past its expiry: open again. */
  expired: boolean
  /** More severe now than when it was decided. */
  review: boolean
  /** The decision that applies, when one does (also when it expired). */
  decided?: {
    /** The log entry's id, where the view was made from the log. */
    id?: string
    state: DecisionState
    reason: string
    by: string
    at: string
    scope: string
    justification?: string
    expiresOn?: string
    dueOn?: string
  }
}

const closedStates: ReadonlySet<DecisionState> = new Set(['not-affected', 'false-positive', 'fixed', 'accepted-risk'])

/** Whether a decision leaves its finding open: closed are not affected, false positive, fixed and an accepted risk in force. */
export const isOpenState = (state: DecisionState) => !closedStates.has(state)

/** Which findings a list shows by their decision. */
export type DecisionFilter = 'open' | 'needs-triage' | 'decided' | 'all' | DecisionState

export const decisionFilterOptions: { value: DecisionFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'needs-triage', label: 'Needs triage' },
  { value: 'in-triage', label: 'In triage' },
  { value: 'affected', label: 'Affected' },
  { value: 'decided', label: 'Decided (closed)' },
  { value: 'not-affected', label: 'Not affected' },
  { value: 'false-positive', label: 'False positive' },
  { value: 'accepted-risk', label: 'Accepted risk' },
  { value: 'fixed', label: 'Fixed' },
  { value: 'all', label: 'Any state' },
]

/**
 * The state a finding shows: its decision's, else "not affected" where a VEX statement in the
 * scanner's own file closed it, else "needs triage".
 */
export const shownState = (decision: DecisionView | undefined, closedByVex = false): DecisionState =>
  closedByVex && !decision?.decided ? 'not-affected' : (decision?.state ?? 'needs-triage')

/** What the decisions of several findings (an advisory's, say) come to, for one line of a list. */
export interface DecisionSummary {
  /** The state they all share, or "mixed". */
  state: DecisionState | 'mixed'
  /** How many nobody has decided on yet. */
  needsTriage: number
  /** Any of them has an accepted risk that expired, or is more severe than when it was decided. */
  expired: boolean
  review: boolean
}

/**
 * Sums up the decisions of `findings` (indexes into `decisions`); `closedByVex` tells which a VEX
 * statement of the scanner closed. No findings sum up as "needs triage" with none to triage.
 */
export function summariseDecisions(
  findings: readonly number[],
  decisions: readonly (DecisionView | undefined)[] | undefined,
  closedByVex: (finding: number) => boolean = () => false,
): DecisionSummary {
  let state: DecisionState | 'mixed' | undefined
  let needsTriage = 0
  let expired = false
  let review = false
  for (const finding of findings) {
    const decision = decisions?.[finding]
    const shown = shownState(decision, closedByVex(finding))
    if (shown === 'needs-triage') needsTriage += 1
    if (decision?.expired) expired = true
    if (decision?.review) review = true
    state = state === undefined || state === shown ? shown : 'mixed'
  }
  return { state: state ?? 'needs-triage', needsTriage, expired, review }
}

/**
 * Whether a finding passes the decision filter. `closedByVex`: a VEX statement in the scanner's
 * own file closed it (not affected, fixed): decided, without a decision of the team's.
 */
export function passesDecisionFilter(
  filter: DecisionFilter,
  decision: DecisionView | undefined,
  closedByVex = false,
): boolean {
  if (filter === 'all') return true
  const state = shownState(decision, closedByVex)
  const open = isOpenState(state) && !(closedByVex && !decision?.decided)
  if (filter === 'open') return open
  if (filter === 'decided') return !open
  return state === filter
}
