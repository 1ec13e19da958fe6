import { ActionIcon, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconPencil, IconPointFilled } from '@tabler/icons-react'
import type { PolicyChecks } from '@/components/use-policy-checks'
import { LEVELS, type Level, type PolicyLine } from '@/data/policy-document'
import { LineCheck, type CheckEditing } from './line-check'
import { saveKeys } from './save-keys'

export interface LineEditing {
  index: number
  draft: string
  onChange: (text: string) => void
  onSave: () => void
  onCancel: () => void
}

function LevelSelect({
  label,
  value,
  onChange,
}: {
  label: string
  value: Level | undefined
  onChange: (level: Level) => void
}) {
  return (
    <NativeSelect
      size="xs"
      w={190}
      aria-label={`Level of "${label}"`}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value as Level)}
      data={[...(value ? [] : [{ value: '', label: 'No level', disabled: true }]), ...LEVELS]}
    />
  )
}

interface LineProps {
  line: PolicyLine
  index: number
  level: Level | undefined
  onLevel: (level: Level) => void
  editing?: LineEditing
  onEdit: () => void
  checks: PolicyChecks
  checkEditing?: CheckEditing
  onEditCheck: () => void
}

/** One body line: headings and sections with their level, rules and paragraphs editable in place. */
export function PolicyLineView({
  line,
  index,
  level,
  onLevel,
  editing,
  onEdit,
  checks,
  checkEditing,
  onEditCheck,
}: LineProps) {
  if (line.kind === 'blank') return null
  const label = line.text.trim() || '(empty line)'
  if (line.kind === 'heading' || line.kind === 'section') {
    return (
      <Group justify="space-between" wrap="nowrap" mt={line.kind === 'heading' ? 0 : 'lg'} data-line={index}>
        <Title order={line.kind === 'heading' ? 2 : 3} size={line.kind === 'heading' ? 'h3' : 'h4'}>
          {line.text}
        </Title>
        <LevelSelect label={label} value={level} onChange={onLevel} />
      </Group>
    )
  }
  const content =
    editing?.index === index ? (
      <TextInput
        aria-label="Edit line"
        value={editing.draft}
        onChange={(event) => editing.onChange(event.currentTarget.value)}
        onKeyDown={saveKeys(editing.onSave, editing.onCancel)}
        onBlur={editing.onSave}
        autoFocus
        style={{ flex: 1 }}
      />
    ) : (
      <Text size="sm" style={{ flex: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {line.text}
      </Text>
    )
  const row = (
    <Group gap="xs" wrap="nowrap" align="center" data-line={line.kind === 'rule' ? undefined : index}>
      {line.kind === 'rule' && <IconPointFilled size={10} aria-hidden style={{ flexShrink: 0 }} />}
      {content}
      {editing?.index !== index && (
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Edit "${label}"`} onClick={onEdit}>
          <IconPencil size={14} aria-hidden />
        </ActionIcon>
      )}
      {line.kind === 'rule' && <LevelSelect label={label} value={level} onChange={onLevel} />}
    </Group>
  )
  if (line.kind !== 'rule') return row
  return (
    <Stack gap={2} data-line={index}>
      {row}
      <LineCheck line={line} index={index} label={label} checks={checks} editing={checkEditing} onEdit={onEditCheck} />
    </Stack>
  )
}
