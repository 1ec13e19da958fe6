import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { IconDownload, IconPencil, IconRestore } from '@tabler/icons-react'
import { downloadText } from '@/lib/download'
import { LEVELS, type Level } from '@/data/policy-document'
import { usePolicyChecks } from '@/components/use-policy-checks'
import { PolicyLineView } from './policy-lines'
import { saveKeys } from './save-keys'
import { useOptionalWorkspace } from '@/state/workspace'
import { usePolicyEditor } from './use-policy-editor'

function CardHeader({ id, title, editLabel }: { id: string; title: string; editLabel: string }) {
  return (
    <Group justify="space-between" mb="sm">
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <ActionIcon component="a" href="#" variant="subtle" color="gray" aria-label={editLabel}>
        <IconPencil size={16} aria-hidden />
      </ActionIcon>
    </Group>
  )
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:{' '}
      </Text>
      {value}
    </Text>
  )
}

function download(document: string, title: string) {
  const slug =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'policy'
  downloadText(document, `${slug}.md`, 'text/markdown')
}

/** /policy: the signed-in person's policy document, read again when the identity changes. */
export function PolicyDocumentScreen() {
  const workspace = useOptionalWorkspace()
  if (workspace?.pending) return <Loader role="img" aria-label="Loading your policy document" />
  return <PolicyDocumentEditor key={workspace?.databaseName} workspace={workspace?.databaseName} />
}

function PolicyDocumentEditor({ workspace }: { workspace: string | undefined }) {
  const {
    document,
    original,
    draft,
    lineIndex,
    checkError,
    levelOverrides,
    enforcementDefault,
    notSaved,
    editing,
    policy,
    send,
  } = usePolicyEditor(workspace)
  const { meta } = policy
  const checks = usePolicyChecks(policy.lines)
  const checkEditing =
    editing === 'editingCheck' && lineIndex !== undefined
      ? {
          index: lineIndex,
          draft,
          error: checkError,
          onChange: (text: string) => send({ type: 'draft.change', text }),
          onSave: () => send({ type: 'check.save' }),
          onCancel: () => send({ type: 'edit.cancel' }),
        }
      : undefined
  const editingTags = editing === 'editingTags'
  const lineEditing =
    editing === 'editingLine' && lineIndex !== undefined
      ? {
          index: lineIndex,
          draft,
          onChange: (text: string) => send({ type: 'draft.change', text }),
          onSave: () => send({ type: 'line.save' }),
          onCancel: () => send({ type: 'edit.cancel' }),
        }
      : undefined
  const enforcement = enforcementDefault ?? meta.enforcementDefault
  const enforcementOptions =
    LEVELS.includes(enforcement as Level) || !enforcement ? [...LEVELS] : [enforcement, ...LEVELS]

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {meta.title || 'Untitled policy'}
          </Title>
          <Text c="dimmed">Policy document · edits stay in this browser</Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRestore size={16} aria-hidden />}
            onClick={() => send({ type: 'document.reset' })}
            disabled={document === original}
          >
            Reset to original
          </Button>
          <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={() => download(document, meta.title)}>
            Download
          </Button>
        </Group>
      </Group>

      {notSaved && (
        <Alert color="red" title="Your edit was not saved" role="alert">
          The browser's storage is full or blocked, so the edit is not saved: it stays on this page until you leave it.
          Download the document to keep it, or free some space for this site.
        </Alert>
      )}

      {policy.metaError && (
        <Alert color="red" title="The document's front matter could not be read" role="alert">
          {policy.metaError} The document is kept as it is; its tags cannot be edited until the front matter is mended.
        </Alert>
      )}

      <Card withBorder padding="lg" component="section" aria-labelledby="metadata-heading">
        <CardHeader id="metadata-heading" title="Metadata" editLabel="Edit metadata" />
        <Stack gap="sm">
          <Text size="sm">{meta.description}</Text>
          <Group gap="xl">
            <Field label="Framework" value={meta.scope.framework} />
            <Field label="Orgs" value={meta.scope.orgs} />
          </Group>
          <Group gap="xs" align="center">
            <Text size="sm" c="dimmed">
              Tags:
            </Text>
            {editingTags ? (
              <TextInput
                aria-label="Tags"
                description="Separate tags with commas; Enter saves"
                value={draft}
                onChange={(event) => send({ type: 'draft.change', text: event.currentTarget.value })}
                onKeyDown={saveKeys(
                  () => send({ type: 'tags.save' }),
                  () => send({ type: 'edit.cancel' }),
                )}
                onBlur={() => send({ type: 'tags.save' })}
                autoFocus
                w={320}
              />
            ) : (
              <>
                {meta.tags.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    None
                  </Text>
                ) : (
                  <Group gap={4} aria-label="Tags" role="list">
                    {meta.tags.map((tag, index) => (
                      // A tag may be written twice: its position keeps each badge apart.
                      <Badge key={`${index}:${tag}`} variant="default" tt="none" role="listitem">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                )}
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label="Edit tags"
                  disabled={policy.metaError !== undefined}
                  onClick={() => send({ type: 'tags.edit' })}
                >
                  <IconPencil size={14} aria-hidden />
                </ActionIcon>
              </>
            )}
          </Group>
          <NativeSelect
            label="Default enforcement"
            w={240}
            value={enforcement}
            onChange={(event) => send({ type: 'enforcement.select', level: event.currentTarget.value })}
            data={enforcementOptions}
          />
        </Stack>
      </Card>

      <Card withBorder padding="lg" component="section" aria-labelledby="body-heading">
        <CardHeader id="body-heading" title="Policy" editLabel="Edit policy body" />
        <Stack gap={6}>
          {policy.lines.map((line, index) => (
            <PolicyLineView
              key={index}
              line={line}
              index={index}
              level={levelOverrides[index] ?? line.tag?.level}
              onLevel={(level) => send({ type: 'level.select', index, level })}
              editing={lineEditing}
              onEdit={() => send({ type: 'line.edit', index })}
              checks={checks}
              checkEditing={checkEditing}
              onEditCheck={() => send({ type: 'check.edit', index })}
            />
          ))}
        </Stack>
      </Card>
    </Stack>
  )
}
