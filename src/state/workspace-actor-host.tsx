import type { createActorContext } from '@xstate/react'
import { useMemo, useState, type ReactNode } from 'react'
import type { AnyActorLogic } from 'xstate'
import { inspection } from '@/lib/inspection'
import { useWorkspace } from './workspace'

type ActorContext<TLogic extends AnyActorLogic> = ReturnType<typeof createActorContext<TLogic>>

export interface WorkspaceActorHostProps<TLogic extends AnyActorLogic> {
  context: ActorContext<TLogic>
  /**
   * The machine with the browser's pieces for this workspace: its worker job, and what to tell the
   * screens (`changed`) when it changed the workspace. Called again only when these change.
   */
  provide: (workspace: { databaseName?: string; changed: () => void }) => TLogic
  children: ReactNode
}

/**
 * Hosts a machine whose work runs in the workspace's worker (the import, the feed sync): one
 * actor per identity's workspace, so another person signing in never sees this one's progress.
 */
export function WorkspaceActorHost<TLogic extends AnyActorLogic>({
  context,
  provide,
  children,
}: WorkspaceActorHostProps<TLogic>) {
  const { databaseName, changed } = useWorkspace()
  const logic = useMemo(() => provide({ databaseName, changed }), [provide, databaseName, changed])
  const [options] = useState(() => inspection())
  return (
    <context.Provider key={databaseName ?? 'none'} logic={logic} options={options}>
      {children}
    </context.Provider>
  )
}
