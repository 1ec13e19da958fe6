import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { parsePolicy } from '@/data/policy-document'
import { samplePolicyDocument } from '@/data/sample-policy'
import { policyEditorMachine } from '@/machines/policy-editor.machine'
import { inspection } from '@/components/inspection'
import { readLocal, writeLocal } from '@/components/local-storage'

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
  const snapshot = useSelector(actor, (state) => state)
  return { snapshot, send: actor.send }
}
