import { Badge } from '@mantine/core'
import type { ReactNode } from 'react'
import { IconLock, IconQuestionMark, IconWorld } from '@tabler/icons-react'
import { policyIssueLevel, vulnerabilityLevel, type BadgeLevel } from '@/data/badge-thresholds'
import type { EnforcementStatus, FindingSeverity } from '@/data/findings'
import { visibilityOf, type RepositoryVisibility } from '@/data/repositories'
import { levelColors } from './palette'
import classes from './badges.module.css'

/** The class names of the plain badges, for a table that writes its rows' contents itself. */
export const countBadgeClass = `${classes.badge} ${classes.count}`
export const neutralBadgeClass = `${classes.badge} ${classes.neutral}`
export const visibilityClass = classes.visibility

/** A count badge's grade: good / warning / danger (the CSS module's colours), or neutral where nothing looked. */
type CountBadgeLevel = BadgeLevel | 'unscanned'

export interface CountBadgeState {
  text: string
  level: CountBadgeLevel
  label: string
}

/** What a count badge shows where no source of its kind reported: no 0, which would read as nothing found. */
const notScanned = (what: string): CountBadgeState => ({
  text: 'Not scanned',
  level: 'unscanned',
  label: `Not scanned for ${what}`,
})

/**
 * What a count badge shows: the count, graded (the CSS module's colours), and its label; "Not
 * scanned" where `scanned` is false and nothing was found.
 */
export const countBadgeState = {
  policyIssues: (count: number, scanned = true): CountBadgeState =>
    count === 0 && !scanned
      ? notScanned('policy issues')
      : {
          text: String(count),
          level: policyIssueLevel(count),
          label: `${count} ${count === 1 ? 'policy issue' : 'policy issues'}`,
        },
  vulnerabilities: (count: number, scanned = true): CountBadgeState =>
    count === 0 && !scanned
      ? notScanned('vulnerabilities')
      : {
          text: String(count),
          level: vulnerabilityLevel(count),
          label: `${count} ${count === 1 ? 'vulnerability' : 'vulnerabilities'}`,
        },
}

function CountBadge({ text, level, label }: CountBadgeState) {
  return (
    <span className={countBadgeClass} data-level={level} aria-label={label}>
      {text}
    </span>
  )
}

/** A plain badge in the default colours: a language in the repositories table, a note such as "No fix yet". */
export function NeutralBadge({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <span className={neutralBadgeClass} title={title}>
      {children}
    </span>
  )
}

/** `scanned` false: no code scanner reported on the repository (see `scannedFor`). */
export function PolicyIssuesBadge({ count, scanned }: { count: number; scanned?: boolean }) {
  return <CountBadge {...countBadgeState.policyIssues(count, scanned)} />
}

/** `scanned` false: no dependency scanner reported on the repository (see `scannedFor`). */
export function VulnerabilitiesBadge({ count, scanned }: { count: number; scanned?: boolean }) {
  return <CountBadge {...countBadgeState.vulnerabilities(count, scanned)} />
}

/** Enforcement badges: Mandatory red, Recommended amber, Optional grey. */
const enforcementColors: Record<EnforcementStatus, string> = {
  Mandatory: levelColors.danger,
  Recommended: levelColors.warning,
  Optional: 'gray.7',
}

export function EnforcementBadge({ status }: { status: EnforcementStatus }) {
  return (
    <Badge
      color={enforcementColors[status]}
      autoContrast
      variant="filled"
      data-status={status}
      style={{ flexShrink: 0 }}
    >
      {status}
    </Badge>
  )
}

/** A finding's severity, in the CSS module's colours (with the text colour autoContrast picked). */
export function SeverityBadge({ severity }: { severity: FindingSeverity }) {
  return (
    <span className={`${classes.badge} ${classes.severity}`} data-severity={severity}>
      {severity}
    </span>
  )
}

/** An HTTP method, in its colour (the CSS module's, by data-method): GET, POST, PUT, PATCH, DELETE; others grey. */
export function MethodBadge({ method }: { method: string }) {
  return (
    <span className={`${classes.badge} ${classes.method}`} data-method={method.toUpperCase()}>
      {method}
    </span>
  )
}

// One element each, made once: rows that re-render with new results leave an unchanged icon alone.
const visibilityIcons: Record<RepositoryVisibility, ReactNode> = {
  private: <IconLock size={14} aria-hidden />,
  public: <IconWorld size={14} aria-hidden />,
  unknown: <IconQuestionMark size={14} aria-hidden />,
}

/** What a repository's visibility label says: Private, Public, or that no source said which. */
export const visibilityText: Record<RepositoryVisibility, string> = {
  private: 'Private',
  public: 'Public',
  unknown: 'Visibility unknown',
}

/** Private with a lock, Public with a globe, or "Visibility unknown" with a question mark (`isPrivate` undefined). */
export function VisibilityLabel({ isPrivate }: { isPrivate: boolean | undefined }) {
  const visibility = visibilityOf({ isPrivate })
  return (
    <span className={classes.visibility} data-visibility={visibility}>
      {visibilityIcons[visibility]}
      {visibilityText[visibility]}
    </span>
  )
}
