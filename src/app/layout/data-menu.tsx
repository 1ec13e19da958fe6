import { Button, Group, Loader, Menu, Modal, NumberInput, Stack, Text } from '@mantine/core'
import { formatCount, plural } from '@/lib/format'
import { useImportDialog } from '@/state/import'
import { useWorkspace } from '@/state/workspace'
import { useDisclosure } from '@mantine/hooks'
import { IconCheck, IconChevronDown, IconDatabase, IconFileImport } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import { useDataSource, type DataSourceChoice } from '@/state/data-source'
import { useMenuTypeAhead } from '@/app/layout/use-menu-type-ahead'
import { MAX_GENERATED_SIZE } from '@/data/generated-size'

const presets: { choice: DataSourceChoice; label: string }[] = [
  { choice: 'sample', label: '5 sample repositories' },
  { choice: 3876, label: 'Generated organisation: 3,876' },
  { choice: 10_000, label: 'Generated organisation: 10,000' },
  { choice: 100_000, label: 'Generated organisation: 100,000' },
]

/** Switches the data source: the five samples, a generated organisation of any size, or your workspace. */
export function DataMenu() {
  const { choice, status, choose } = useDataSource()
  const workspace = useWorkspace()
  const importDialog = useImportDialog()
  const [customOpen, custom] = useDisclosure(false)
  const [size, setSize] = useState<string | number>(typeof choice === 'number' ? choice : 3876)
  const typeAhead = useMenuTypeAhead()
  const workspaceCount = workspace.summaries?.length
  const workspaceLabel = `Your workspace (${workspaceCount === undefined ? '...' : plural(workspaceCount, 'repository', 'repositories')})`
  const current =
    choice === 'sample'
      ? 'Sample data'
      : choice === 'workspace'
        ? workspaceLabel
        : `${formatCount(choice)} repositories`

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = Number(size)
    if (!Number.isInteger(value) || value < 1 || value > MAX_GENERATED_SIZE) return
    choose(value)
    custom.close()
  }
  const sizeValid = Number.isInteger(Number(size)) && Number(size) >= 1 && Number(size) <= MAX_GENERATED_SIZE

  return (
    <>
      <Menu position="bottom-end" width={280} withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            size="xs"
            leftSection={
              status === 'loading' ? <Loader size={12} aria-hidden /> : <IconDatabase size={14} aria-hidden />
            }
            rightSection={<IconChevronDown size={14} aria-hidden />}
            aria-label={`Data: ${current}`}
            aria-busy={status === 'loading'}
          >
            <Text size="xs" visibleFrom="sm" span>
              {current}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown onKeyDown={typeAhead}>
          <Menu.Label>Your data</Menu.Label>
          <Menu.Item
            onClick={() => choose('workspace')}
            disabled={!!workspace.problem}
            rightSection={choice === 'workspace' ? <IconCheck size={14} aria-label="current" /> : undefined}
          >
            {workspaceLabel}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconFileImport size={14} aria-hidden />}
            onClick={importDialog.open}
            disabled={!!workspace.problem}
          >
            Import scan files...
          </Menu.Item>
          <Menu.Divider />
          <Menu.Label>Demo data</Menu.Label>
          {presets.map((preset) => (
            <Menu.Item
              key={preset.label}
              onClick={() => choose(preset.choice)}
              rightSection={choice === preset.choice ? <IconCheck size={14} aria-label="current" /> : undefined}
            >
              {preset.label}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={custom.open}>Custom size...</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={customOpen} onClose={custom.close} title="Generate an organisation">
        <form onSubmit={submit}>
          <Stack>
            <NumberInput
              label="Repositories"
              description={`From 1 to ${formatCount(MAX_GENERATED_SIZE)}; the same size always gives the same source.`}
              min={1}
              max={MAX_GENERATED_SIZE}
              allowDecimal={false}
              thousandSeparator=","
              value={size}
              onChange={setSize}
              error={sizeValid ? undefined : `Enter a whole number from 1 to ${formatCount(MAX_GENERATED_SIZE)}.`}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={custom.close}>
                Cancel
              </Button>
              <Button type="submit" disabled={!sizeValid}>
                Generate
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  )
}
