import { useCallback, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import { useTriageLogic } from '@/state/triage'
import type { DecidableFinding } from '@/workspace/triage/resolve'
import { DecisionHistory } from './decision-history'
import { TriageDialog } from './triage-dialog'

/** What a decision or a history is opened on: the findings, and how the title names them. */
export interface TriageSubject {
  findings: DecidableFinding[]
  subject: string
}

interface Opened {
  deciding?: TriageSubject
  reading?: TriageSubject
}

/** What the drawers show, held apart from the screen that opens them. */
class OpenedDrawers {
  private opened: Opened = {}
  private readonly listeners = new Set<() => void>()
  readonly read = () => this.opened
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
  change(change: Opened) {
    this.opened = { ...this.opened, ...change }
    for (const listener of this.listeners) listener()
  }
}

function TriageDrawers({ drawers }: { drawers: OpenedDrawers }) {
  const { deciding, reading } = useSyncExternalStore(drawers.subscribe, drawers.read)
  return (
    <>
      <TriageDialog
        findings={deciding?.findings}
        subject={deciding?.subject ?? ''}
        onClose={() => drawers.change({ deciding: undefined })}
      />
      <DecisionHistory
        findings={reading?.findings}
        subject={reading?.subject ?? ''}
        onClose={() => drawers.change({ reading: undefined })}
      />
    </>
  )
}

/**
 * The decision dialog and the history drawer, and what opens them; `canDecide` where decisions can
 * be made. `decide`, `history` and `dialogs` are stable: opening a drawer draws the drawer alone,
 * not the screen (a repository's hundred cards) that holds it.
 */
export function useTriageDrawers(): {
  canDecide: boolean
  decide: (opened: TriageSubject) => void
  history: (opened: TriageSubject) => void
  dialogs: ReactNode
} {
  const canDecide = useTriageLogic() !== undefined
  const [drawers] = useState(() => new OpenedDrawers())
  const decide = useCallback((opened: TriageSubject) => drawers.change({ deciding: opened }), [drawers])
  const history = useCallback((opened: TriageSubject) => drawers.change({ reading: opened }), [drawers])
  const dialogs = useMemo(() => <TriageDrawers drawers={drawers} />, [drawers])
  return { canDecide, decide, history, dialogs }
}
