import { Anchor, Group, Stack, Text } from '@mantine/core'
import { IconFilter } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link, useSearch } from 'wouter'
import type { PolicyViolation, Vulnerability } from '@/data/findings'
import { failingFilterFromQuery } from '@/queries/policy/failing-findings'

/** The findings a policy line's "failing findings" link names (`?rules=`, `?advisories=`): none named, every one. */
export function useFailingFilter() {
  return failingFilterFromQuery(useSearch())
}

function FilterNotice({
  shown,
  total,
  ids,
  tab,
  repository,
  what,
}: {
  shown: number
  total: number
  ids: string[]
  tab: string
  repository: string
  what: string
}) {
  return (
    <Group gap="xs" role="status">
      <IconFilter size={14} aria-hidden />
      <Text size="sm">
        Showing {shown} of {total} {what} that fail the policy's check: {ids.join(', ')}.{' '}
        <Anchor
          component={Link}
          href={`/repository/${encodeURIComponent(repository)}?tab=${tab}`}
          size="sm"
          underline="always"
        >
          Show all {tab === 'policy-issues' ? 'policy issues' : 'vulnerabilities'}
        </Anchor>
      </Text>
    </Group>
  )
}

/** The scanners' policy issues, only those of the rules a policy line's link names. */
export function FailingRules({
  repository,
  violations,
  children,
}: {
  repository: string
  violations: PolicyViolation[]
  children: (shown: PolicyViolation[]) => ReactNode
}) {
  const { rules } = useFailingFilter()
  if (rules.length === 0) return children(violations)
  const named = new Set(rules)
  const shown = violations.filter((violation) => named.has(violation.rule))
  return (
    <Stack gap="md">
      <FilterNotice
        shown={shown.length}
        total={violations.length}
        ids={rules}
        tab="policy-issues"
        repository={repository}
        what="rules"
      />
      {children(shown)}
    </Stack>
  )
}

/** The Vulnerabilities tab, only the advisories a policy line's link names. */
export function VulnerabilitiesWithFilter({
  repository,
  vulnerabilities,
  children: panel,
}: {
  repository: string
  vulnerabilities: Vulnerability[]
  /** The vulnerabilities drawn: those a policy line's link names, else every one. */
  children: (shown: Vulnerability[]) => ReactNode
}) {
  const { advisories } = useFailingFilter()
  if (advisories.length === 0) return panel(vulnerabilities)
  const named = new Set(advisories)
  const shown = vulnerabilities.filter((vulnerability) => named.has(vulnerability.cve))
  return (
    <Stack gap="md">
      <FilterNotice
        shown={shown.length}
        total={vulnerabilities.length}
        ids={advisories}
        tab="vulnerabilities"
        repository={repository}
        what="vulnerabilities"
      />
      {panel(shown)}
    </Stack>
  )
}
