import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Modal,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconCloudDownload, IconFileImport, IconTrash } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { PageHeader } from '@/components/page-header'
import { describeChanges } from './import-dialog'
import { localTime, plural } from '@/lib/format'
import { whenIdle } from '@/lib/when-idle'
import { FeedSyncActor, useFeedSettings } from '@/state/feed'
import { useImportDialog } from '@/state/import'
import { useDataSource } from '@/state/data-source'
import { useWorkspace } from '@/state/workspace'
import { prewarmWorkspaceWorker } from '@/state/workspace-worker'
import type { FeedSyncReport } from '@/workspace/feed/sync/sync'
import type { FeedProgress } from '@/workspace/feed/sync/sync-progress'
import { DecisionsCard } from './decisions-card'
import { CataloguesCard } from './catalogues-card'

function WorkspaceCard() {
  const workspace = useWorkspace()
  const { choose } = useDataSource()
  const importDialog = useImportDialog()
  const [, navigate] = useLocation()
  const [confirming, confirm] = useDisclosure(false)
  const [deleteProblem, setDeleteProblem] = useState<string>()
  const count = workspace.summaries?.length

  const remove = async () => {
    try {
      await workspace.remove()
      setDeleteProblem(undefined)
    } catch (error) {
      setDeleteProblem(`The workspace could not be deleted: ${String(error)}`)
    }
    confirm.close()
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="workspace-heading">
      <Title order={2} size="h4" id="workspace-heading" mb="xs">
        Your workspace
      </Title>
      {workspace.problem ? (
        <Alert color="red" role="alert" title="Your workspace cannot be used">
          {workspace.problem}
        </Alert>
      ) : (
        <Stack gap="sm">
          <Text size="sm" data-testid="workspace-status" role="status">
            {count === undefined
              ? 'Reading your workspace...'
              : `${plural(count, 'repository', 'repositories')} from ${plural(workspace.imports.count, 'import')}, kept in this browser for you alone. Nothing you import is sent anywhere.`}
          </Text>
          <Group gap="xs">
            <Button leftSection={<IconFileImport size={16} aria-hidden />} onClick={importDialog.open}>
              Import scan files
            </Button>
            <Button
              variant="default"
              disabled={!count}
              onClick={() => {
                choose('workspace')
                navigate('/repositories')
              }}
            >
              Show my repositories
            </Button>
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={confirm.open}
              disabled={!count && workspace.imports.count === 0}
            >
              Delete workspace
            </Button>
          </Group>
          <Checkbox
            label="Delete my workspace when I sign out"
            description="For a shared computer: the next person to sign in finds nothing of yours."
            checked={workspace.clearOnSignOut}
            onChange={(event) => workspace.setClearOnSignOut(event.currentTarget.checked)}
          />
          {deleteProblem && (
            <Alert color="red" role="alert">
              {deleteProblem}
            </Alert>
          )}
        </Stack>
      )}
      <Modal opened={confirming} onClose={confirm.close} title="Delete your workspace?">
        <Stack>
          <Text size="sm">
            Every repository and finding you imported into this browser is deleted. The files you imported are not
            touched.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              Keep it
            </Button>
            <Button color="red.8" onClick={() => void remove()}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  )
}

/** What a sync did with a reference catalogue the feed carries, after its name ("KEV catalogue updated"). */
const catalogueStatus: Record<NonNullable<FeedSyncReport['catalogues']>[number]['status'], string> = {
  updated: 'updated',
  kept: 'not newer than the one held',
  unchanged: 'unchanged',
  failed: 'not synced',
}

function describeSync(report: FeedSyncReport): string {
  const parts = [
    `${plural(report.repositories, 'repository', 'repositories')}, ${plural(report.files, 'file')}`,
    report.fromSnapshot > 0
      ? `${report.fetched} fetched, ${report.fromSnapshot} from the snapshot, ${report.unchanged} unchanged`
      : `${report.fetched} fetched, ${report.unchanged} unchanged`,
    `${plural(report.added, 'new finding')}, ${report.fixed} fixed`,
  ]
  if (report.removed.length > 0) parts.push(`removed ${report.removed.join(', ')}`)
  if (report.catalogues?.length)
    parts.push(
      report.catalogues.map((catalogue) => `${catalogue.name} ${catalogueStatus[catalogue.status]}`).join(', '),
    )
  parts.push(`${plural(report.requests, 'request')}${report.tokenSent ? ', with your sign-in token' : ''}`)
  return parts.join('; ')
}

const megabytes = (bytes: number) => {
  const value = bytes / 1024 / 1024
  return value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US')
}

/** A sync under way: the snapshot's repositories and megabytes while it loads, then the files'. */
function describeProgress(progress: FeedProgress): string {
  const amounts = `${progress.repositories.toLocaleString('en-US')} of ${plural(progress.repositoriesTotal, 'repository', 'repositories')}, ${megabytes(progress.bytes)} of ${megabytes(progress.bytesTotal)} MB`
  if (progress.total === 0) return `Loading the feed's snapshot: ${amounts}`
  return `Syncing: ${progress.done.toLocaleString('en-US')} of ${plural(progress.total, 'file')}${progress.repositoriesTotal > 0 ? `; ${amounts}` : ''}`
}

