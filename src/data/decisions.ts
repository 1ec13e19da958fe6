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
 * Whether a finding passes the decision filter. `closedByVex`: a VEX statement in the scanner's
 * own file closed it (not affected, fixed): decided, without a decision of the team's.
 */
export function passesDecisionFilter(
  filter: DecisionFilter,
  decision: DecisionView | undefined,
  closedByVex = false,
): boolean {
  if (filter === 'all') return true
  const state: DecisionState = closedByVex && !decision?.decided ? 'not-affected' : (decision?.state ?? 'needs-triage')
  const open = isOpenState(state) && !(closedByVex && !decision?.decided)
  if (filter === 'open') return open
  if (filter === 'decided') return !open
  return state === filter
}
