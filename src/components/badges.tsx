import { Badge } from '@mantine/core'
import type { ReactNode } from 'react'
import { IconLock, IconWorld } from '@tabler/icons-react'
import { policyIssueLevel, vulnerabilityLevel, type BadgeLevel } from '@/data/badge-thresholds'
import type { EnforcementStatus, FindingSeverity } from '@/data/findings'
import { levelColors } from './palette'
import classes from './badges.module.css'

/** The class names of the plain badges, for a table that writes its rows' contents itself. */
export const countBadgeClass = `${classes.badge} ${classes.count}`
export const neutralBadgeClass = `${classes.badge} ${classes.neutral}`
export const visibilityClass = classes.visibility

/** What a count badge shows: the count, graded good / warning / danger (the CSS module's colours), and its label. */
export const countBadgeState = {
  policyIssues: (count: number) => ({
    text: String(count),
    level: policyIssueLevel(count),
    label: `${count} ${count === 1 ? 'policy issue' : 'policy issues'}`,
  }),
  vulnerabilities: (count: number) => ({
    text: String(count),
    level: vulnerabilityLevel(count),
    label: `${count} ${count === 1 ? 'vulnerability' : 'vulnerabilities'}`,
  }),
}

function CountBadge({ text, level, label }: { text: string; level: BadgeLevel; label: string }) {
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

export function PolicyIssuesBadge({ count }: { count: number }) {
  return <CountBadge {...countBadgeState.policyIssues(count)} />
}

export function VulnerabilitiesBadge({ count }: { count: number }) {
  return <CountBadge {...countBadgeState.vulnerabilities(count)} />
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
const privateIcon = <IconLock size={14} aria-hidden />
const publicIcon = <IconWorld size={14} aria-hidden />

export function VisibilityLabel({ isPrivate }: { isPrivate: boolean }) {
  return (
    <span className={classes.visibility}>
      {isPrivate ? privateIcon : publicIcon}
      {isPrivate ? 'Private' : 'Public'}
    </span>
  )
}
