import type { OrganisationChoice } from '@/api/organisation'
import { parseOrganisationSize } from '@/data/organisation'

const STORAGE_KEY = 'vigil-demo-org'

/** `?demo-org=N` when the address has one, else the last choice, else the five samples. */
export function initialOrganisationChoice(search: string): OrganisationChoice {
  const fromAddress = parseOrganisationSize(new URLSearchParams(search).get('demo-org'))
  if (fromAddress !== undefined) return fromAddress
  try {
    return parseOrganisationSize(window.localStorage.getItem(STORAGE_KEY)) ?? 'sample'
  } catch {
    return 'sample'
  }
}

export function rememberOrganisationChoice(choice: OrganisationChoice): void {
  try {
    if (choice === 'sample') window.localStorage.removeItem(STORAGE_KEY)
    else window.localStorage.setItem(STORAGE_KEY, String(choice))
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}
