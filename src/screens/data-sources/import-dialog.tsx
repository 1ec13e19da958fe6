import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core'
import { IconFileImport, IconFolder, IconUpload } from '@tabler/icons-react'
import { memo, useCallback, useDeferredValue, useRef, useState, type DragEvent, type FormEvent } from 'react'
import { droppedFiles, pickedFiles, type PickedFile } from './dropped-files'
import { formatCount, plural } from '@/lib/format'
import type { ImportEntry, ImportMachine } from '@/machines/import.machine'
import { ImportActor, useImportDialog } from '@/state/import'
import { exampleCatalogueFiles, exampleFiles, fetchExampleFiles } from '@/workspace/import/examples'
import { repositoryFromPath } from '@/workspace/model/repository-name'
import type { ImportFileInput } from '@/workspace/import/import-file'
import { landedInWorkspace } from '@/workspace/import/file-outcome'
import type { ChangeCounts } from '@/workspace/model/repository-records'
import type { SnapshotFrom } from 'xstate'
import classes from './import-dialog.module.css'
import { levelColors } from '@/components/palette'

const statusText: Record<ImportEntry['status'], string> = {
  queued: 'Waiting',
  reading: 'Reading',
  parsing: 'Reading the format',
  writing: 'Saving',
  done: 'Done',
  cancelled: 'Cancelled',
}

/** Files as the import takes them: a folder's top-level folders name their repositories. */
export function toImportInputs(files: PickedFile[]): ImportFileInput[] {
  return files.map(({ file, path }) => {
    const repository = repositoryFromPath(path)
    return { name: path, blob: file, repository, repositoryFromFolder: repository !== undefined }
  })
}

export function describeChanges(changes: ChangeCounts): string {
  const parts = [
    `${formatCount(changes.added)} new`,
    `${formatCount(changes.updated)} changed`,
    `${formatCount(changes.unchanged)} unchanged`,
  ]
  if (changes.fixed > 0) parts.push(`${formatCount(changes.fixed)} fixed since the last import`)
  return parts.join(', ')
}

function NameRepository({ index, suggestion }: { index: number; suggestion: string }) {
  const actor = ImportActor.useActorRef()
  const [name, setName] = useState(suggestion)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim()) actor.send({ type: 'import.assign', index, repository: name.trim() })
  }
  return (
    <form onSubmit={submit}>
      <Group gap="xs" align="flex-end">
        <TextInput
          label="Repository"
          description="The file does not say which repository it scanned."
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={name.trim() ? undefined : 'Enter a repository name.'}
          size="xs"
          w={260}
        />
        <Button type="submit" size="xs" disabled={!name.trim()}>
          Import
        </Button>
      </Group>
    </form>
  )
}

