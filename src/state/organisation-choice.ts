import type { OrganisationChoice } from '@/state/organisation'
import { readLocal, writeLocal } from '@/lib/local-storage'
import { parseOrganisationSize } from '@/data/organisation-size'

const STORAGE_KEY = 'vigil-demo-org'

/** `?demo-org=N` when the address has one, else the last choice, else the five samples. */
export function initialOrganisationChoice(search: string): OrganisationChoice {
  const fromAddress = parseOrganisationSize(new URLSearchParams(search).get('demo-org'))
  if (fromAddress !== undefined) return fromAddress
  const stored = readLocal(STORAGE_KEY)
  if (stored === 'workspace') return 'workspace'
  return parseOrganisationSize(stored) ?? 'sample'
}

export function rememberOrganisationChoice(choice: OrganisationChoice): void {
  writeLocal(STORAGE_KEY, choice === 'sample' ? null : String(choice))
}
