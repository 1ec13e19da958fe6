import { useTriageDrawers } from '@/components/triage/use-triage-drawers'
import { isVulnerabilityClosedByVex } from '@/data/findings'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useCallback, useMemo, useState } from 'react'
import { FilterSelect } from '@/components/filter-select'
import { downloadDecisionFiles } from '@/components/triage/download-decision-files'
import type { RepositoryFindings } from '@/data/data-source'
import { decisionFilterOptions, passesDecisionFilter, type DecisionFilter, type DecisionView } from '@/data/decisions'
import type { PolicyViolation, Vulnerability } from '@/data/findings'
import { useTriageAuthor } from '@/state/triage'
import { useOptionalWorkspace } from '@/state/workspace'
import { decisionExport } from '@/workspace/triage/exports/decision-exports'
import { PolicyIssuesPanel, VulnerabilitiesPanel } from './findings-panels'
import { NotScanned } from './not-scanned'
import { TriageActions, decidableOfVulnerability, decidablesOfViolation, sharedDecision } from './finding-triage'

type Tab = 'policy-issues' | 'vulnerabilities'

/** A finding of the tab, for the counts and the filter: its keys and whether VEX closed it. */
const keysOf = (item: PolicyViolation | Vulnerability): string[] =>
  'rule' in item ? (item.keys ?? []) : item.key ? [item.key] : []

const closedByVex = (item: PolicyViolation | Vulnerability) => 'cve' in item && isVulnerabilityClosedByVex(item)

function countStates(
  items: readonly (PolicyViolation | Vulnerability)[],
  decisions?: ReadonlyMap<string, DecisionView>,
) {
  let needsTriage = 0
  let decided = 0
  for (const item of items) {
    for (const key of keysOf(item)) {
      const decision = decisions?.get(key)
      if (passesDecisionFilter('needs-triage', decision, closedByVex(item))) needsTriage += 1
      else if (passesDecisionFilter('decided', decision, closedByVex(item))) decided += 1
    }
  }
  return { needsTriage, decided }
}

/**
 * A repository's Policy Issues or Vulnerabilities tab. In a workspace where decisions can be made,
 * each card shows its decision with buttons to decide and to read its history, the tab counts what
 * needs triage, filters by decision, and downloads the repository's decisions for the scanners.
 * Where no source of the tab's kind reported (`scanned` false) and nothing was found, it says so.
 */
export function FindingsTab({
  tab,
  repository,
  findings,
  scanned = true,
}: {
  tab: Tab
  repository: string
  findings: RepositoryFindings
  scanned?: boolean
}) {
  const triage = useTriageDrawers()
  const [filter, setFilter] = useState<DecisionFilter>('all')
  const { decisions } = findings
  const items: (PolicyViolation | Vulnerability)[] =
    tab === 'policy-issues' ? findings.violations : findings.vulnerabilities
  const passes = useCallback(
    (item: PolicyViolation | Vulnerability) =>
      keysOf(item).some((key) => passesDecisionFilter(filter, decisions?.get(key), closedByVex(item))),
    [filter, decisions],
  )
  const violations = useMemo(
    () => (filter === 'all' ? findings.violations : findings.violations.filter(passes)),
    [filter, findings.violations, passes],
  )
  const vulnerabilities = useMemo(
    () => (filter === 'all' ? findings.vulnerabilities : findings.vulnerabilities.filter(passes)),
    [filter, findings.vulnerabilities, passes],
  )
  const counts = useMemo(() => countStates(items, decisions), [items, decisions])

  if (!scanned && items.length === 0) return <NotScanned tab={tab} />
  if (!triage.canDecide) {
    return tab === 'policy-issues' ? (
      <PolicyIssuesPanel violations={findings.violations} sla={findings.sla} />
    ) : (
      <VulnerabilitiesPanel vulnerabilities={findings.vulnerabilities} sla={findings.sla} />
    )
  }
  const violationActions = (violation: PolicyViolation) => (
    <TriageActions
      decision={sharedDecision(decisions, violation.keys ?? [])}
      subject={`${violation.rule} in ${repository}`}
      findings={decidablesOfViolation(repository, violation)}
      triage={triage}
    />
  )
  const vulnerabilityActions = (vulnerability: Vulnerability) => (
    <TriageActions
      decision={vulnerability.key ? decisions?.get(vulnerability.key) : undefined}
      subject={`${vulnerability.cve} in ${vulnerability.package}`}
      findings={[decidableOfVulnerability(repository, vulnerability)]}
      triage={triage}
    />
  )
  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" justify="space-between">
        <Group gap="md" align="flex-end">
          <FilterSelect
            label="Decision"
            data={decisionFilterOptions}
            value={filter}
            onChange={(choice) => setFilter((choice || 'all') as DecisionFilter)}
            w={200}
          />
          <Text size="sm" role="status">
            {counts.needsTriage} need triage, {counts.decided} decided
          </Text>
        </Group>
        <RepositoryDownload repository={repository} />
      </Group>
      {tab === 'policy-issues' ? (
        items.length > 0 && violations.length === 0 ? (
          <Text>No policy issue with this decision.</Text>
        ) : (
          <PolicyIssuesPanel violations={violations} actions={violationActions} sla={findings.sla} />
        )
      ) : items.length > 0 && vulnerabilities.length === 0 ? (
        <Text>No vulnerability with this decision.</Text>
      ) : (
        <VulnerabilitiesPanel vulnerabilities={vulnerabilities} actions={vulnerabilityActions} sla={findings.sla} />
      )}
      {triage.dialogs}
    </Stack>
  )
}

/** Downloads the repository's decisions in every scanner's format (a zip). */
function RepositoryDownload({ repository }: { repository: string }) {
  const workspace = useOptionalWorkspace()
  const author = useTriageAuthor()
  const [problem, setProblem] = useState<string>()
  if (!workspace) return null
  const download = async () => {
    setProblem(undefined)
    try {
      const now = new Date()
      const { digests } = await workspace.indexes.digests()
      const { files } = decisionExport(
        digests.filter((digest) => digest.repository === repository),
        workspace.decisions,
        { now, author: author?.name ?? 'Vigil', repository },
      )
      downloadDecisionFiles(files, `vigil-decisions-${repository.replace(/[^\w.-]+/g, '-')}.zip`, now)
    } catch (error) {
      setProblem(`The decisions could not be written: ${String(error)}`)
    }
  }
  return (
    <Stack gap={4} align="flex-end">
      <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
        Download decisions for scanners
      </Button>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  )
}
