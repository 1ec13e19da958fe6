import { readLocal } from '@/lib/local-storage'
import { samplePolicyDocument } from './sample-policy'

/** Where the locally edited policy document is kept between visits. */
export const POLICY_STORAGE_KEY = 'vigil-policy-document'

/** The policy document as this browser keeps it, else the sample. */
export const storedPolicyDocument = (): string => readLocal(POLICY_STORAGE_KEY) ?? samplePolicyDocument
