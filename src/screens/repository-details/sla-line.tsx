import { Text } from '@mantine/core'
import { byDueDate, dayOf, dueText, type SlaView } from '@/data/sla'
import { plural } from '@/lib/format'
import classes from './sla-line.module.css'

/** The most pressing of several findings' days to fix (a rule's findings in one repository). */
export function mostPressing(
  sla: ReadonlyMap<string, SlaView> | undefined,
  keys: readonly (string | undefined)[],
): SlaView | undefined {
  let pressing: SlaView | undefined
  for (const key of keys) {
    const view = key === undefined ? undefined : sla?.get(key)
    if (view && (pressing === undefined || byDueDate(view, pressing) < 0)) pressing = view
  }
  return pressing
}

/** A finding's age and due date, where the workspace keeps its history. */
export function SlaLine({ view }: { view: SlaView | undefined }) {
  if (view === undefined) return null
  return (
    <Text size="sm" mb="xs">
      First seen {dayOf(view.firstSeen)}, {plural(view.ageDays, 'day')} old.{' '}
      <Text span inherit className={view.overdue ? classes.overdue : undefined}>
        {dueText(view)}
      </Text>
    </Text>
  )
}
