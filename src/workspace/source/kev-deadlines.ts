import type { Vulnerability } from '@/data/findings'
import { withKevDueDate, type SlaView } from '@/data/sla'

/** A repository's days to fix by finding key, with KEV's due dates where they come first. */
export function withKevDeadlines(
  views: ReadonlyMap<string, SlaView>,
  vulnerabilities: readonly Vulnerability[],
  now: number,
): ReadonlyMap<string, SlaView> {
  const dated = vulnerabilities.filter((vulnerability) => vulnerability.key && vulnerability.exploit?.kev?.dueDate)
  if (dated.length === 0) return views
  const changed = new Map(views)
  for (const vulnerability of dated) {
    const view = changed.get(vulnerability.key!)
    if (view) changed.set(vulnerability.key!, withKevDueDate(view, vulnerability.exploit?.kev?.dueDate, now))
  }
  return changed
}

/** Each occurrence's days to fix (in the occurrences' order), with KEV's due dates where they come first. */
export function occurrencesWithKevDeadlines(
  views: (SlaView | undefined)[],
  findings: readonly Vulnerability[],
  now: number,
): (SlaView | undefined)[] {
  findings.forEach((finding, index) => {
    const view = views[index]
    const due = finding.exploit?.kev?.dueDate
    if (view && due) views[index] = withKevDueDate(view, due, now)
  })
  return views
}
