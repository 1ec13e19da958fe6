import { shallowEqual, useActorRef, useSelector } from '@xstate/react'
import { useMemo, useState } from 'react'
import { parsePolicy } from '@/data/policy-document'
import { samplePolicyDocument } from '@/data/sample-policy'
import { policyEditorMachine } from '@/machines/policy-editor.machine'
import { inspection } from '@/lib/inspection'
import { storePolicyDocument, storedPolicyDocument } from '@/state/stored-policy'

/** The editor keeping the document of the identity whose workspace is `workspace`; unsaved without one. */
const browserEditorLogic = (workspace: string | undefined) =>
  policyEditorMachine.provide({
    actions: {
      persist: ({ self }, document) =>
        self.send({
          type: storePolicyDocument(workspace, document) ? 'storage.saved' : 'storage.failed',
        }),
    },
  })

/** The policy editor of the signed-in person; mount it again (a `key`) when the workspace changes. */
export function usePolicyEditor(workspace: string | undefined) {
  const [logic] = useState(() => browserEditorLogic(workspace))
  const [input] = useState(() => ({
    // A stored document whose front matter no longer parses is kept: the screen reports it.
    document: storedPolicyDocument(workspace),
    original: samplePolicyDocument,
  }))
  const actor = useActorRef(logic, { input, ...inspection() })
  const view = useSelector(
    actor,
    ({ context, value }) => ({
      document: context.document,
      original: context.original,
      draft: context.draft,
      lineIndex: context.lineIndex,
      checkError: context.checkError,
      levelOverrides: context.levelOverrides,
      enforcementDefault: context.enforcementDefault,
      notSaved: context.notSaved,
      editing: value,
    }),
    shallowEqual,
  )
  // Parsed once per version of the document, not on every keystroke of a draft.
  const policy = useMemo(() => parsePolicy(view.document), [view.document])
  return { ...view, policy, send: actor.send }
}
