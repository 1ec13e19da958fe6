import { Anchor, Group, Stack, Text } from '@mantine/core'
import { IconFilter } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link, useSearch } from 'wouter'
import type { PolicyViolation, Vulnerability } from '@/data/findings'
import { failingFiltersFromQuery } from '@/queries/policy/failing-findings'

/** The findings a policy line's "failing findings" link names (`?rules=`, `?advisories=`): none named, every one. */
export function useFailingFilters() {
  return failingFiltersFromQuery(useSearch())
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

/** A tab's items, only those whose id a policy line's link names (`ids`); every one when it names none. */
function NamedOnly<T>({
  repository,
  items,
  ids,
  idOf,
  tab,
  what,
  children,
}: {
  repository: string
  items: T[]
  ids: string[]
  idOf: (item: T) => string
  tab: 'policy-issues' | 'vulnerabilities'
  what: string
  children: (shown: T[]) => ReactNode
}) {
  if (ids.length === 0) return children(items)
  const named = new Set(ids)
  const shown = items.filter((item) => named.has(idOf(item)))
  return (
    <Stack gap="md">
      <FilterNotice shown={shown.length} total={items.length} ids={ids} tab={tab} repository={repository} what={what} />
      {children(shown)}
    </Stack>
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
  const { rules } = useFailingFilters()
  return (
    <NamedOnly
      repository={repository}
      items={violations}
      ids={rules}
      idOf={(violation) => violation.rule}
      tab="policy-issues"
      what="rules"
    >
      {children}
    </NamedOnly>
  )
}

/** The Vulnerabilities tab, only the advisories a policy line's link names. */
export function VulnerabilitiesWithFilter({
  repository,
  vulnerabilities,
  children,
}: {
  repository: string
  vulnerabilities: Vulnerability[]
  /** The vulnerabilities drawn: those a policy line's link names, else every one. */
  children: (shown: Vulnerability[]) => ReactNode
}) {
  const { advisories } = useFailingFilters()
  return (
    <NamedOnly
      repository={repository}
      items={vulnerabilities}
      ids={advisories}
      idOf={(vulnerability) => vulnerability.cve}
      tab="vulnerabilities"
      what="vulnerabilities"
    >
      {children}
    </NamedOnly>
  )
}
