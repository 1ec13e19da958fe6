import { Alert, Button, Card, Code, Group, List, Text, Title } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { downloadDecisionFiles } from '@/components/triage/download-decision-files'
import { decisionStateNames } from '@/data/decisions'
import { downloadText } from '@/lib/download'
import { plural } from '@/lib/format'
import { useLastSettled } from '@/components/use-last-settled'
import { useTriageAuthor } from '@/state/triage'
import { useWorkspace } from '@/state/workspace'
import { auditLogCsv, decisionExport } from '@/workspace/triage/exports/decision-exports'
import { describeScope } from '@/workspace/triage/decision'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { writeDecisionsFile } from '@/workspace/triage/decisions-file'
import { unpublishedDecisions } from '@/workspace/triage/publication'
import { exportFileNames } from '@/workspace/triage/exports/bundle'

/** The current decisions that match no finding of any repository's latest scan, read again when either changes. */
function useStaleDecisions(): DecisionEntry[] | undefined {
  const { decisions, indexes, summaries } = useWorkspace()
  const read = useMemo(
    () =>
      decisions.length === 0
        ? undefined
        : indexes.digests().then(
            ({ digests }) => ({
              from: decisions,
              stale: decisionExport(digests, decisions, { now: new Date(), author: '' }).stale,
            }),
            // A read that fails leaves the list shown as it was.
            () => new Promise<never>(() => {}),
          ),
    // The digests change with the summaries, and are read again then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [decisions, indexes, summaries],
  )
  const last = useLastSettled(read)
  if (decisions.length === 0) return []
  return last?.result.status === 'ready' && last.result.value.from === decisions ? last.result.value.stale : undefined
}

/**
 * The workspace's decisions: the decisions file (the whole log, for the feed), the audit trail as
 * CSV, every scanner's files as a zip, and the decisions that no longer match anything.
 */
export function DecisionsCard() {
  const workspace = useWorkspace()
  const author = useTriageAuthor()
  const stale = useStaleDecisions()
  const [problem, setProblem] = useState<string>()
  const { decisions, published } = workspace
  // Until the workspace is read its decisions are not known: none is counted, and no empty file is offered.
  const reading = !workspace.problem && workspace.summaries === undefined
  const unpublished = useMemo(() => unpublishedDecisions(decisions, published).length, [decisions, published])
  const people = new Set(decisions.map((entry) => `${entry.by.issuer}\u0000${entry.by.subject}`)).size
  const stamp = () => new Date()

  const downloadScannerFiles = async () => {
    setProblem(undefined)
    try {
      const now = stamp()
      const { digests } = await workspace.indexes.digests()
      const { files } = decisionExport(digests, decisions, { now, author: author?.name ?? 'Vigil' })
      downloadDecisionFiles(files, 'vigil-decisions.zip', now)
    } catch (error) {
      setProblem(`The scanners' files could not be written: ${String(error)}`)
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="decisions-heading">
      <Title order={2} size="h4" id="decisions-heading" mb="xs">
        Decisions
      </Title>
      <Text size="sm" mb="sm" data-testid="decisions-status" role="status">
        {reading
          ? 'Reading your workspace...'
          : decisions.length === 0
            ? 'No decision has been made in this workspace yet.'
            : `${plural(decisions.length, 'decision')} logged by ${plural(people, 'person', 'people')}.`}
      </Text>
      {unpublished > 0 && (
        <Text size="sm" mb="sm" data-testid="decisions-unpublished">
          {plural(unpublished, 'decision', 'decisions')} not published: the team&apos;s feed does not have{' '}
          {unpublished === 1 ? 'it' : 'them'} yet. Download the decisions file and commit it where the feed is built (
          <Code>npm run feed -- &lt;folder&gt; --decisions vigil-decisions.json</Code>), so that every teammate&apos;s
          Vigil applies {unpublished === 1 ? 'it' : 'them'}.
        </Text>
      )}
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={reading}
          onClick={() =>
            downloadText(
              writeDecisionsFile(decisions, stamp().toISOString()),
              exportFileNames.decisions,
              'application/json',
            )
          }
        >
          Download decisions file
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={decisions.length === 0}
          onClick={() => downloadText(auditLogCsv(decisions), 'vigil-decision-log.csv', 'text/csv')}
        >
          Download audit log
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={decisions.length === 0}
          onClick={downloadScannerFiles}
        >
          Download for scanners (zip)
        </Button>
      </Group>
      {problem && (
        <Alert color="red" role="alert" mt="sm">
          {problem}
        </Alert>
      )}
      {stale && stale.length > 0 && (
        <>
          <Title order={3} size="h5" mt="md" mb={4}>
            Stale decisions
          </Title>
          <Text size="sm" mb={4}>
            {plural(stale.length, 'decision matches', 'decisions match')} no finding of any repository&apos;s latest
            scan (the package was upgraded, the repository removed):
          </Text>
          <List size="sm" aria-label="Stale decisions">
            {stale.map((entry) => (
              <List.Item key={entry.id}>
                {decisionStateNames[entry.state]} for {describeScope(entry.scope)}, by {entry.by.name} on{' '}
                {entry.at.slice(0, 10)}
                {entry.reason ? `: “${entry.reason}”` : ''}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Card>
  )
}
