import {
  Alert,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { IconClockExclamation, IconTrendingUp } from '@tabler/icons-react'
import { lazy, Suspense, useDeferredValue, useMemo } from 'react'
import { SeverityBadge } from '@/components/badges'
import { useAddressFilters } from '@/components/use-address-filters'
import { useLastSettled } from '@/components/use-last-settled'
import type { DataSource } from '@/data/data-source'
import { findingSeverities } from '@/data/findings'
import { timelinePeriods, type TimelinePeriod, type TimelineSummary } from '@/data/timeline'
import { plural } from '@/lib/format'
import {
  timelineFiltersFromQuery,
  timelineFiltersToQuery,
  type TimelineFilters,
} from '@/queries/dashboard/timeline-filters'
import { FigureTile } from './figure-tile'

const TrendCharts = lazy(() => import('./trend-charts'))

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

/** Open findings per severity at the end of day `index`. */
const openOn = (summary: TimelineSummary, index: number) =>
  findingSeverities.map((severity) => summary.open[severity][index] ?? 0)

/** The trends in words, for everyone and for screen readers (the charts are pictures of the same numbers). */
export function trendsText(summary: TimelineSummary, days: number): string {
  const first = sum(openOn(summary, 0))
  const last = openOn(summary, summary.days.length - 1)
  const parts = findingSeverities.flatMap((severity, index) =>
    last[index] > 0 ? [`${last[index]} ${severity.toLowerCase()}`] : [],
  )
  const flow = summary.weeks.reduce(
    (total, week) => ({
      new: total.new + week.new,
      reopened: total.reopened + week.reopened,
      fixed: total.fixed + week.fixed,
      closed: total.closed + week.closed,
    }),
    { new: 0, reopened: 0, fixed: 0, closed: 0 },
  )
  return (
    `Open findings: ${first} on ${summary.days[0]}, ${sum(last)} today${parts.length ? ` (${parts.join(', ')})` : ''}, over the last ${days} days. ` +
    `Over ${plural(summary.weeks.length, 'week')}: ${flow.new} new, ${flow.reopened} reopened, ${flow.fixed} fixed, ${flow.closed} closed by a decision.`
  )
}

/** Each week's last day in the period (today for this week). */
function weekEnds(summary: TimelineSummary): number[] {
  return summary.weeks.map((week) => {
    const sunday = new Date(Date.parse(`${week.start}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10)
    const index = summary.days.findIndex((day) => day > sunday)
    return index === -1 ? summary.days.length - 1 : index - 1
  })
}

function TrendTable({ summary }: { summary: TimelineSummary }) {
  const ends = weekEnds(summary)
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" aria-label="Trends by week">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Week</Table.Th>
            {findingSeverities.map((severity) => (
              <Table.Th scope="col" key={severity}>
                Open {severity.toLowerCase()}
              </Table.Th>
            ))}
            <Table.Th scope="col">Open</Table.Th>
            <Table.Th scope="col">New</Table.Th>
            <Table.Th scope="col">Reopened</Table.Th>
            <Table.Th scope="col">Fixed</Table.Th>
            <Table.Th scope="col">Closed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.weeks.map((week, index) => {
            const open = ends[index] < 0 ? findingSeverities.map(() => 0) : openOn(summary, ends[index])
            return (
              <Table.Tr key={week.week}>
                <Table.Th scope="row">
                  {week.week} ({week.start})
                </Table.Th>
                {open.map((count, at) => (
                  <Table.Td key={findingSeverities[at]}>{count}</Table.Td>
                ))}
                <Table.Td>{sum(open)}</Table.Td>
                <Table.Td>{week.new}</Table.Td>
                <Table.Td>{week.reopened}</Table.Td>
                <Table.Td>{week.fixed}</Table.Td>
                <Table.Td>{week.closed}</Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function OverdueCard({ summary }: { summary: TimelineSummary }) {
  const total = sum(findingSeverities.map((severity) => summary.overdue[severity]))
  const { oldest } = summary
  return (
    <FigureTile
      id="overdue-heading"
      icon={<IconClockExclamation size={18} aria-hidden />}
      title="Overdue vulnerabilities"
      figure={total}
    >
      <Stack gap={6} mb="sm">
        {findingSeverities
          .filter((severity) => severity !== 'Unknown' || summary.overdue.Unknown > 0)
          .map((severity) => (
            <Group key={severity} justify="space-between">
              <SeverityBadge severity={severity} />
              <Text size="sm" fw={600} aria-label={`${summary.overdue[severity]} ${severity} overdue`}>
                {summary.overdue[severity]}
              </Text>
            </Group>
          ))}
      </Stack>
      <Text size="sm" data-testid="oldest-open">
        {oldest
          ? `Oldest open: ${oldest.advisory} in ${oldest.repository}, first seen ${oldest.firstSeen.slice(0, 10)} (${plural(oldest.ageDays, 'day')}).`
          : 'No open vulnerability with a history.'}
      </Text>
    </FigureTile>
  )
}

/** Repositories listed in the trends' choice at once. */
const REPOSITORY_OPTIONS_SHOWN = 100

/** The dashboard's history part: overdue vulnerabilities and trends, for the workspace or one repository. */
export function TimelineSection({ source }: { source: DataSource }) {
  const { filters, choose } = useAddressFilters<TimelineFilters>('/', {
    read: timelineFiltersFromQuery,
    write: timelineFiltersToQuery,
    history: 'replace',
  })
  const { period, repository, view } = filters
  const timeline = source.timeline
  // What the figures answer: the figures shown stay while the same question is read again after a
  // change to the workspace, and go when another period or repository is asked for.
  const question = `${period}\u0000${repository}`
  const request = useMemo(
    () =>
      timeline?.({ days: period, repository: repository || undefined }).then(
        (summary) => ({ question, summary, error: undefined }),
        (error: unknown) => ({ question, summary: undefined, error: String(error) }),
      ),
    [timeline, period, repository, question],
  )
  const last = useLastSettled(request)
  const repositoryOptions = useMemo(
    () => [
      { value: '', label: 'All repositories' },
      ...source.repositories.map((each) => ({ value: each.name, label: each.name })),
    ],
    [source.repositories],
  )
  const state =
    last?.result.status === 'ready' && last.result.value.question === question ? last.result.value : undefined
  // The charts are drawn in a render of their own, after the figures and the words are on screen.
  const chartSummary = useDeferredValue(state?.summary)
  if (!timeline) return null

  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} mb="lg">
      {state?.summary ? (
        <OverdueCard summary={state.summary} />
      ) : (
        <Card withBorder padding="lg">
          <Loader size="sm" role="img" aria-label="Reading the history" />
        </Card>
      )}
      <Card
        withBorder
        padding="lg"
        component="section"
        aria-labelledby="trends-heading"
        style={{ gridColumn: 'span 2' }}
      >
        <Group gap="xs" mb="xs">
          <IconTrendingUp size={18} aria-hidden />
          <Title order={2} size="h5" id="trends-heading">
            Trends
          </Title>
        </Group>
        <Group gap="md" align="flex-end" mb="sm" wrap="wrap">
          <SegmentedControl
            aria-label="Period"
            value={String(period)}
            onChange={(value) => choose({ period: Number(value) as TimelinePeriod })}
            data={timelinePeriods.map((days) => ({ value: String(days), label: `${days} days` }))}
          />
          <Select
            label="Repository"
            data={repositoryOptions}
            value={repository}
            allowDeselect={false}
            searchable
            // Ten thousand repositories drawn as options take seconds: typing finds the rest.
            limit={REPOSITORY_OPTIONS_SHOWN}
            nothingFoundMessage="No repository by that name"
            onChange={(value) => choose({ repository: value ?? '' })}
            w={220}
          />
          <SegmentedControl
            aria-label="Show"
            value={view}
            onChange={(value) => choose({ view: value === 'table' ? 'table' : 'chart' })}
            data={[
              { value: 'chart', label: 'Chart' },
              { value: 'table', label: 'Table' },
            ]}
          />
        </Group>
        {state?.error && (
          <Alert color="red" role="alert" title="The history could not be read">
            {state.error}
          </Alert>
        )}
        {state?.summary && (
          <>
            <Text size="sm" mb="sm" data-testid="trends-summary">
              {trendsText(state.summary, period)}
            </Text>
            {view === 'table' ? (
              <TrendTable summary={state.summary} />
            ) : (
              <Suspense fallback={<Loader size="sm" role="img" aria-label="Drawing the charts" />}>
                {chartSummary === state.summary ? (
                  <TrendCharts summary={chartSummary} days={period} />
                ) : (
                  <Loader size="sm" role="img" aria-label="Drawing the charts" />
                )}
              </Suspense>
            )}
          </>
        )}
      </Card>
    </SimpleGrid>
  )
}
