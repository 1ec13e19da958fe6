import { levelColors } from '@/components/palette'
import { formatCount } from '@/lib/format'
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Progress,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core'
import { IconCalendarStats, IconInfoCircle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { PageHeader } from '@/components/page-header'
import {
  appTypePolicies,
  coverageLevel,
  healthLevel,
  languagePolicies,
  masterPolicy,
  policySummary,
  type HealthLevel,
} from '@/data/policies'

const HEALTH_SCORE_MEANING = 'A composite of coverage, update recency and policy robustness, from 0 to 10.'
const healthColors: Record<HealthLevel, string> = {
  strong: levelColors.good,
  fair: levelColors.warning,
  weak: levelColors.danger,
}

function SectionTitle({ id, title, about }: { id: string; title: string; about: string }) {
  return (
    <Group gap={6} mb="sm">
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <Tooltip label={about} multiline w={280}>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`About ${title}: ${about}`}>
          <IconInfoCircle size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  )
}

function Section({ id, title, about, children }: { id: string; title: string; about: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <SectionTitle id={id} title={title} about={about} />
      {children}
    </Card>
  )
}

function Coverage({ percent }: { percent: number }) {
  const level = coverageLevel(percent)
  return (
    <Stack gap={4} miw={120}>
      <Text size="sm" data-level={level}>
        {percent}%
      </Text>
      <Progress value={percent} color={healthColors[level]} size="sm" aria-label={`Coverage ${percent}%`} />
    </Stack>
  )
}

function HealthScore({ score }: { score: number }) {
  const level = healthLevel(score)
  return (
    <Badge
      color={healthColors[level]}
      autoContrast
      variant="filled"
      data-level={level}
      aria-label={`Health score ${score.toFixed(1)} of 10`}
    >
      {score.toFixed(1)}
    </Badge>
  )
}

function HealthScoreHeader() {
  return (
    <Tooltip label={HEALTH_SCORE_MEANING} multiline w={260}>
      <Group gap={4} wrap="nowrap" tabIndex={0} aria-label={`Policy Health Score: ${HEALTH_SCORE_MEANING}`}>
        Policy Health Score
        <IconInfoCircle size={14} aria-hidden />
      </Group>
    </Tooltip>
  )
}

interface PolicyRow {
  name: ReactNode
  totalRepos: number
  coverage: number
  lastUpdated?: string
  healthScore: number
}

/** The language and app-type tables: a name, repositories, coverage and health, by colour too. */
function PolicyTable({
  firstColumn,
  rows,
  withLastUpdated = false,
}: {
  firstColumn: string
  rows: PolicyRow[]
  withLastUpdated?: boolean
}) {
  return (
    <Table.ScrollContainer minWidth={withLastUpdated ? 640 : 560}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{firstColumn}</Table.Th>
            <Table.Th scope="col">Total Repos</Table.Th>
            <Table.Th scope="col">Coverage %</Table.Th>
            {withLastUpdated && <Table.Th scope="col">Last Updated</Table.Th>}
            <Table.Th scope="col">
              <HealthScoreHeader />
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={index}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>{formatCount(row.totalRepos)}</Table.Td>
              <Table.Td>
                <Coverage percent={row.coverage} />
              </Table.Td>
              {withLastUpdated && <Table.Td>{row.lastUpdated}</Table.Td>}
              <Table.Td>
                <HealthScore score={row.healthScore} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

export function PoliciesScreen() {
  return (
    <>
      <PageHeader title="Policies" subtitle="How well security policies cover your repositories" />
      <Stack gap="lg">
        <Section
          id="summary-heading"
          title={policySummary.period}
          about="What changed in policy coverage over the last 30 days."
        >
          <List spacing="xs" icon={<IconCalendarStats size={16} aria-hidden />}>
            {policySummary.statements.map((statement) => (
              <List.Item key={statement}>{statement}</List.Item>
            ))}
          </List>
        </Section>

        <Section
          id="master-heading"
          title="Master Policy"
          about="The baseline policy that applies to every repository."
        >
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Coverage</Table.Th>
                  <Table.Th scope="col">Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td>
                    <Badge color={levelColors.good} variant="filled">
                      {masterPolicy.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      <Text size="sm">
                        {masterPolicy.coverage}% ({formatCount(masterPolicy.covered)} /{' '}
                        {formatCount(masterPolicy.total)})
                      </Text>
                      <Progress
                        value={masterPolicy.coverage}
                        color={levelColors.good}
                        size="sm"
                        aria-label="Master policy coverage"
                      />
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Button component={Link} href="/policy" size="xs" variant="default">
                      View policy
                    </Button>
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Section>

        <Section
          id="language-heading"
          title="Language-Specific Policies"
          about="Policies that add rules for one language on top of the master policy."
        >
          <PolicyTable
            firstColumn="Language"
            withLastUpdated
            rows={languagePolicies.map((row) => ({
              ...row,
              name: (
                <Anchor href="#" fw={500}>
                  {row.language}
                </Anchor>
              ),
            }))}
          />
        </Section>

        <Section
          id="app-type-heading"
          title="App-Type Scoped Policies"
          about="Policies for one kind of application, such as Vite front ends or Express back ends."
        >
          <PolicyTable
            firstColumn="App Type"
            rows={appTypePolicies.map((row) => ({
              ...row,
              name: (
                <Anchor component={Link} href={row.link} fw={500}>
                  {row.appType}
                </Anchor>
              ),
            }))}
          />
        </Section>
      </Stack>
    </>
  )
}
