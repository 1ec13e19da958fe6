import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Loader,
  Modal,
  Progress,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core'
import { decisionStateNames, decisionStates, type DecisionState } from '@/data/decisions'
import { formatCount, plural } from '@/lib/format'
import { TriageActor, TriageHost } from '@/state/triage'
import type { DecisionDraft, ScopeChoice } from '@/workspace/triage/bulk'
import { justificationNames, justifications, type Justification } from '@/workspace/triage/decision'
import type { DecidableFinding } from '@/workspace/triage/resolve'
import classes from './triage-dialog.module.css'

const fieldClasses = { error: classes.error }

export interface TriageDialogProps {
  /** The findings to decide on; the dialog is open while there are some. */
  findings?: DecidableFinding[]
  /** What is decided on, for the title: "CVE-2024-0001 in payments", "1,204 findings". */
  subject: string
  onClose: () => void
}

/** Decide on one finding or many: the triage machine drives each step; a new run each time it opens. */
export function TriageDialog({ findings, subject, onClose }: TriageDialogProps) {
  return (
    <Modal opened={findings !== undefined} onClose={onClose} title={`Decide on ${subject}`} size="lg">
      {findings && (
        <TriageHost findings={findings}>
          <TriageSteps onClose={onClose} />
        </TriageHost>
      )}
    </Modal>
  )
}

const choosable = decisionStates.filter((state) => state !== 'needs-triage')

const stateHelp: Record<DecisionState, string> = {
  'needs-triage': 'Nobody has decided yet.',
  'in-triage': 'Someone is looking at it.',
  affected: 'It matters and will be fixed.',
  'not-affected': 'The code is not exposed to it.',
  'false-positive': 'The scanner is wrong.',
  'accepted-risk': 'The team lives with it until a day you choose.',
  fixed: 'It has been fixed.',
}

type DraftChange = Partial<Omit<DecisionDraft, 'state'>>

type Field = 'justification' | 'expiresOn' | 'dueOn' | 'reason' | 'usedInTests' | 'pattern' | 'scope' | 'other'

/** Which field a refusal is about, so that it shows next to that field. */
function fieldOf(problem: string): Field {
  if (/justification/i.test(problem)) return 'justification'
  if (/expir/i.test(problem)) return 'expiresOn'
  if (/due date/i.test(problem)) return 'dueOn'
  if (/accepts the risk|reason/i.test(problem)) return 'reason'
  if (/used in tests/i.test(problem)) return 'usedInTests'
  if (/path pattern/i.test(problem)) return 'pattern'
  if (/finding|advisory|rule|repository/i.test(problem)) return 'scope'
  return 'other'
}

function scopeOptions(findings: DecidableFinding[]): { value: ScopeChoice; label: string }[] {
  const one = findings.length === 1
  const code = findings.every((finding) => finding.kind === 'policy-issue')
  const advisories = findings.some((finding) => finding.advisoryId)
  return [
    { value: 'finding', label: one ? 'This finding' : 'Each of these findings' },
    ...(advisories
      ? [
          { value: 'advisory-in-repository' as const, label: 'This advisory in this repository' },
          { value: 'advisory-everywhere' as const, label: 'This advisory in every repository, present and future' },
        ]
      : []),
    ...(code
      ? [
          { value: 'rule' as const, label: 'This rule in this repository' },
          { value: 'path' as const, label: 'Files matching a path pattern in this repository' },
        ]
      : []),
  ]
}