/** The team's feed: where it is, whether to send the token, Sync now, progress, and the last sync. */
function FeedCard() {
  const settings = useFeedSettings()
  const actor = FeedSyncActor.useActorRef()
  const status = FeedSyncActor.useSelector((snapshot) => snapshot.value)
  const progress = FeedSyncActor.useSelector((snapshot) => snapshot.context.progress)
  const report = FeedSyncActor.useSelector((snapshot) => snapshot.context.report)
  const problem = FeedSyncActor.useSelector((snapshot) => snapshot.context.problem)
  const [address, setAddress] = useState(settings.url ?? '')
  const [sendToken, setSendToken] = useState(settings.sendToken)
  const syncing = status === 'syncing'
  // A worker loaded ahead for the next Sync now: loading one is most of a sync with nothing changed.
  // Loaded once the page is idle: at the end of a sync, loading it took a core while the report,
  // the screens' reload and the advisory index were drawn and built (docs/benchmarks.md).
  useEffect(() => (syncing ? undefined : whenIdle(prewarmWorkspaceWorker)), [syncing])

  const syncNow = () => {
    settings.save({ url: address, sendToken })
    const url = address.trim() || settings.url
    if (url)
      void settings
        .tokenFor(sendToken)
        .then((token) => actor.send({ type: 'feed.sync', manifestUrl: url, token, show: true }))
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="feed-heading">
      <Title order={2} size="h4" id="feed-heading" mb="xs">
        Team feed
      </Title>
      <Stack gap="sm">
        <Text size="sm">
          A manifest that CI publishes beside your scan files on any static host or bucket (see docs/feed.md). Vigil
          reads it after you sign in and when you sync, and fetches only the files that changed.
        </Text>
        <TextInput
          label="Feed manifest URL"
          placeholder="https://scans.example.com/vigil/manifest.json"
          value={address}
          onChange={(event) => setAddress(event.currentTarget.value)}
        />
        <Checkbox
          label="Send my sign-in token to the feed"
          description={
            settings.tokenBound
              ? 'Your sign-in provider binds your tokens to this browser (DPoP): Vigil sends them to no feed.'
              : "For a feed behind a gateway that checks your identity provider's tokens. It goes only to addresses under the manifest's folder, over https."
          }
          disabled={settings.tokenBound}
          checked={sendToken && !settings.tokenBound}
          onChange={(event) => setSendToken(event.currentTarget.checked)}
        />
        <Group gap="xs">
          <Button
            leftSection={<IconCloudDownload size={16} aria-hidden />}
            onClick={syncNow}
            loading={syncing}
            disabled={!address.trim() && !settings.url}
          >
            Sync now
          </Button>
          {syncing && (
            <Button variant="default" onClick={() => actor.send({ type: 'feed.cancel' })}>
              Stop
            </Button>
          )}
        </Group>
        {syncing && (
          <Stack gap={4} role="status" aria-live="polite">
            <Text size="sm">{progress ? describeProgress(progress) : 'Reading the feed manifest...'}</Text>
            <Progress
              value={
                !progress
                  ? 0
                  : progress.total > 0
                    ? (100 * progress.done) / progress.total
                    : progress.bytesTotal > 0
                      ? (100 * progress.bytes) / progress.bytesTotal
                      : 0
              }
              aria-label="Feed sync progress"
            />
          </Stack>
        )}
        {problem && (
          <Alert color="red" role="alert" title="The feed could not be synced">
            {problem}
          </Alert>
        )}
        {report && (
          <Stack gap={4} data-testid="feed-status">
            <Text size="sm">
              Last synced {localTime(report.syncedAt)}: {describeSync(report)}.
            </Text>
            {report.snapshot?.refused && (
              <Alert color="yellow" title="The feed's snapshot was not used">
                <Text size="sm">{report.snapshot.refused}</Text>
              </Alert>
            )}
            {report.problems.length > 0 && (
              <Alert color="orange" title={`${plural(report.problems.length, 'file')} could not be synced`}>
                <List size="sm">
                  {report.problems.slice(0, 10).map((text) => (
                    <List.Item key={text}>{text}</List.Item>
                  ))}
                </List>
                {report.problems.length > 10 && <Text size="sm">and {report.problems.length - 10} more.</Text>}
              </Alert>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  )
}

function ImportHistory() {
  const { imports } = useWorkspace()
  if (imports.count === 0) return null
  const newest = imports.newest
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="history-heading">
      <Title order={2} size="h4" id="history-heading" mb="xs">
        Import history
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" aria-labelledby="history-heading">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">File</Table.Th>
              <Table.Th scope="col">Tool</Table.Th>
              <Table.Th scope="col">Repository</Table.Th>
              <Table.Th scope="col">Imported</Table.Th>
              <Table.Th scope="col">Findings</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {/* By place: the imports of a feed snapshot's batch share one record and have no id of their own. */}
            {newest.map((record, place) => (
              <Table.Tr key={place}>
                {/* Names from files are isolated: a right-to-left override in one cannot reorder the row. */}
                <Table.Td>
                  <bdi>{record.file}</bdi>
                </Table.Td>
                <Table.Td>{record.tool}</Table.Td>
                <Table.Td>
                  <bdi>{record.repository}</bdi>
                </Table.Td>
                <Table.Td>{localTime(record.at)}</Table.Td>
                <Table.Td>{describeChanges(record.changes)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  )
}

/** /organizations/settings: where the team's own data comes from. */
export function DataSourcesScreen() {
  // The feed's settings are the signed-in person's: read again when the identity is known or changes.
  const { databaseName } = useWorkspace()
  return (
    <>
      <PageHeader title="Data sources" subtitle="Where Vigil's repositories and findings come from" />
      <Stack gap="lg">
        <WorkspaceCard />
        <DecisionsCard />
        <FeedCard key={databaseName} />
        <CataloguesCard />
        <ImportHistory />
      </Stack>
    </>
  )
}
