import { Button, Group } from '@mantine/core'
import { IconGavel, IconHistory } from '@tabler/icons-react'
import { DecisionBadge } from '@/components/triage/decision-badge'
import type { useTriageDrawers } from '@/components/triage/use-triage-drawers'
import type { DecisionView } from '@/data/decisions'
import type { PolicyViolation, Vulnerability } from '@/data/findings'
import { decidableVulnerability } from '@/workspace/projections/triage-summary'
import type { DecidableFinding } from '@/workspace/triage/resolve'

/** A vulnerability of the repository page as triage reads it. */
export const decidableOfVulnerability = (repository: string, vulnerability: Vulnerability): DecidableFinding =>
  decidableVulnerability(repository, vulnerability)

/** A policy issue card's findings (one per file and line of its rule) as triage reads them. */
export const decidablesOfViolation = (repository: string, violation: PolicyViolation): DecidableFinding[] =>
  (violation.keys ?? []).map((key) => ({
    repository,
    key,
    kind: 'policy-issue',
    ruleId: violation.rule,
    severity: violation.severity ?? 'Unknown',
    tool: violation.tool ?? '',
  }))

/** The decision that all of a card's findings share; several different ones show as the first. */
export function sharedDecision(
  decisions: ReadonlyMap<string, DecisionView> | undefined,
  keys: readonly string[],
): DecisionView | undefined {
  return decisions && keys.length > 0 ? decisions.get(keys[0]) : undefined
}

/** A finding card's decision badge, and the buttons that decide on it and show its history. */
export function TriageActions({
  decision,
  subject,
  findings,
  triage,
}: {
  decision?: DecisionView
  /** The finding in words, for the buttons' names. */
  subject: string
  findings: DecidableFinding[]
  triage: Pick<ReturnType<typeof useTriageDrawers>, 'decide' | 'history'>
}) {
  return (
    <Group gap="xs" wrap="wrap" mt="xs">
      <DecisionBadge decision={decision} />
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconGavel size={14} aria-hidden />}
        aria-label={`Decide on ${subject}`}
        onClick={() => triage.decide({ findings, subject })}
      >
        Decide
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconHistory size={14} aria-hidden />}
        aria-label={`History of ${subject}`}
        onClick={() => triage.history({ findings, subject })}
      >
        History
      </Button>
    </Group>
  )
}
