import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { parsePolicy } from '@/data/policy-document'
import { samplePolicyDocument } from '@/data/sample-policy'
import { policyEditorMachine } from '@/machines/policy-editor.machine'
import { inspection } from '@/components/inspection'

/** Where the locally edited document is kept between visits. */
export const POLICY_STORAGE_KEY = 'vigil-policy-document'

/** The stored document, when there is one that reads as a policy; a damaged one is dropped. */
function readStoredDocument(): string | undefined {
  try {
    const stored = window.localStorage.getItem(POLICY_STORAGE_KEY)
    if (stored === null) return undefined
    if (parsePolicy(stored).metaError) {
      console.warn('Vigil ignored the stored policy document: its front matter could not be read.')
      window.localStorage.removeItem(POLICY_STORAGE_KEY)
      return undefined
    }
    return stored
  } catch {
    return undefined
  }
}

const browserEditorLogic = policyEditorMachine.provide({
  actions: {
    persist: (_, document) => {
      try {
        if (document === null) window.localStorage.removeItem(POLICY_STORAGE_KEY)
        else window.localStorage.setItem(POLICY_STORAGE_KEY, document)
      } catch {
        // Storage blocked: the edits last for this page only.
      }
    },
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
