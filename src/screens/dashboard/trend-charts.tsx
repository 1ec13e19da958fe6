import '@mantine/charts/styles.css'
import { AreaChart, BarChart } from '@mantine/charts'
import { Stack, Text } from '@mantine/core'
import { findingSeverities } from '@/data/findings'
import type { TimelineSummary } from '@/data/timeline'

/** The colours of the severities in the charts: dark enough on white, light enough on the dark theme. */
const severityColors = { Critical: 'red.7', High: 'orange.6', Medium: 'yellow.6', Low: 'blue.5', Unknown: 'gray.5' }

/**
 * The trends drawn: open findings by severity per day, stacked, and new against fixed per week.
 * In a chunk of its own with the charts library, loaded when the dashboard shows a chart; the text
 * summary and the table view say the same numbers to a screen reader.
 */
export default function TrendCharts({ summary, days }: { summary: TimelineSummary; days: number }) {
  const shown = findingSeverities.filter((severity) => summary.open[severity].some((count) => count > 0))
  const open = summary.days.map((day, index) => ({
    day,
    ...Object.fromEntries(shown.map((severity) => [severity, summary.open[severity][index]])),
  }))
  const weeks = summary.weeks.map((week) => ({
    week: week.start,
    'New or reopened': week.new + week.reopened,
    'Fixed or closed': week.fixed + week.closed,
  }))
  return (
    <Stack gap="lg">
      <div
        role="img"
        aria-label={`Chart of open findings by severity per day, last ${days} days: the numbers are in the summary and the table view`}
      >
        <Text size="sm" fw={500} mb="xs">
          Open findings by severity, last {days} days
        </Text>
        <AreaChart
          h={220}
          data={open}
          dataKey="day"
          type="stacked"
          withDots={false}
          series={shown.map((severity) => ({ name: severity, color: severityColors[severity] }))}
          withLegend
        />
      </div>
      <div
        role="img"
        aria-label="Chart of new against fixed findings per week: the numbers are in the summary and the table view"
      >
        <Text size="sm" fw={500} mb="xs">
          New against fixed per week
        </Text>
        <BarChart
          h={200}
          data={weeks}
          dataKey="week"
          series={[
            { name: 'New or reopened', color: 'red.7' },
            { name: 'Fixed or closed', color: 'teal.7' },
          ]}
          withLegend
        />
      </div>
    </Stack>
  )
}