function TriageSteps({ onClose }: { onClose: () => void }) {
  const actor = TriageActor.useActorRef()
  const step = TriageActor.useSelector((snapshot) => snapshot.value)
  const context = TriageActor.useSelector((snapshot) => snapshot.context)
  const { findings, draft, problems } = context
  const errors = new Map<Field, string[]>()
  for (const problem of problems) errors.set(fieldOf(problem), [...(errors.get(fieldOf(problem)) ?? []), problem])
  const errorOf = (field: Field) => errors.get(field)?.join(' ')
  const change = (change: DraftChange) => actor.send({ type: 'draft.change', change })
  const code = findings.every((finding) => finding.kind === 'policy-issue')

  if (step === 'choosing' || step === 'justifying') {
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'draft.submit' })
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">{plural(findings.length, 'finding')} chosen.</Text>
          <Radio.Group
            label="Decision"
            value={step === 'choosing' ? null : draft.state}
            onChange={(state) => actor.send({ type: 'state.choose', state: state as DecisionState })}
            error={errorOf('other')}
            classNames={fieldClasses}
          >
            <Stack gap={6} mt={4}>
              {choosable.map((state) => (
                <Radio key={state} value={state} label={decisionStateNames[state]} description={stateHelp[state]} />
              ))}
            </Stack>
          </Radio.Group>
          {step === 'justifying' && (
            <>
              {draft.state === 'not-affected' && (
                <Select
                  label="Justification"
                  required
                  placeholder="Why it is not affected"
                  data={justifications.map((value) => ({ value, label: justificationNames[value] }))}
                  value={draft.justification ?? null}
                  onChange={(value) => change({ justification: (value ?? undefined) as Justification | undefined })}
                  error={errorOf('justification')}
                  classNames={fieldClasses}
                />
              )}
              {draft.state === 'accepted-risk' && (
                <TextInput
                  type="date"
                  label="Expires on"
                  description="From this day the finding is open again."
                  required
                  value={draft.expiresOn ?? ''}
                  onChange={(event) => change({ expiresOn: event.currentTarget.value || undefined })}
                  error={errorOf('expiresOn')}
                  classNames={fieldClasses}
                />
              )}
              {draft.state === 'affected' && (
                <TextInput
                  type="date"
                  label="Fix by (optional)"
                  value={draft.dueOn ?? ''}
                  onChange={(event) => change({ dueOn: event.currentTarget.value || undefined })}
                  error={errorOf('dueOn')}
                  classNames={fieldClasses}
                />
              )}
              <Textarea
                label="Reason"
                required={draft.state === 'accepted-risk'}
                autosize
                minRows={2}
                value={draft.reason}
                onChange={(event) => change({ reason: event.currentTarget.value })}
                error={errorOf('reason')}
                classNames={fieldClasses}
              />
              {code && (
                <Checkbox
                  label="Used in tests only"
                  checked={draft.usedInTests ?? false}
                  onChange={(event) => change({ usedInTests: event.currentTarget.checked || undefined })}
                  error={errorOf('usedInTests')}
                  classNames={fieldClasses}
                />
              )}
              <Radio.Group
                label="Applies to"
                value={draft.scope}
                onChange={(scope) => change({ scope: scope as ScopeChoice })}
                error={errorOf('scope')}
                classNames={fieldClasses}
              >
                <Stack gap={6} mt={4}>
                  {scopeOptions(findings).map((option) => (
                    <Radio key={option.value} value={option.value} label={option.label} />
                  ))}
                </Stack>
              </Radio.Group>
              {draft.scope === 'path' && (
                <TextInput
                  label="Path pattern"
                  description="test/** for a folder, **/*.spec.ts for a kind of file in every folder."
                  required
                  value={draft.pattern ?? ''}
                  onChange={(event) => change({ pattern: event.currentTarget.value })}
                  error={errorOf('pattern')}
                  classNames={fieldClasses}
                />
              )}
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={step === 'choosing'}>
              Review
            </Button>
          </Group>
        </Stack>
      </form>
    )
  }

  if (step === 'confirming') {
    return (
      <Stack gap="md">
        <Text>
          Mark {plural(findings.length, 'finding')} as <strong>{decisionStateNames[draft.state]}</strong>
          {draft.reason.trim() ? `: "${draft.reason.trim()}"` : ''}.
        </Text>
        <Text size="sm">
          Applies to:{' '}
          {scopeOptions(findings)
            .find((option) => option.value === draft.scope)
            ?.label.toLowerCase() ?? draft.scope}
          {draft.scope === 'path' ? ` (${draft.pattern})` : ''}
          {draft.expiresOn && draft.state === 'accepted-risk' ? `, until ${draft.expiresOn}` : ''}.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => actor.send({ type: 'decision.edit' })}>
            Edit
          </Button>
          <Button onClick={() => actor.send({ type: 'decision.confirm' })}>Confirm</Button>
        </Group>
      </Stack>
    )
  }

  const saved = context.step
  if (step === 'applying') {
    return (
      <Stack gap="md">
        <Progress
          value={saved && saved.total > 0 ? (saved.done / saved.total) * 100 : 0}
          aria-label="Decisions saved"
          animated
        />
        <Text size="sm" role="status">
          {saved ? `Saved ${formatCount(saved.done)} of ${plural(saved.total, 'decision')}...` : 'Saving...'}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => actor.send({ type: 'bulk.cancel' })}>
            Stop
          </Button>
        </Group>
      </Stack>
    )
  }

  if (step === 'undoing') {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text>Undoing...</Text>
      </Group>
    )
  }

  return (
    <Stack gap="md">
      {context.problem && (
        <Alert color="red" role="alert" title="Not everything was saved">
          {context.problem}
        </Alert>
      )}
      <Text role="status">
        {step === 'undone'
          ? `Undone: ${plural(context.undone ?? 0, 'decision')} back to what ${context.undone === 1 ? 'it was' : 'they were'} before.`
          : context.cancelled
            ? `Stopped after ${plural(saved?.done ?? 0, 'decision')} of ${formatCount(saved?.total ?? 0)}: those are kept.`
            : `Saved ${plural(saved?.done ?? 0, 'decision')} for ${plural(findings.length, 'finding')}.`}
      </Text>
      {problems.length > 0 && (
        <List size="sm">
          {problems.map((problem) => (
            <List.Item key={problem}>{problem}</List.Item>
          ))}
        </List>
      )}
      <Group justify="flex-end">
        {step === 'done' && saved && (saved.done > 0 || context.cancelled) && (
          <Button variant="default" onClick={() => actor.send({ type: 'step.undo' })}>
            Undo
          </Button>
        )}
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  )
}
