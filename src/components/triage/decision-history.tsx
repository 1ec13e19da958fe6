import { isUnpublished } from '@/workspace/triage/publication'
import { localTime } from '@/lib/format'
import { Drawer, Stack, Text, Timeline } from '@mantine/core'
import { useMemo } from 'react'
import { decisionStateNames } from '@/data/decisions'
import { useOptionalWorkspace } from '@/state/workspace'
import { describeScope, justificationNames } from '@/workspace/triage/decision'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { historyOf } from '@/workspace/triage/history'
import { NotPublishedBadge } from './decision-badge'
import type { DecidableFinding } from '@/workspace/triage/resolve'

export interface DecisionHistoryProps {
  /** The findings whose history shows (a rule's findings in a repository, say); open while there are some. */
  findings?: DecidableFinding[]
  /** The finding in words, for the title. */
  subject: string
  onClose: () => void
}

function HistoryEntry({ entry, notPublished }: { entry: DecisionEntry; notPublished: boolean }) {
  const details = [
    entry.justification && `Justification: ${justificationNames[entry.justification]}`,
    entry.expiresOn && `Expires on ${entry.expiresOn}`,
    entry.dueOn && `Fix by ${entry.dueOn}`,
    entry.usedInTests && 'Used in tests only',
    entry.undoes && 'Undo of a bulk step',
  ].filter(Boolean)
  return (
    <Stack gap={2}>
      <Text size="sm">
        {decisionStateNames[entry.previousState]} → <strong>{decisionStateNames[entry.state]}</strong>, for{' '}
        {describeScope(entry.scope)}
      </Text>
      {notPublished && (
        <div>
          <NotPublishedBadge />
        </div>
      )}
      <Text size="sm" c="dimmed">
        {localTime(entry.at)} by {entry.by.name} ({entry.by.subject} at {entry.by.issuer})
      </Text>
      {entry.reason && <Text size="sm">“{entry.reason}”</Text>}
      {details.length > 0 && <Text size="sm">{details.join('. ')}.</Text>}
    </Stack>
  )
}

/** A finding's audit trail: every decision that covered it, newest first, with who, when and why. */
export function DecisionHistory({ findings, subject, onClose }: DecisionHistoryProps) {
  const workspace = useOptionalWorkspace()
  const log = workspace?.decisions
  const published = workspace?.published
  const entries = useMemo(() => (findings && log ? historyOf(findings, log) : []), [findings, log])
  return (
    <Drawer
      opened={findings !== undefined}
      onClose={onClose}
      title={`History of ${subject}`}
      position="right"
      size="md"
      closeButtonProps={{ 'aria-label': 'Close the history' }}
    >
      {entries.length === 0 ? (
        <Text size="sm">No decision has been made here yet.</Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} aria-label="Decisions, newest first">
          {entries.map((entry) => (
            <Timeline.Item key={entry.id}>
              <HistoryEntry entry={entry} notPublished={isUnpublished(entry.id, published)} />
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Drawer>
  )
}
