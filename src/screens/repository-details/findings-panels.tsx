import { Anchor, Badge, Card, Code, Group, List, Stack, Text, Title } from '@mantine/core'
import { IconCircleCheck, IconHourglassHigh } from '@tabler/icons-react'
import { useMemo, useState, type ReactNode } from 'react'
import { EnforcementBadge, SeverityBadge } from '@/components/badges'
import { FilterSelect } from '@/components/filter-select'
import {
  findingSeverities,
  type FindingSeverity,
  type PolicyViolation,
  type Vulnerability,
  type KevView,
  type VexView,
} from '@/data/findings'
import {
  byFixFirst,
  epssPercent,
  fixFirstExplanation,
  fixFirstReasons,
  percentileText,
  scannerEpssBeside,
} from '@/data/fix-first'
import {
  epssFilterOptions,
  exploitedFilterOptions,
  passesExploitFilters,
  type EpssFilter,
  type ExploitedFilter,
} from '@/data/exploit-filters'
import { safeLink } from '@/lib/safe-link'
import { plural } from '@/lib/format'
import { byDueDate, dueFilterOptions, passesDueFilter, type DueFilter, type SlaView } from '@/data/sla'
import { mostPressing, SlaLine } from './sla-line'

export function EmptyState({ text, comingSoon = false }: { text: string; comingSoon?: boolean }) {
  const Icon = comingSoon ? IconHourglassHigh : IconCircleCheck
  return (
    <Group gap="xs" py="lg" justify="center">
      <Icon size={20} color={comingSoon ? undefined : 'var(--mantine-color-green-8)'} aria-hidden />
      <Text>{text}</Text>
    </Group>
  )
}

const severityOptions = [
  { value: 'all', label: 'Any security severity' },
  ...findingSeverities.map((severity) => ({ value: severity, label: severity })),
]

