import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { IconBug, IconShieldCheck } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { useOrganisation } from '@/api/organisation'
import { EnforcementBadge, PolicyIssuesBadge, SeverityBadge, VulnerabilitiesBadge } from '@/components/badges'
import { PageHeader } from '@/components/page-header'
import { enforcementStatuses, severities } from '@/data/findings'
import { rankByRisk, violationsByStatus, vulnerabilitiesBySeverity } from '@/data/risk-summary'
import { PingTile } from './ping-tile'

function CountTile({
  id,
  icon,
  title,
  total,
  rows,
}: {
  id: string
  icon: ReactNode
  title: string
  total: number
  rows: ReactNode[]
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Group gap="xs" mb="xs">
        {icon}
        <Title order={2} size="h5" id={id}>
          {title}
        </Title>
      </Group>
      <Text fz={32} fw={700} lh={1.1} mb="sm">
        {total}
      </Text>
      <Stack gap={6}>{rows}</Stack>
    </Card>
  )
}

/** How many repositories the risk table lists. */
const RISK_RANKING_SIZE = 10

export function DashboardScreen() {
  const { organisation } = useOrganisation()
  const { repositories } = organisation
  const bySeverity = vulnerabilitiesBySeverity(repositories)
  const byStatus = violationsByStatus(repositories)
  const ranking = rankByRisk(organisation, RISK_RANKING_SIZE)
  const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0)

  return (
    <>
      <PageHeader title="Dashboard" subtitle="Where your repositories stand today" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="lg">
        <PingTile />
        <CountTile
          id="vulnerabilities-heading"
          icon={<IconBug size={18} aria-hidden />}
          title="Open vulnerabilities"
          total={sum(bySeverity)}
          rows={severities.map((severity) => (
            <Group key={severity} justify="space-between">
              <SeverityBadge severity={severity} />
              <Text size="sm" fw={600} aria-label={`${bySeverity[severity]} ${severity}`}>
                {bySeverity[severity]}
              </Text>
            </Group>
          ))}
        />
        <CountTile
          id="violations-heading"
          icon={<IconShieldCheck size={18} aria-hidden />}
          title="Policy violations"
          total={sum(byStatus)}
          rows={enforcementStatuses.map((status) => (
            <Group key={status} justify="space-between">
              <EnforcementBadge status={status} />
              <Text size="sm" fw={600} aria-label={`${byStatus[status]} ${status}`}>
                {byStatus[status]}
              </Text>
            </Group>
          ))}
        />
      </SimpleGrid>
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
                    <PolicyIssuesBadge count={repository.policyViolations} />
                  </Table.Td>
                  <Table.Td>
                    <VulnerabilitiesBadge count={repository.vulnerabilities} />
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
