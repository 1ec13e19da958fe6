/** A finding's days to fix as the screens show them (from the workspace's history and the policy's SLAs). */
export interface SlaView {
  /** ISO 8601. */
  firstSeen: string
  /** Whole days from first seen to now, or to when the clock ended. */
  ageDays: number
  /** When the days to fix run (or ran) out; unset for a severity without a deadline. */
  dueAt?: string
  /** Whole days from now to the due date, negative once overdue (unset with `dueAt`). */
  daysLeft?: number
  overdue: boolean
  /** Less than 7 days to fix left, and not overdue. */
  dueSoon: boolean
  clock: 'running' | 'paused' | 'ended'
  /** `kev` when the due date is KEV's `dueDate`, earlier than the SLA's. */
  deadline?: 'kev'
}

/** The lists' filter by due date. */
export type DueFilter = 'all' | 'overdue' | 'due-soon'

export const dueFilterOptions: { value: DueFilter; label: string }[] = [
  { value: 'all', label: 'Any due date' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'due-soon', label: 'Due within 7 days' },
]

export function passesDueFilter(filter: DueFilter, view: SlaView | undefined): boolean {
  if (filter === 'all') return true
  if (view === undefined) return false
  return filter === 'overdue' ? view.overdue : view.dueSoon
}

/** Soonest due first: overdue ones from the longest overdue, then those without a deadline, by age. */
export function byDueDate(a: SlaView | undefined, b: SlaView | undefined): number {
  const due = (view: SlaView | undefined) =>
    view?.dueAt === undefined || view.clock === 'ended' ? Infinity : Date.parse(view.dueAt)
  return due(a) - due(b) || (b?.ageDays ?? -1) - (a?.ageDays ?? -1)
}

/** The day of a time, as the lists show it (UTC): 2026-11-08. */
export const dayOf = (iso: string) => iso.slice(0, 10)

/** "Due 2026-11-15 (in 6 days)", "Overdue since 2026-11-15 (3 days)", "Paused, …", "No deadline", "Closed". */
export function dueText(view: SlaView): string {
  if (view.clock === 'ended') return 'Closed'
  if (view.dueAt === undefined) return 'No deadline'
  const days = Math.abs(view.daysLeft ?? 0)
  const count = `${days} ${days === 1 ? 'day' : 'days'}`
  if (view.clock === 'paused') return `Paused, ${dayOf(view.dueAt)} if resumed now`
  const source = view.deadline === 'kev' ? ", KEV's due date" : ''
  return view.overdue
    ? `Overdue since ${dayOf(view.dueAt)} (${count}${source})`
    : `Due ${dayOf(view.dueAt)} (in ${count}${source})`
}
