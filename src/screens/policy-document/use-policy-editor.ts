import { shallowEqual, useActorRef, useSelector } from '@xstate/react'
import { useMemo, useState } from 'react'
import { parsePolicy } from '@/data/policy-document'
import { samplePolicyDocument } from '@/data/sample-policy'
import { POLICY_STORAGE_KEY, storedPolicyDocument } from '@/data/stored-policy'
import { policyEditorMachine } from '@/machines/policy-editor.machine'
import { inspection } from '@/lib/inspection'
import { writeLocal } from '@/lib/local-storage'

const browserEditorLogic = policyEditorMachine.provide({
  actions: {
    persist: ({ self }, document) =>
      self.send({ type: writeLocal(POLICY_STORAGE_KEY, document) ? 'storage.saved' : 'storage.failed' }),
  },
})

export function usePolicyEditor() {
  const [input] = useState(() => ({
    // A stored document whose front matter no longer parses is kept: the screen reports it.
    document: storedPolicyDocument(),
    original: samplePolicyDocument,
  }))
  const actor = useActorRef(browserEditorLogic, { input, ...inspection() })
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