function FileReport({ entry, index }: { entry: ImportEntry; index: number }) {
  const { outcome } = entry
  if (!outcome) {
    return (
      <Text size="sm" c={entry.status === 'cancelled' ? 'dimmed' : undefined}>
        {statusText[entry.status]}
      </Text>
    )
  }
  if (outcome.status === 'refused') {
    return (
      <Text size="sm" c="red.8">
        Not imported: {outcome.reason}
      </Text>
    )
  }
  if (outcome.status === 'needs-repository') return <NameRepository index={index} suggestion={outcome.suggestion} />
  if (outcome.status === 'catalogue') {
    return (
      <Stack gap={2}>
        <Text size="sm">
          {outcome.formatName}, for the whole workspace: {outcome.summary}
        </Text>
        {outcome.warnings.length > 0 && (
          <List size="xs" c="dimmed">
            {outcome.warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    )
  }
  return (
    <Stack gap={2}>
      <Text size="sm">
        {outcome.formatName} into <strong>{outcome.repository}</strong>
      </Text>
      {outcome.decisions && (
        <Stack gap={0}>
          <Text size="sm">
            {outcome.decisions.made === 1 ? '1 decision' : `${outcome.decisions.made} decisions`} on the repository’s
            findings
          </Text>
          {outcome.decisions.warnings.length > 0 && (
            <List size="xs" c="dimmed">
              {outcome.decisions.warnings.map((warning) => (
                <List.Item key={warning}>{warning}</List.Item>
              ))}
            </List>
          )}
        </Stack>
      )}
      {outcome.records.map((record) => (
        <Stack key={`${record.tool}-${record.id}`} gap={0}>
          <Text size="sm">
            {record.tool}: {describeChanges(record.changes)}
          </Text>
          {record.warnings.length > 0 && (
            <List size="xs" c="dimmed">
              {record.warnings.map((warning) => (
                <List.Item key={warning}>{warning}</List.Item>
              ))}
            </List>
          )}
        </Stack>
      ))}
    </Stack>
  )
}

function FileTable({ entries }: { entries: ImportEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing="xs" aria-label="Files">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">File</Table.Th>
            <Table.Th scope="col">Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry, index) => (
            <Table.Tr key={`${entry.input.name}-${index}`} aria-label={entry.input.name}>
              <Table.Td>
                <Text size="sm" className={classes.fileName}>
                  <bdi>{entry.input.name}</bdi>
                </Text>
              </Table.Td>
              <Table.Td>
                <FileReport entry={entry} index={index} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function Chooser({ onFiles }: { onFiles: (files: PickedFile[]) => void }) {
  const filesInput = useRef<HTMLInputElement>(null)
  const folderInput = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const [problem, setProblem] = useState<string>()
  const [loadingExamples, setLoadingExamples] = useState(false)

  const onDrop = async (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    onFiles(await droppedFiles(event.dataTransfer))
  }
  const tryExamples = async () => {
    setLoadingExamples(true)
    setProblem(undefined)
    try {
      const examples = await fetchExampleFiles(undefined, [...exampleFiles, ...exampleCatalogueFiles])
      onFiles(examples.map(({ path, blob }) => ({ path, file: new File([blob], path.split('/').pop() ?? path) })))
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    } finally {
      setLoadingExamples(false)
    }
  }

  return (
    <Stack>
      <Paper
        withBorder
        p="lg"
        className={classes.dropZone}
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => void onDrop(event)}
      >
        <Stack align="center" gap="xs">
          <IconUpload size={28} aria-hidden />
          <Text fw={600}>Drop scan files or a folder here</Text>
          <Text size="sm" c="dimmed" ta="center">
            SARIF, OSV-Scanner, CycloneDX, Grype, Trivy and npm audit JSON, and OpenAPI or Swagger descriptions in JSON
            or YAML, also gzip-compressed. In a folder, each top-level folder is a repository. Nothing leaves this
            browser.
          </Text>
          <Group gap="xs">
            <Button leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => filesInput.current?.click()}>
              Choose files
            </Button>
            <Button
              variant="default"
              leftSection={<IconFolder size={16} aria-hidden />}
              onClick={() => folderInput.current?.click()}
            >
              Choose a folder
            </Button>
          </Group>
        </Stack>
      </Paper>
      <input
        ref={filesInput}
        type="file"
        multiple
        hidden
        data-testid="import-files"
        onChange={(event) => {
          onFiles(pickedFiles(event.currentTarget.files))
          event.currentTarget.value = ''
        }}
      />
      <input
        ref={folderInput}
        type="file"
        hidden
        data-testid="import-folder"
        {...{ webkitdirectory: '', directory: '' }}
        onChange={(event) => {
          onFiles(pickedFiles(event.currentTarget.files))
          event.currentTarget.value = ''
        }}
      />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          No files at hand?
        </Text>
        <UnstyledButton
          onClick={() => void tryExamples()}
          c="var(--mantine-color-anchor)"
          fz="sm"
          td="underline"
          disabled={loadingExamples}
        >
          {loadingExamples ? 'Loading the example files...' : 'Try with example files'}
        </UnstyledButton>
      </Group>
      {problem && (
        <Alert color="red" role="alert" title="The example files could not be loaded">
          {problem}
        </Alert>
      )}
    </Stack>
  )
}

interface ImportDialogViewProps {
  opened: boolean
  state: SnapshotFrom<ImportMachine>['value']
  entries: ImportEntry[]
  problem: string | undefined
  start: (files: PickedFile[]) => void
  cancel: () => void
  leaveReport: () => void
  finish: () => void
}

const ImportDialogView = memo(function ImportDialogView({
  opened,
  state,
  entries,
  problem,
  start,
  cancel,
  leaveReport,
  finish,
}: ImportDialogViewProps) {
  const done = entries.filter((entry) => entry.status === 'done').length
  const imported = entries.filter(landed).length
  return (
    <Modal opened={opened} onClose={finish} title="Import scan files" size="xl">
      {state === 'idle' && <Chooser onFiles={start} />}
      {state === 'importing' && (
        <Stack>
          <Text size="sm" role="status">
            Importing {plural(entries.length, 'file')}: {done} done
          </Text>
          <Progress value={entries.length ? (done / entries.length) * 100 : 0} aria-label="Import progress" animated />
          <FileTable entries={entries} />
          <Group justify="flex-end">
            <Button variant="default" color="red" onClick={cancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      )}
      {state === 'report' && (
        <Stack>
          {problem && (
            <Alert color="red" role="alert" title="The import could not run">
              {problem}
            </Alert>
          )}
          <Group gap="xs" role="status">
            <Badge color={imported === entries.length ? levelColors.good : levelColors.warning} autoContrast>
              {imported} of {entries.length}
            </Badge>
            <Text size="sm">{imported === 1 ? 'file imported' : 'files imported'}</Text>
          </Group>
          <FileTable entries={entries} />
          <Group justify="flex-end">
            <Button variant="default" onClick={leaveReport}>
              Import more files
            </Button>
            <Button onClick={finish}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
})

/** Whether a file of the import landed in the workspace. */
const landed = (entry: ImportEntry) => landedInWorkspace(entry.outcome)

/** The import dialog: pick or drop files, watch them import, read the report. */
export function ImportDialog() {
  const { opened, close } = useImportDialog()
  const actor = ImportActor.useActorRef()
  // The machine's changes are drawn deferred, in slices between frames: drawn in the task of the
  // event or message that brought them, the file table's first draw made a long task of the
  // file input's change event (docs/benchmarks.md).
  const state = useDeferredValue(ImportActor.useSelector((snapshot) => snapshot.value))
  const entries = useDeferredValue(ImportActor.useSelector((snapshot) => snapshot.context.entries))
  const problem = useDeferredValue(ImportActor.useSelector((snapshot) => snapshot.context.problem))

  const start = useCallback(
    (files: PickedFile[]) => {
      if (files.length > 0) actor.send({ type: 'import.start', files: toImportInputs(files) })
    },
    [actor],
  )
  const cancel = useCallback(() => actor.send({ type: 'import.cancel' }), [actor])
  // Whether leaving the report puts the workspace on screen is the machine's to decide.
  const leaveReport = useCallback(() => actor.send({ type: 'import.reset' }), [actor])
  // Closed on a report, the dialog opens again on a new import; closed while importing (which the
  // machine keeps doing, taking no reset), on its progress.
  const finish = useCallback(() => {
    leaveReport()
    close()
  }, [leaveReport, close])

  return (
    <ImportDialogView
      opened={opened}
      state={state}
      entries={entries}
      problem={problem}
      start={start}
      cancel={cancel}
      leaveReport={leaveReport}
      finish={finish}
    />
  )
}
