import { isUnpublished } from '@/workspace/triage/publication'
import { Badge, Group } from '@mantine/core'
import { memo } from 'react'
import { decisionStateNames, type DecisionState, type DecisionView } from '@/data/decisions'
import { useOptionalWorkspace } from '@/state/workspace'

/** Each state's colour: affected warm, closed ones cool, undecided grey; in triage blue, as yellow text on its light badge is too faint to read. */
const stateColors: Record<DecisionState, string> = {
  'needs-triage': 'gray',
  'in-triage': 'blue',
  affected: 'red',
  'not-affected': 'teal',
  'false-positive': 'teal',
  'accepted-risk': 'violet',
  fixed: 'green',
}

/** A badge for a decision made here that the team's feed has not published yet. */
export function NotPublishedBadge() {
  return (
    <Badge
      variant="outline"
      color="gray"
      tt="none"
      title="Made in this browser and not yet in the team's feed: download the decisions file and commit it"
    >
      not published
    </Badge>
  )
}

/** Whether the team's feed lacks a decision (never while no synced feed names a decisions file). */
function useNotPublished(id: string | undefined): boolean {
  const published = useOptionalWorkspace()?.published
  return isUnpublished(id, published)
}

/**
 * A finding's decision as a badge ("Needs triage" when undecided), with "expired decision" when an
 * accepted risk has run out, "review" when the finding became more severe since it was decided,
 * and "not published" when the team's feed lacks it.
 */
export const DecisionBadge = memo(function DecisionBadge({ decision }: { decision?: DecisionView }) {
  const state = decision?.state ?? 'needs-triage'
  const notPublished = useNotPublished(decision?.decided?.id)
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
      {notPublished && <NotPublishedBadge />}
    </Group>
  )
})
