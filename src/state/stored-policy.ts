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

/** Keeps the person's edited document (null: back to the sample); false without a workspace, or when the browser would not. */
export const storePolicyDocument = (workspace: string | undefined, document: string | null): boolean =>
  !!workspace && writePersonal(POLICY_STORAGE_KEY, workspace, document)
