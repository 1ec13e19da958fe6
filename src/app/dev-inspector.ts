import { createBrowserInspector } from '@statelyai/inspect'
import { setInspector } from '@/lib/inspection'

/** Development only: opens Stately's inspector and connects every actor to it. */
export function startInspector(): void {
  setInspector(createBrowserInspector().inspect)
}

export function wantsInspector(search: string, flag: string | undefined): boolean {
  return flag === 'true' || new URLSearchParams(search).has('inspect')
}
