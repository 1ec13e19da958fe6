import { shallowEqual, useActorRef, useSelector } from '@xstate/react'
import { useMemo, useState } from 'react'
import { parsePolicy } from '@/data/policy-document'
import { samplePolicyDocument } from '@/data/sample-policy'
import { policyEditorMachine } from '@/machines/policy-editor.machine'
import { inspection } from '@/lib/inspection'
import { readLocal, writeLocal } from '@/lib/local-storage'

/** Where the locally edited document is kept between visits. */
export const POLICY_STORAGE_KEY = 'vigil-policy-document'

/** The stored document, when there is one that reads as a policy; a damaged one is dropped. */
function readStoredDocument(): string | undefined {
  const stored = readLocal(POLICY_STORAGE_KEY)
  if (stored === null) return undefined
  if (parsePolicy(stored).metaError) {
    console.warn('Vigil ignored the stored policy document: its front matter could not be read.')
    writeLocal(POLICY_STORAGE_KEY, null)
    return undefined
  }
  return stored
}

const browserEditorLogic = policyEditorMachine.provide({
  actions: {
    persist: (_, document) => writeLocal(POLICY_STORAGE_KEY, document),
  },
})

export function usePolicyEditor() {
  const [input] = useState(() => ({
    document: readStoredDocument() ?? samplePolicyDocument,
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
      levelOverrides: context.levelOverrides,
      enforcementDefault: context.enforcementDefault,
      editing: value,
    }),
    shallowEqual,
  )
  // Parsed once per version of the document, not on every keystroke of a draft.
  const policy = useMemo(() => parsePolicy(view.document), [view.document])
  return { ...view, policy, send: actor.send }
}
