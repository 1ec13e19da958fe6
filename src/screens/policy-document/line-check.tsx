import { ActionIcon, Anchor, Button, Code, Group, List, Stack, Text, TextInput } from '@mantine/core'
import { IconPencil, IconPlus } from '@tabler/icons-react'
import { Link } from 'wouter'
import type { PolicyChecks } from '@/components/use-policy-checks'
import type { CheckedLine, RepositoryFailure } from '@/data/policy-checks'
import type { PolicyLine } from '@/data/policy-document'
import { formatCount, plural } from '@/lib/format'
import { failingFindingsHref } from '@/queries/policy/failing-findings'
import { saveKeys } from './save-keys'

export interface CheckEditing {
  index: number
  draft: string
  error?: string
  onChange: (text: string) => void
  onSave: () => void
  onCancel: () => void
}

/** The failing repositories listed under a line; the rest are counted. */
const FAILING_SHOWN = 10

/** The rules or advisories named in a failure: a few, then how many more. */
const RULES_NAMED = 3

function failureText(failure: RepositoryFailure): string {
  const findings = failure.findings.reduce((sum, finding) => sum + (finding.count ?? 1), 0)
  const rules = [...new Set(failure.findings.flatMap((finding) => finding.ruleId ?? []))]
  const named =
    rules.length === 0
      ? ''
      : `: ${rules.slice(0, RULES_NAMED).join(', ')}${rules.length > RULES_NAMED ? ` and ${formatCount(rules.length - RULES_NAMED)} more` : ''}`
  return [
    findings > 0 ? `${plural(findings, 'open finding')}${named}` : '',
    failure.endpoints.length > 0 ? plural(failure.endpoints.length, 'endpoint') + ' without authentication' : '',
  ]
    .filter(Boolean)
    .join(', ')
}

function PassRate({ line, label }: { line: CheckedLine; label: string }) {
  const failing = line.failing.slice(0, FAILING_SHOWN)
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500} data-passing={line.passing} data-checked={line.checked}>
        {line.summary}
      </Text>
      {line.failing.length > 0 && (
        <>
          <Text size="xs" c="dimmed" id={`failing-${line.lineIndex}`}>
            Failing findings of "{label}":
          </Text>
          <List size="xs" spacing={2} aria-labelledby={`failing-${line.lineIndex}`}>
            {failing.map((failure) => (
              <List.Item key={failure.repository}>
                <Anchor component={Link} href={failingFindingsHref(failure)} size="xs">
                  <bdi>{failure.repository}</bdi>
                </Anchor>{' '}
                ({failureText(failure)})
              </List.Item>
            ))}
          </List>
          {line.failing.length > FAILING_SHOWN && (
            <Text size="xs" c="dimmed">
              and {formatCount(line.failing.length - FAILING_SHOWN)} more failing repositories
            </Text>
          )}
        </>
      )}
    </Stack>
  )
}

function checkStatus(checks: PolicyChecks, index: number, label: string) {
  if (checks.status === 'unavailable')
    return (
      <Text size="xs" c="dimmed">
        Pass rates come from imported scans: choose your workspace as the data source to check this line.
      </Text>
    )
  if (checks.status === 'loading')
    return (
      <Text size="xs" c="dimmed" role="status">
        Checking the workspace...
      </Text>
    )
  if (checks.status === 'failed')
    return (
      <Text size="xs" c="red" role="alert">
        {checks.message}
      </Text>
    )
  const line = checks.result.lines.find((checked) => checked.lineIndex === index)
  return line ? <PassRate line={line} label={label} /> : null
}

/** A rule line's check: what it checks, what is wrong with it, its pass rate, and its editor. */
export function LineCheck({
  line,
  index,
  label,
  checks,
  editing,
  onEdit,
}: {
  line: PolicyLine
  index: number
  label: string
  checks: PolicyChecks
  editing?: CheckEditing
  onEdit: () => void
}) {
  if (editing?.index === index) {
    return (
      <TextInput
        size="xs"
        ml={18}
        label={`Check of "${label}"`}
        description="Such as {cwe: 79, 80}, {rules: js/xss}, {severity: critical, high}, {api: sensitive-endpoints-need-auth} or {kev: overdue}. Enter saves, Escape cancels; empty removes the check."
        value={editing.draft}
        error={editing.error}
        onChange={(event) => editing.onChange(event.currentTarget.value)}
        onKeyDown={saveKeys(editing.onSave, editing.onCancel)}
        onBlur={editing.onSave}
        autoFocus
      />
    )
  }
  if (!line.check) {
    return (
      <Group ml={18}>
        <Button
          variant="subtle"
          color="gray"
          size="compact-xs"
          leftSection={<IconPlus size={12} aria-hidden />}
          aria-label={`Add check to "${label}"`}
          onClick={onEdit}
        >
          Add check
        </Button>
      </Group>
    )
  }
  return (
    <Stack gap={4} ml={18}>
      <Group gap={4}>
        <Text size="xs" c="dimmed">
          Checked by
        </Text>
        <Code style={{ overflowWrap: 'anywhere' }}>{line.check.raw.trim()}</Code>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Edit the check of "${label}"`}
          onClick={onEdit}
        >
          <IconPencil size={12} aria-hidden />
        </ActionIcon>
      </Group>
      {line.check.problems.length > 0 && (
        <List size="xs" c="red" aria-label={`What the check of "${label}" cannot use`}>
          {line.check.problems.map((problem) => (
            <List.Item key={problem}>{problem}</List.Item>
          ))}
        </List>
      )}
      {checkStatus(checks, index, label)}
    </Stack>
  )
}
