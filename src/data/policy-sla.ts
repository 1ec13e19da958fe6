import type { FindingSeverity } from './findings'
import { prototypeFreeLookup } from '@/lib/prototype-free-lookup'

/** How long a team has to fix a finding, as the policy's front matter says (`sla:`). */
export interface SlaSettings {
  /** Days to fix, counted from first seen, per severity; undefined: no deadline. */
  days: Record<FindingSeverity, number | undefined>
  /** Whether "in triage" stops the clock, as an accepted risk does. */
  inTriagePauses: boolean
}

export const defaultSla: SlaSettings = Object.freeze({
  days: Object.freeze({ Critical: 7, High: 30, Medium: 90, Low: 180, Unknown: undefined }),
  inTriagePauses: false,
})

const MAX_DAYS = 3650
const severityFields = prototypeFreeLookup<FindingSeverity>({
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  unknown: 'Unknown',
})

const shown = (value: unknown) => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value))

/**
 * Reads the front matter's `sla:` field: days per severity (`critical: 7`, or `none` for no
 * deadline) and `inTriagePauses: true`. Each field it cannot use keeps its default and is
 * reported in a sentence that says what to write instead.
 */
export function readSla(value: unknown): { sla: SlaSettings; problems: string[] } {
  if (value === undefined || value === null) return { sla: defaultSla, problems: [] }
  if (typeof value !== 'object' || Array.isArray(value)) {
    return {
      sla: defaultSla,
      problems: [
        'The sla field is not a set of fields: write one line per severity under it, such as "  critical: 7".',
      ],
    }
  }
  const days = { ...defaultSla.days }
  let inTriagePauses = defaultSla.inTriagePauses
  const problems: string[] = []
  for (const [field, given] of Object.entries(value as Record<string, unknown>)) {
    const severity = severityFields[field.toLowerCase()]
    if (field === 'inTriagePauses') {
      if (typeof given === 'boolean') inTriagePauses = given
      else problems.push(`The sla field inTriagePauses is true or false (it is ${shown(given)}).`)
    } else if (severity === undefined) {
      problems.push(
        `The sla field "${field}" is not a severity: use critical, high, medium, low and unknown, and inTriagePauses.`,
      )
    } else if (given === null || (typeof given === 'string' && given.trim().toLowerCase() === 'none')) {
      days[severity] = undefined
    } else if (typeof given === 'number' && Number.isInteger(given) && given >= 1 && given <= MAX_DAYS) {
      days[severity] = given
    } else {
      problems.push(
        `The sla for ${field.toLowerCase()} is a whole number of days from 1 to ${MAX_DAYS}, or none (it is ${shown(given)}).`,
      )
    }
  }
  return { sla: { days, inTriagePauses }, problems }
}
