import { levelColors } from '@/components/palette'
import { formatCount } from '@/lib/format'
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Loader,
  Progress,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core'
import { IconCalendarStats, IconInfoCircle } from '@tabler/icons-react'
import { useMemo, type ReactNode } from 'react'
import { Link } from 'wouter'
import { PageHeader } from '@/components/page-header'
import { usePolicyChecks } from '@/components/use-policy-checks'
import { parsePolicy } from '@/data/policy-document'
import type { HealthParts } from '@/data/policy-health'
import { storedPolicyDocument } from '@/state/stored-policy'
import { useOptionalWorkspace } from '@/state/workspace'
import { policyFigures, type PolicyFigures } from './policy-figures'
import { coverageLevel, healthLevel, type HealthLevel } from '@/data/policies'

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

/** "coverage 50%, recency 0.50, pass rate 75%": the parts a computed score was made of. */
function partsText(parts: HealthParts): string {
  return [
    `coverage ${Math.round(parts.coverage * 100)}%`,
    parts.recency === undefined ? 'no scan' : `recency ${parts.recency.toFixed(2)}`,
    parts.passRate === undefined ? 'no check' : `pass rate ${Math.round(parts.passRate * 100)}%`,
  ].join(', ')
}

function HealthScore({ score, parts }: { score: number; parts?: HealthParts }) {
  const level = healthLevel(score)
  const badge = (
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
  if (!parts) return badge
  return (
    <Stack gap={2} align="flex-start">
      {badge}
      <Text size="xs" c="dimmed">
        {partsText(parts)}
      </Text>
    </Stack>
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

export interface PolicyRow {
  name: ReactNode
  totalRepos: number
  coverage: number
  lastUpdated?: string
  healthScore: number
  /** A score computed from the workspace shows what it was made of. */
  parts?: HealthParts
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
                <HealthScore score={row.healthScore} parts={row.parts} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function MasterPolicy({ master }: { master: PolicyFigures['master'] }) {
  return (
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
                {master.status}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Stack gap={4}>
                <Text size="sm">
                  {master.coverage}% ({formatCount(master.covered)} / {formatCount(master.total)})
                </Text>
                <Progress
                  value={master.coverage}
                  color={healthColors[coverageLevel(master.coverage)]}
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
  )
}

function Figures({ figures }: { figures: PolicyFigures }) {
  return (
    <Stack gap="lg">
      <Section id="summary-heading" title={figures.period} about={figures.periodAbout}>
        <List spacing="xs" icon={<IconCalendarStats size={16} aria-hidden />}>
          {figures.statements.map((statement) => (
            <List.Item key={statement}>{statement}</List.Item>
          ))}
        </List>
      </Section>

      <Section id="master-heading" title="Master Policy" about="The baseline policy that applies to every repository.">
        <MasterPolicy master={figures.master} />
      </Section>

      <Section
        id="language-heading"
        title="Language-Specific Policies"
        about="Policies that add rules for one language on top of the master policy."
      >
        <PolicyTable
          firstColumn="Language"
          withLastUpdated
          rows={figures.languages.map(({ link, label, ...row }) => ({
            ...row,
            name: link.startsWith('/') ? (
              <Anchor component={Link} href={link} fw={500}>
                {label}
              </Anchor>
            ) : (
              <Anchor href={link} fw={500}>
                {label}
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
        {typeof figures.appTypes === 'string' ? (
          <Text size="sm" c="dimmed">
            {figures.appTypes}
          </Text>
        ) : (
          <PolicyTable
            firstColumn="App Type"
            rows={figures.appTypes.map(({ link, label, ...row }) => ({
              ...row,
              name: (
                <Anchor component={Link} href={link} fw={500}>
                  {label}
                </Anchor>
              ),
            }))}
          />
        )}
      </Section>
    </Stack>
  )
}

export function PoliciesScreen() {
  // The policy as this browser keeps it: its checked lines give the pass rates.
  const workspace = useOptionalWorkspace()?.databaseName
  const lines = useMemo(() => parsePolicy(storedPolicyDocument(workspace)).lines, [workspace])
  const checks = usePolicyChecks(lines)
  return (
    <>
      <PageHeader title="Policies" subtitle="How well security policies cover your repositories" />
      {checks.status === 'loading' ? (
        <Group gap="xs">
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden />
            <Text>Computing the policy figures from the workspace...</Text>
          </Group>
          {/* Outside the live region: a count that moves every quarter second would be read out each time. */}
          {checks.progress && (
            <Text size="sm" c="dimmed">
              {formatCount(checks.progress.read)} of {formatCount(checks.progress.total)} repositories read
            </Text>
          )}
        </Group>
      ) : checks.status === 'failed' ? (
        <Alert color="red" role="alert" title="The policy figures could not be computed">
          {checks.message}
        </Alert>
      ) : (
        <Figures figures={policyFigures(checks.status === 'ready' ? checks : undefined, new Date())} />
      )}
    </>
  )
}
