/** Relative 'last updated' texts such as '2 hours ago', and their age in minutes for sorting. */

const units = [
  { name: 'year', minutes: 525_600 },
  { name: 'month', minutes: 43_200 },
  { name: 'week', minutes: 10_080 },
  { name: 'day', minutes: 1_440 },
  { name: 'hour', minutes: 60 },
  { name: 'minute', minutes: 1 },
] as const

export function relativeTime(ageMinutes: number): string {
  const unit = units.find((candidate) => ageMinutes >= candidate.minutes) ?? units[units.length - 1]
  const count = Math.max(1, Math.floor(ageMinutes / unit.minutes))
  return `${count} ${unit.name}${count === 1 ? '' : 's'} ago`
}

/** The age a relative text stands for; unreadable text counts as oldest. */
export function ageInMinutes(text: string): number {
  const match = /^(\d+) (year|month|week|day|hour|minute)s? ago$/.exec(text.trim())
  if (!match) return Number.POSITIVE_INFINITY
  const unit = units.find((candidate) => candidate.name === match[2]) as (typeof units)[number]
  return Number(match[1]) * unit.minutes
}