export function PolicyIssuesPanel({
  violations,
  actions,
  sla,
}: {
  violations: PolicyViolation[]
  /** Under each card's title: its decision and what decides on it, where decisions can be made. */
  actions?: (violation: PolicyViolation) => ReactNode
  sla?: ReadonlyMap<string, SlaView>
}) {
  const [severity, setSeverity] = useState<FindingSeverity | 'all'>('all')
  const [due, setDue] = useState<DueFilter>('all')
  // Only scanners that rate their rules (SARIF security-severity) give a band to filter by.
  const rated = violations.some((violation) => violation.severity !== undefined)
  const dated = !!sla && sla.size > 0
  const shown = useMemo(
    () =>
      violations.filter(
        (violation) =>
          (severity === 'all' || (violation.severity ?? 'Unknown') === severity) &&
          (due === 'all' || (violation.keys ?? []).some((key) => passesDueFilter(due, sla?.get(key)))),
      ),
    [severity, due, violations, sla],
  )
  if (violations.length === 0) return <EmptyState text="No policy violations found" />
  return (
    <Stack gap="md">
      {(rated || dated) && (
        <Group gap="md" align="flex-end">
          {rated && (
            <FilterSelect
              label="Security severity"
              data={severityOptions}
              value={severity}
              onChange={(choice) => setSeverity((choice || 'all') as FindingSeverity | 'all')}
              w={220}
            />
          )}
          {dated && <DueSelect value={due} onChange={setDue} />}
          <Text size="sm" c="dimmed" role="status">
            {shown.length === violations.length
              ? `${violations.length} rules`
              : `${shown.length} of ${violations.length} rules`}
          </Text>
        </Group>
      )}
      {shown.length === 0 && <EmptyState text="No policy issue matches these filters" />}
      {shown.map((violation) => (
        <Card key={violation.id} withBorder padding="md" component="article" aria-labelledby={`${violation.id}-title`}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
            <Title order={3} size="h5" id={`${violation.id}-title`}>
              {violation.title}
            </Title>
            <Group gap={6} wrap="nowrap">
              {violation.severity && (
                <span title="Security severity, from the scanner's rating of the rule">
                  <SeverityBadge severity={violation.severity} />
                </span>
              )}
              <EnforcementBadge status={violation.enforcementStatus} />
            </Group>
          </Group>
          {actions?.(violation)}
          <Text size="sm" mb="sm">
            {violation.description}
          </Text>
          <SlaLine view={mostPressing(sla, violation.keys ?? [])} />
          <Group gap="lg" mb="xs">
            <Text size="sm">
              Rule: <Code>{violation.rule}</Code>
            </Text>
            {violation.remediationEffort && <Text size="sm">Remediation: {violation.remediationEffort}</Text>}
            {violation.tool && <Text size="sm">Found by {violation.tool}</Text>}
            {violation.cwes?.map((cwe) => (
              <Badge key={cwe} variant="default" tt="none">
                {cwe}
              </Badge>
            ))}
            {violation.helpUri && safeLink(violation.helpUri) && (
              <Anchor href={safeLink(violation.helpUri)} target="_blank" rel="noopener noreferrer" size="sm">
                How to fix {violation.rule}
              </Anchor>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            Relevant files
          </Text>
          <List size="sm" spacing={2}>
            {violation.relevantFiles.map((file) => (
              <List.Item key={file}>
                <Code>{file}</Code>
              </List.Item>
            ))}
          </List>
        </Card>
      ))}
    </Stack>
  )
}

const vexStatusText: Record<NonNullable<VexView['status']>, string> = {
  not_affected: 'Not affected',
  fixed: 'Fixed',
  affected: 'Affected',
  under_investigation: 'Under investigation',
}

/** What a VEX statement in the file said: its outcome, the analysis state, justification, response and detail. */
function VexStatement({ vex }: { vex: VexView }) {
  const parts = [
    vex.justification && `justification: ${vex.justification}`,
    vex.response && vex.response.length > 0 && `response: ${vex.response.join(', ')}`,
  ].filter(Boolean)
  return (
    <Text size="sm">
      VEX: <strong>{vex.status ? vexStatusText[vex.status] : (vex.state ?? 'no state')}</strong>
      {vex.state && vex.status && ` (${vex.state})`}
      {parts.length > 0 && `, ${parts.join('; ')}`}
      {vex.detail && ` — ${vex.detail}`}
    </Text>
  )
}

/**
 * EPSS from the catalogue (with its date) and the scanner's where it differs, known exploitation
 * and the tool's risk score.
 */
function ExploitSignals({ vulnerability }: { vulnerability: Vulnerability }) {
  const { exploit } = vulnerability
  const catalogue = exploit?.catalogueEpss
  const scanner = scannerEpssBeside(vulnerability)
  return (
    <>
      {exploit?.knownExploited && !exploit.kev && (
        <Badge color="red.8" variant="filled" tt="none">
          Known exploited (as the scanner reports)
        </Badge>
      )}
      {catalogue && (
        <Text size="sm">
          EPSS {epssPercent(catalogue.score)}, {percentileText(catalogue.percentile)} (FIRST, {catalogue.date})
        </Text>
      )}
      {scanner !== undefined && (
        <Text size="sm">
          {catalogue ? "Scanner's EPSS" : 'EPSS'} {epssPercent(scanner)}
          {exploit?.epss?.percentile !== undefined && `, ${percentileText(exploit.epss.percentile)}`}
          {exploit?.epss?.date && ` (${exploit.epss.date})`}
        </Text>
      )}
      {exploit?.risk !== undefined && <Text size="sm">Risk score {exploit.risk.toFixed(1)}</Text>}
    </>
  )
}

/** CISA's KEV entry of a finding: when it was added, the due date, ransomware use, the action required. */
function KevEntry({ kev }: { kev: KevView }) {
  return (
    <Stack gap={2} mt="xs" aria-label={`CISA KEV entry for ${kev.cve}`} role="group">
      <Group gap="xs">
        <Badge color="red.8" variant="filled" tt="none">
          In CISA KEV: exploited
        </Badge>
        {kev.ransomware && (
          <Badge color="red.8" variant="outline" tt="none">
            Used in ransomware
          </Badge>
        )}
        <Text size="sm">
          Added {kev.dateAdded}
          {kev.dueDate && `, due ${kev.dueDate}`}
        </Text>
      </Group>
      {kev.requiredAction && <Text size="sm">Required action: {kev.requiredAction}</Text>}
    </Stack>
  )
}

/** The lists' choice of due date, where the workspace keeps history. */
function DueSelect({ value, onChange }: { value: DueFilter; onChange: (value: DueFilter) => void }) {
  return <FilterSelect label="Due" data={dueFilterOptions} value={value} onChange={onChange} w={200} />
}

type VulnerabilityOrder = 'severity' | 'fix-first' | 'due'

const orderOptions: { value: VulnerabilityOrder; label: string }[] = [
  { value: 'severity', label: 'Most severe' },
  { value: 'fix-first', label: 'Fix first (KEV, EPSS × severity)' },
  { value: 'due', label: 'Due soonest' },
]

export function VulnerabilitiesPanel({
  vulnerabilities,
  actions,
  sla,
}: {
  vulnerabilities: Vulnerability[]
  /** Under each card's title: its decision and what decides on it, where decisions can be made. */
  actions?: (vulnerability: Vulnerability) => ReactNode
  sla?: ReadonlyMap<string, SlaView>
}) {
  const [order, setOrder] = useState<VulnerabilityOrder>('severity')
  const [due, setDue] = useState<DueFilter>('all')
  const [exploited, setExploited] = useState<ExploitedFilter>('all')
  const [epss, setEpss] = useState<EpssFilter>('all')
  const dated = !!sla && sla.size > 0
  const shown = useMemo(() => {
    const kept = vulnerabilities.filter(
      (each) =>
        (due === 'all' || passesDueFilter(due, sla?.get(each.key ?? ''))) &&
        passesExploitFilters(each, exploited, epss),
    )
    return order === 'fix-first'
      ? [...kept].sort(byFixFirst)
      : order === 'due'
        ? [...kept].sort((a, b) => byDueDate(sla?.get(a.key ?? ''), sla?.get(b.key ?? '')))
        : kept
  }, [order, due, exploited, epss, vulnerabilities, sla])
  if (vulnerabilities.length === 0) return <EmptyState text="No vulnerabilities found" />
  return (
    <Stack gap="md">
      {(vulnerabilities.length > 1 || dated) && (
        <Group gap="md" align="flex-end">
          {vulnerabilities.length > 1 && (
            <FilterSelect
              label="Order"
              data={orderOptions}
              value={order}
              onChange={(choice) => setOrder(choice === 'fix-first' || choice === 'due' ? choice : 'severity')}
              w={260}
            />
          )}
          {dated && <DueSelect value={due} onChange={setDue} />}
          {vulnerabilities.length > 1 && (
            <>
              <FilterSelect
                label="Exploited"
                data={exploitedFilterOptions}
                value={exploited}
                onChange={setExploited}
                w={210}
              />
              <FilterSelect label="EPSS" data={epssFilterOptions} value={epss} onChange={setEpss} w={170} />
            </>
          )}
          <Text size="sm" c="dimmed" role="status">
            {shown.length === vulnerabilities.length
              ? plural(vulnerabilities.length, 'vulnerability', 'vulnerabilities')
              : `${shown.length} of ${plural(vulnerabilities.length, 'vulnerability', 'vulnerabilities')}`}
          </Text>
        </Group>
      )}
      {order === 'fix-first' && <Text size="sm">{fixFirstExplanation}</Text>}
      {shown.length === 0 && (
        <EmptyState
          text={
            exploited === 'all' && epss === 'all'
              ? 'No vulnerability matches this due date'
              : 'No vulnerability matches these filters'
          }
        />
      )}
      {shown.map((vulnerability) => (
        <Card
          key={vulnerability.id}
          withBorder
          padding="md"
          component="article"
          aria-labelledby={`${vulnerability.id}-title`}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
            <Title order={3} size="h5" id={`${vulnerability.id}-title`}>
              {vulnerability.title}
            </Title>
            <SeverityBadge severity={vulnerability.severity} />
          </Group>
          {actions?.(vulnerability)}
          {vulnerability.description && vulnerability.description !== vulnerability.title && (
            <Text size="sm" mb="sm">
              {vulnerability.description}
            </Text>
          )}
          <SlaLine view={vulnerability.key === undefined ? undefined : sla?.get(vulnerability.key)} />
          <Group gap="lg">
            {vulnerability.file && (
              <Code>
                {vulnerability.file}
                {vulnerability.line ? `:${vulnerability.line}` : ''}
              </Code>
            )}
            <Text size="sm" fw={600}>
              {vulnerability.cve}
            </Text>
            <Text size="sm">
              Package:{' '}
              <Code>
                {vulnerability.package}
                {vulnerability.packageVersion ? `@${vulnerability.packageVersion}` : ''}
              </Code>
            </Text>
            {vulnerability.fixedVersion && <Text size="sm">Fixed in: {vulnerability.fixedVersion}</Text>}
            {vulnerability.affectedRange && !vulnerability.packageVersion && (
              <Text size="sm">
                Affected versions: <Code>{vulnerability.affectedRange}</Code>
              </Text>
            )}
          </Group>
          {vulnerability.advice && (
            <Text size="sm" mt="xs">
              Advice: {vulnerability.advice}
            </Text>
          )}
          {vulnerability.vex && <VexStatement vex={vulnerability.vex} />}
          {vulnerability.exploit?.kev && <KevEntry kev={vulnerability.exploit.kev} />}
          {(vulnerability.aliases?.length ||
            vulnerability.cvss ||
            vulnerability.epss !== undefined ||
            vulnerability.exploit ||
            vulnerability.tool) && (
            <Group gap="lg" mt="xs">
              {vulnerability.aliases && vulnerability.aliases.length > 0 && (
                <Text size="sm">Also known as {vulnerability.aliases.join(', ')}</Text>
              )}
              {vulnerability.cvss && (
                <Text size="sm">
                  CVSS {vulnerability.cvss.version} score {vulnerability.cvss.score.toFixed(1)}{' '}
                  <Code>{vulnerability.cvss.vector}</Code>
                </Text>
              )}
              <ExploitSignals vulnerability={vulnerability} />
              {vulnerability.tool && (
                <Text size="sm" c="dimmed">
                  {vulnerability.tool}
                  {vulnerability.toolSeverity ? ` rates it ${vulnerability.toolSeverity}` : ''}
                </Text>
              )}
            </Group>
          )}
          {order === 'fix-first' && (
            <Stack gap={0} mt="xs">
              <Text size="sm" fw={600} id={`${vulnerability.id}-why`}>
                Why here
              </Text>
              <List size="sm" aria-labelledby={`${vulnerability.id}-why`}>
                {fixFirstReasons(vulnerability).map((reason) => (
                  <List.Item key={reason}>{reason}</List.Item>
                ))}
              </List>
            </Stack>
          )}
        </Card>
      ))}
    </Stack>
  )
}
