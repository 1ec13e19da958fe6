import { defaultSla } from '@/data/policy-sla'
import { parsePolicy } from '@/data/policy-document'
import { samplePolicyDocument } from '@/data/sample-policy'
import { readPersonal, writePersonal } from './personal-settings'

/** Where the person's edited policy document is kept between visits (see personal-settings). */
export const POLICY_STORAGE_KEY = 'vigil-policy-document'

/**
 * The policy document as the person whose workspace is `workspace` edited it, else the sample
 * (also without a workspace: nothing is shared between people on one browser).
 */
export const storedPolicyDocument = (workspace: string | undefined): string =>
  (workspace && readPersonal(POLICY_STORAGE_KEY, workspace, 'move')) || samplePolicyDocument

const changes = new EventTarget()

/** Keeps the person's edited document (null: back to the sample); false without a workspace, or when the browser would not. */
export function storePolicyDocument(workspace: string | undefined, document: string | null): boolean {
  const stored = !!workspace && writePersonal(POLICY_STORAGE_KEY, workspace, document)
  if (stored) {
    slaTexts.clear()
    changes.dispatchEvent(new Event('change'))
  }
  return stored
}

/** Calls `listener` when this tab or another keeps a new policy document; returns the unsubscribe. */
export function onPolicyDocumentChange(listener: () => void): () => void {
  const fromOtherTab = (event: StorageEvent) => {
    if (!event.key?.startsWith(POLICY_STORAGE_KEY)) return
    slaTexts.clear()
    listener()
  }
  changes.addEventListener('change', listener)
  window.addEventListener('storage', fromOtherTab)
  return () => {
    changes.removeEventListener('change', listener)
    window.removeEventListener('storage', fromOtherTab)
  }
}

/** Each person's days to fix as JSON text, read once and again only after a change to a document. */
const slaTexts = new Map<string, string>()

/**
 * The days to fix the person's policy document sets (`sla:` in its front matter), else the
 * defaults, as JSON text: asked for at every render of the data source, so storage is read and
 * the document parsed only after it changed.
 */
export function slaSettingsText(workspace: string | undefined): string {
  const key = workspace ?? ''
  let text = slaTexts.get(key)
  if (text === undefined) {
    text = JSON.stringify(parsePolicy(storedPolicyDocument(workspace)).meta.sla ?? defaultSla)
    slaTexts.set(key, text)
  }
  return text
}
