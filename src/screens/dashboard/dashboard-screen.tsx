import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { IconBug, IconGavel, IconShieldCheck } from '@tabler/icons-react'
import { useMemo, type ReactNode } from 'react'
import { Link } from 'wouter'
import { useDataSource } from '@/state/data-source'
import { EnforcementBadge, PolicyIssuesBadge, SeverityBadge, VulnerabilitiesBadge } from '@/components/badges'
import { PageHeader } from '@/components/page-header'
import { enforcementStatuses, findingSeverities } from '@/data/findings'
import { scannedFor, type Repository } from '@/data/repositories'
import { formatCount, plural } from '@/lib/format'
import { needsTriageTotal, rankByRisk, violationsByStatus, vulnerabilitiesBySeverity } from './risk-summary'
import { PingTile } from './ping-tile'
import { FigureTile } from './figure-tile'
import { TimelineSection } from './timeline-section'
import { ExploitedSection } from './exploited-section'

interface CountTileProps {
  id: string
  icon: ReactNode
  title: string
  /** Each row: its label (a badge) and its count, read out as "<count> <name>". */
  rows: { name: string; badge: ReactNode; count: number }[]
  /** Under the rows, where some repositories were not looked at for these findings: how many. */
  unscanned?: string
}

function CountTile({ id, icon, title, rows, unscanned }: CountTileProps) {
  return (
    <FigureTile id={id} icon={icon} title={title} figure={rows.reduce((total, row) => total + row.count, 0)}>
      <Stack gap={6}>
        {rows.map((row) => (
          <Group key={row.name} justify="space-between">
            {row.badge}
            <Text size="sm" fw={600} aria-label={`${row.count} ${row.name}`}>
              {row.count}
            </Text>
          </Group>
        ))}
        {unscanned && (
          <Text size="xs" c="dimmed">
            {unscanned}
          </Text>
        )}
      </Stack>
    </FigureTile>
  )
}

/** "2 repositories not scanned for vulnerabilities yet", where a count of 0 would say nothing was found. */
function unscannedText(repositories: readonly Repository[], kind: 'policyIssues' | 'vulnerabilities') {
  const count = repositories.filter((repository) => !scannedFor(repository, kind)).length
  if (count === 0) return undefined
  const what = kind === 'policyIssues' ? 'policy issues' : 'vulnerabilities'
  return `${plural(count, 'repository', 'repositories')} not scanned for ${what} yet`
}

/** Open findings nobody has decided on yet, with the way to the vulnerabilities among them. */
function NeedsTriageTile({ count }: { count: number }) {
  return (
    <FigureTile
      id="needs-triage-heading"
      icon={<IconGavel size={18} aria-hidden />}
      title="Needs triage"
      figure={formatCount(count)}
    >
      <Text size="sm" mb="xs">
        Open findings nobody has decided on yet: policy issues and vulnerabilities.
      </Text>
      <Anchor component={Link} href="/vulnerabilities?state=needs-triage" size="sm">
        Show the vulnerabilities that need triage
      </Anchor>
    </FigureTile>
  )
}

/** How many repositories the risk table lists. */
const RISK_RANKING_SIZE = 10

export function DashboardScreen() {
  const { source } = useDataSource()
  const { repositories } = source
  // Counted once per source: at 100,000 repositories the ranking takes a while.
  const { bySeverity, byStatus, needsTriage, ranking, unscanned } = useMemo(
    () => ({
      bySeverity: vulnerabilitiesBySeverity(source),
      byStatus: violationsByStatus(source),
      needsTriage: needsTriageTotal(source),
      ranking: rankByRisk(source, RISK_RANKING_SIZE),
      unscanned: {
        policyIssues: unscannedText(source.repositories, 'policyIssues'),
        vulnerabilities: unscannedText(source.repositories, 'vulnerabilities'),
      },
    }),
    [source],
  )

  return (
    <>
      <PageHeader title="Dashboard" subtitle="Where your repositories stand today" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mb="lg">
        <PingTile />
        <CountTile
          id="vulnerabilities-heading"
          icon={<IconBug size={18} aria-hidden />}
          title="Open vulnerabilities"
          rows={findingSeverities
            .filter((severity) => severity !== 'Unknown' || bySeverity.Unknown > 0)
            .map((severity) => ({
              name: severity,
              badge: <SeverityBadge severity={severity} />,
              count: bySeverity[severity],
            }))}
          unscanned={unscanned.vulnerabilities}
        />
        <CountTile
          id="violations-heading"
          icon={<IconShieldCheck size={18} aria-hidden />}
          title="Policy violations"
          rows={enforcementStatuses.map((status) => ({
            name: status,
            badge: <EnforcementBadge status={status} />,
            count: byStatus[status],
          }))}
          unscanned={unscanned.policyIssues}
        />
        <NeedsTriageTile count={needsTriage} />
      </SimpleGrid>
      <ExploitedSection source={source} />
      <TimelineSection source={source} />
      <Card withBorder padding="lg" component="section" aria-labelledby="risk-heading">
        <Title order={2} size="h4" id="risk-heading">
          {repositories.length > RISK_RANKING_SIZE
            ? `The ${RISK_RANKING_SIZE} riskiest repositories`
            : 'Repositories by risk'}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Vulnerabilities weighted by severity, policy violations by enforcement, and public endpoints that handle
          sensitive data.
        </Text>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Rank</Table.Th>
                <Table.Th scope="col">Repository</Table.Th>
                <Table.Th scope="col">Risk score</Table.Th>
                <Table.Th scope="col">Policy Issues</Table.Th>
                <Table.Th scope="col">Vulnerabilities</Table.Th>
                <Table.Th scope="col">Sensitive endpoints</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ranking.map(({ repository, score, sensitiveEndpoints }, index) => (
                <Table.Tr key={repository.id}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} href={`/repository/${encodeURIComponent(repository.name)}`} fw={500}>
                      {repository.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{score}</Table.Td>
                  <Table.Td>
                    <PolicyIssuesBadge
                      count={repository.policyViolations}
                      scanned={scannedFor(repository, 'policyIssues')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <VulnerabilitiesBadge
                      count={repository.vulnerabilities}
                      scanned={scannedFor(repository, 'vulnerabilities')}
                    />
                  </Table.Td>
                  <Table.Td>{sensitiveEndpoints}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </>
  )
}
