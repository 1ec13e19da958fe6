import { Anchor, Card, Group, List, Paper, Stack, Text, Title } from '@mantine/core'
import { IconArrowRight, IconHelpCircle } from '@tabler/icons-react'
import { useId, useMemo } from 'react'
import { Link } from 'wouter'
import { NeutralBadge, SeverityBadge } from '@/components/badges'
import { useCatalogues } from '@/components/use-catalogues'
import type { RepositoryFindings } from '@/data/data-source'
import { scannedFor, visibilityOf, type Repository } from '@/data/repositories'
import {
  LIKELY_EXPLOITED_EPSS,
  securityContext,
  type Known,
  type RiskItem,
  type RiskKind,
  type RiskTarget,
  type SecurityContextSummary,
} from '@/data/security-context'
import { plural } from '@/lib/format'
import { repositoryTabHref } from '@/queries/policy/failing-findings'
import { useDataSource } from '@/state/data-source'

const kindNames: Record<RiskKind, string> = {
  exploited: 'Exploited',
  'likely-exploited': 'Likely exploited',
  secret: 'Leaked secret',
  exposure: 'Exposed data',
  overdue: 'Overdue',
}

const tabNames: Record<RiskTarget['tab'], string> = {
  vulnerabilities: 'Vulnerabilities',
  'policy-issues': 'Policy Issues',
  'api-surface': 'API Surface',
}

/** The repository's tab where a risk is acted on, with the advisories or rules it names. */
const targetHref = (repository: string, target: RiskTarget): string =>
  target.tab === 'api-surface'
    ? `/repository/${encodeURIComponent(repository)}?tab=api-surface`
    : repositoryTabHref(repository, target.tab, target.tab === 'vulnerabilities' ? target.advisories : target.rules)

/** The link's words: what it opens, and in which tab. */
function targetText(risk: RiskItem): string {
  const tab = tabNames[risk.target.tab]
  if (risk.target.tab === 'api-surface') return `See the endpoints in the ${tab} tab`
  const ids = risk.target.tab === 'vulnerabilities' ? risk.target.advisories : risk.target.rules
  return ids.length === 1 ? `See ${ids[0]} in the ${tab} tab` : `See them in the ${tab} tab`
}

const countText = (count: Known, known: (count: number) => string, unknown: string) =>
  count === 'unknown' ? unknown : known(count)

/** The summary line: each count, or that it is unknown where nothing of its kind was imported. */
function summaryText(summary: SecurityContextSummary): string {
  const parts = [
    countText(
      summary.exploited,
      (count) => `${plural(count, 'open finding')} exploited (in CISA's KEV)`,
      'exploited findings unknown',
    ),
    countText(
      summary.likelyExploited,
      (count) => `${count} likely to be exploited (EPSS ${LIKELY_EXPLOITED_EPSS * 100}% or more)`,
      'likely exploited findings unknown',
    ),
    countText(
      summary.exposedEndpoints,
      (count) => `${plural(count, 'endpoint')} handling PII, PCI or PHI with no authentication`,
      'exposed endpoints unknown',
    ),
    countText(summary.leakedSecrets, (count) => plural(count, 'leaked secret'), 'leaked secrets unknown'),
    countText(summary.overdue, (count) => `${plural(count, 'finding')} overdue`, 'overdue findings unknown'),
  ]
  return `${parts.join(', ')}.`
}

function RiskCard({ risk, repository }: { risk: RiskItem; repository: string }) {
  const titleId = useId()
  return (
    <Card component="li" withBorder padding="md" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <Title order={4} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {risk.title}
        </Title>
        <Group gap={6}>
          <NeutralBadge>{kindNames[risk.kind]}</NeutralBadge>
          <Text span size="xs" c="dimmed">
            Risk {Math.round(risk.score)} of 100
          </Text>
          <SeverityBadge severity={risk.level} />
        </Group>
      </Group>
      <List size="sm" spacing={4} mb="xs">
        {risk.reasons.map((reason) => (
          <List.Item key={reason}>{reason}</List.Item>
        ))}
      </List>
      <Anchor component={Link} href={targetHref(repository, risk.target)} size="sm" underline="always">
        <IconArrowRight size={14} aria-hidden style={{ verticalAlign: 'text-bottom', marginInlineEnd: 4 }} />
        {targetText(risk)}
      </Anchor>
    </Card>
  )
}

/**
 * A workspace repository's Security Context tab: its risks in context, most pressing first, each
 * with its level, its reasons in words and a link to where to act; what is not known is said, never
 * shown as "nothing found" (ranking: `securityContext`).
 */
export function SecurityContextPanel({
  repository,
  findings,
}: {
  repository: Repository
  findings: RepositoryFindings
}) {
  const { source } = useDataSource()
  const catalogues = useCatalogues(source)
  const headingId = useId()
  const risksId = useId()
  const unknownId = useId()
  const context = useMemo(
    () =>
      securityContext({
        findings,
        scanned: {
          policyIssues: scannedFor(repository, 'policyIssues'),
          vulnerabilities: scannedFor(repository, 'vulnerabilities'),
          apiSurface: scannedFor(repository, 'apiSurface'),
        },
        visibility: visibilityOf(repository),
        catalogues,
      }),
    [findings, repository, catalogues],
  )
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Stack gap={4}>
        <Title order={2} size="h4" id={headingId}>
          Security context
        </Title>
        <Text size="sm">{summaryText(context.summary)}</Text>
      </Stack>
      {context.unknowns.length > 0 && (
        <Paper withBorder p="sm" component="section" aria-labelledby={unknownId}>
          <Group gap={6} mb={4} wrap="nowrap">
            <IconHelpCircle size={18} aria-hidden />
            <Title order={3} size="h6" id={unknownId}>
              What is not known
            </Title>
          </Group>
          <List size="sm" spacing={4}>
            {context.unknowns.map((unknown) => (
              <List.Item key={unknown}>{unknown}</List.Item>
            ))}
          </List>
        </Paper>
      )}
      <Title order={3} size="h5" id={risksId}>
        Risks, most pressing first
      </Title>
      {context.risks.length === 0 ? (
        <Text size="sm">
          Nothing pressing in what was imported: no open finding is exploited or likely to be, no endpoint handles
          sensitive data without authentication, no secret leaked and nothing is overdue.
          {context.unknowns.length > 0 && ' What was not imported is not known (above).'}
        </Text>
      ) : (
        <Stack component="ol" gap="sm" aria-labelledby={risksId} m={0} p={0} style={{ listStyle: 'none' }}>
          {context.risks.map((risk) => (
            <RiskCard key={risk.id} risk={risk} repository={repository.name} />
          ))}
        </Stack>
      )}
    </Stack>
  )
}
