import { findingSeverities, type FindingSeverity, type Vulnerability } from './findings'

/** What the fix-first order reads of a finding, or of an advisory across findings. */
export type FixFirstSubject = Pick<Vulnerability, 'exploit' | 'epss' | 'severity'> & {
  cvss?: { score: number }
}

/**
 * The chance of exploitation a finding no EPSS source scores counts as: neither assumed safe nor
 * assumed exploited (docs/intelligence.md says why this value).
 */
export const UNSCORED_EPSS = 0.01

/** A severity's impact where no CVSS score is given: about the middle of its CVSS band, out of 1. */
const bandImpact: Record<FindingSeverity, number> = { Critical: 0.95, High: 0.8, Medium: 0.55, Low: 0.2, Unknown: 0.55 }

/** The EPSS that counts: the catalogue's (the day's), else the scanner's. */
export const epssOf = (subject: Pick<FixFirstSubject, 'exploit' | 'epss'>): number | undefined =>
  subject.exploit?.catalogueEpss?.score ?? subject.epss ?? subject.exploit?.epss?.score

/** Whether CISA's KEV catalogue, or the scanner, says attackers exploit it. */
export const isExploited = (subject: Pick<FixFirstSubject, 'exploit'>): boolean =>
  !!subject.exploit?.kev || !!subject.exploit?.knownExploited

/** The severity's weight, 0–1: the CVSS score out of 10, else the middle of the severity's band. */
export const impactOf = (subject: Pick<FixFirstSubject, 'severity' | 'cvss'>) =>
  subject.cvss ? Math.min(Math.max(subject.cvss.score, 0), 10) / 10 : bandImpact[subject.severity]

/** The expected harm: the chance of exploitation in the next 30 days times the severity, 0–1. */
export const fixFirstScore = (subject: FixFirstSubject): number =>
  (epssOf(subject) ?? UNSCORED_EPSS) * impactOf(subject)

const severityRank = (severity: FindingSeverity) => findingSeverities.indexOf(severity)

/**
 * "Fix first", the one order wherever findings or advisories are ranked: exploited ones first
 * (in KEV; those used in ransomware before the others), then by `fixFirstScore`, then the most
 * severe.
 */
export function byFixFirst(a: FixFirstSubject, b: FixFirstSubject): number {
  return (
    Number(isExploited(b)) - Number(isExploited(a)) ||
    Number(!!b.exploit?.kev?.ransomware) - Number(!!a.exploit?.kev?.ransomware) ||
    fixFirstScore(b) - fixFirstScore(a) ||
    severityRank(a.severity) - severityRank(b.severity) ||
    (b.cvss?.score ?? -1) - (a.cvss?.score ?? -1)
  )
}

/**
 * `byFixFirst` as three numbers to compare in turn, each higher first: made once per finding, so
 * that sorting a million occurrences compares numbers, not findings.
 */
export function fixFirstKeys(subject: FixFirstSubject): [exploited: number, score: number, severity: number] {
  return [
    Number(isExploited(subject)) * 2 + Number(!!subject.exploit?.kev?.ransomware),
    fixFirstScore(subject),
    (findingSeverities.length - severityRank(subject.severity)) * 12 + (subject.cvss?.score ?? -1) + 1,
  ]
}

/** The order in words, where it is offered. */
export const fixFirstExplanation =
  "Fix first puts what attackers exploit today first: findings in CISA's Known Exploited Vulnerabilities catalogue (KEV), those used in ransomware campaigns before the others. The rest follow by expected harm: the chance of exploitation in the next 30 days (FIRST's EPSS) times the severity (the CVSS score out of 10, else the middle of the severity's band). A finding no EPSS source scores counts as 1%."

/** An EPSS score as a percentage: `94%`, `3.5%`, `0.21%`. */
export const epssPercent = (value: number) => `${(value * 100).toFixed(value >= 0.1 ? 0 : value >= 0.01 ? 1 : 2)}%`

/** A percentile as a whole percent, never rounded up: 0.99957 is above 99%, not all, of the scored. */
const wholePercent = (percentile: number) => Math.floor(percentile * 100 + 1e-9)

/** A percentile in words: `more likely than 99% of advisories`. */
export const percentileText = (percentile: number) => `more likely than ${wholePercent(percentile)}% of advisories`

/**
 * The scanner's own EPSS, where it is to be shown beside the catalogue's: when the catalogue has
 * none, or the two differ in what is shown (three decimals).
 */
export function scannerEpssBeside(subject: Pick<FixFirstSubject, 'exploit' | 'epss'>): number | undefined {
  const scanner = subject.epss ?? subject.exploit?.epss?.score
  const catalogue = subject.exploit?.catalogueEpss?.score
  return scanner !== undefined && (catalogue === undefined || Math.abs(catalogue - scanner) >= 0.0005)
    ? scanner
    : undefined
}

const ordinal = (value: number) => {
  const n = wholePercent(value)
  const suffix =
    n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th')
  return `${n}${suffix}`
}

/** Why a finding stands where fix first puts it, one sentence per reason, the strongest first. */
export function fixFirstReasons(subject: FixFirstSubject): string[] {
  const reasons: string[] = []
  const kev = subject.exploit?.kev
  if (kev) {
    reasons.push(
      `In CISA's KEV catalogue since ${kev.dateAdded}: attackers exploit ${kev.cve} today${kev.ransomware ? ', in ransomware campaigns too' : ''}.` +
        (kev.dueDate ? ` KEV asks for it to be fixed by ${kev.dueDate}.` : ''),
    )
  } else if (subject.exploit?.knownExploited) {
    reasons.push('The scanner reports it as known to be exploited.')
  }
  const catalogue = subject.exploit?.catalogueEpss
  const epss = epssOf(subject)
  if (catalogue) {
    reasons.push(
      `EPSS ${epssPercent(catalogue.score)} chance of exploitation in the next 30 days (${ordinal(catalogue.percentile)} percentile, scored ${catalogue.date}).`,
    )
  } else if (epss !== undefined) {
    const date = subject.exploit?.epss?.date
    reasons.push(
      `EPSS ${epssPercent(epss)} chance of exploitation in the next 30 days, as the scanner gave it${date ? ` (${date})` : ''}.`,
    )
  } else {
    reasons.push(`No EPSS score: counted as a ${epssPercent(UNSCORED_EPSS)} chance of exploitation.`)
  }
  reasons.push(
    subject.cvss
      ? `${subject.severity} severity (CVSS ${subject.cvss.score.toFixed(1)}).`
      : `${subject.severity} severity${subject.severity === 'Unknown' ? ', counted as Medium' : ''}.`,
  )
  return reasons
}
