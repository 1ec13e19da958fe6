import { useCallback, useMemo, useState, type ReactNode } from 'react'
import { useTriageLogic } from '@/state/triage'
import type { DecidableFinding } from '@/workspace/triage/resolve'
import { DecisionHistory } from './decision-history'
import { TriageDialog } from './triage-dialog'

/** What a decision or a history is opened on: the findings, and how the title names them. */
export interface TriageSubject {
  findings: DecidableFinding[]
  subject: string
}

/**
 * The decision dialog and the history drawer, and what opens them; `canDecide` where decisions can
 * be made. `decide` and `history` are stable: the rows and cards that call them are not drawn
 * again for it.
 */
export function useTriageDrawers(): {
  canDecide: boolean
  decide: (opened: TriageSubject) => void
  history: (opened: TriageSubject) => void
  dialogs: ReactNode
} {
  const canDecide = useTriageLogic() !== undefined
  const [deciding, setDeciding] = useState<TriageSubject>()
  const [reading, setReading] = useState<TriageSubject>()
  const decide = useCallback((opened: TriageSubject) => setDeciding(opened), [])
  const history = useCallback((opened: TriageSubject) => setReading(opened), [])
  const dialogs = useMemo(
    () => (
      <>
        <TriageDialog
          findings={deciding?.findings}
          subject={deciding?.subject ?? ''}
          onClose={() => setDeciding(undefined)}
        />
        <DecisionHistory
          findings={reading?.findings}
          subject={reading?.subject ?? ''}
          onClose={() => setReading(undefined)}
        />
      </>
    ),
    [deciding, reading],
  )
  return { canDecide, decide, history, dialogs }
}
