import { describe, expect, it } from 'vitest'
import { dueText, type SlaView } from './sla'

const view = (marks: Partial<SlaView>): SlaView => ({
  firstSeen: '2026-12-01T00:00:00.000Z',
  ageDays: 6,
  overdue: false,
  dueSoon: false,
  clock: 'running',
  ...marks,
})

describe('a due date in words', () => {
  it("says when KEV's due date is the deadline", () => {
    expect(dueText(view({ dueAt: '2026-12-06T00:00:00.000Z', daysLeft: -1, overdue: true, deadline: 'kev' }))).toBe(
      "Overdue since 2026-12-06 (1 day, KEV's due date)",
    )
    expect(dueText(view({ dueAt: '2026-12-10T00:00:00.000Z', daysLeft: 3, dueSoon: true, deadline: 'kev' }))).toBe(
      "Due 2026-12-10 (in 3 days, KEV's due date)",
    )
    expect(dueText(view({ dueAt: '2026-12-10T00:00:00.000Z', daysLeft: 3 }))).toBe('Due 2026-12-10 (in 3 days)')
  })
})
