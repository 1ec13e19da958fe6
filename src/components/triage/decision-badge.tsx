import { Badge, Group } from '@mantine/core'
import { memo } from 'react'
import { decisionStateNames, type DecisionState, type DecisionView } from '@/data/decisions'

/** Each state's colour: open states warm, closed ones cool, undecided grey. */
const stateColors: Record<DecisionState, string> = {
  'needs-triage': 'gray',
  'in-triage': 'yellow',
  affected: 'red',
  'not-affected': 'teal',
  'false-positive': 'teal',
  'accepted-risk': 'violet',
  fixed: 'green',
}

/**
 * A finding's decision as a badge ("Needs triage" when undecided), with "expired decision" when an
 * accepted risk has run out and "review" when the finding became more severe since it was decided.
 */
export const DecisionBadge = memo(function DecisionBadge({ decision }: { decision?: DecisionView }) {
  const state = decision?.state ?? 'needs-triage'
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color={stateColors[state]} tt="none" title="Decision">
        {decisionStateNames[state]}
      </Badge>
      {decision?.expired && (
        <Badge
          variant="outline"
          color="orange"
          tt="none"
          title="The accepted risk has expired: the finding is open again"
        >
          expired decision
        </Badge>
      )}
      {decision?.review && (
        <Badge variant="outline" color="orange" tt="none" title="More severe now than when it was decided">
          review
        </Badge>
      )}
    </Group>
  )
})
