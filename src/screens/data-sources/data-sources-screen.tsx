import { Alert, Button, Card, Checkbox, Group, Modal, Stack, Table, Text, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconFileImport, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { PageHeader } from '@/components/page-header'
import { describeChanges } from '@/components/import-dialog'
import { plural } from '@/lib/format'
import { useImportDialog } from '@/state/import'
import { useOrganisation } from '@/state/organisation'
import { useWorkspace } from '@/state/workspace'

/** How many imports the history lists, newest first. */
const HISTORY_SHOWN = 50

const when = (iso: string) => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString()
}

function WorkspaceCard() {
  const workspace = useWorkspace()
  const { choose } = useOrganisation()
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
        <Alert color="red" role="alert" title="No storage in this browser">
          {workspace.problem}
        </Alert>
      ) : (
        <Stack gap="sm">
          <Text size="sm" data-testid="workspace-status">
            {count === undefined
              ? 'Reading your workspace...'
              : `${plural(count, 'repository', 'repositories')} from ${plural(workspace.imports.length, 'import')}, kept in this browser for you alone. Nothing you import is sent anywhere.`}
          </Text>
          <Group gap="xs">
            <Button
              leftSection={<IconFileImport size={16} aria-hidden />}
              onClick={() => {
                choose('workspace')
                importDialog.open()
              }}
            >
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
              disabled={!count && workspace.imports.length === 0}
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

function ImportHistory() {
  const { imports } = useWorkspace()
  if (imports.length === 0) return null
  const newest = [...imports].reverse().slice(0, HISTORY_SHOWN)
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
            {newest.map((record) => (
              <Table.Tr key={record.id}>
                <Table.Td>{record.file}</Table.Td>
                <Table.Td>{record.tool}</Table.Td>
                <Table.Td>{record.repository}</Table.Td>
                <Table.Td>{when(record.at)}</Table.Td>
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
  return (
    <>
      <PageHeader title="Data sources" subtitle="Where Vigil's repositories and findings come from" />
      <Stack gap="lg">
        <WorkspaceCard />
        <ImportHistory />
      </Stack>
    </>
  )
}
