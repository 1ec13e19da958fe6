import { ActionIcon, Group, NativeSelect, Text, TextInput, Title } from '@mantine/core'
import { IconPencil, IconPointFilled } from '@tabler/icons-react'
import type { KeyboardEvent } from 'react'
import { LEVELS, type Level, type PolicyLine } from '@/data/policy-document'

export interface LineEditing {
  index: number
  draft: string
  onChange: (text: string) => void
  onSave: () => void
  onCancel: () => void
}

/** Enter or leaving the field saves, Escape cancels. */
export function saveKeys(onSave: () => void, onCancel: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      onSave()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      onCancel()
    }
  }
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
}

/** One body line: headings and sections with their level, rules and paragraphs editable in place. */
export function PolicyLineView({ line, index, level, onLevel, editing, onEdit }: LineProps) {
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
  return (
    <Group gap="xs" wrap="nowrap" align="center" data-line={index}>
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
}
