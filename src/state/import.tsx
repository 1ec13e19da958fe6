import { createActorContext } from '@xstate/react'
import { createContext, useMemo, useState, type ReactNode } from 'react'
import { importJob, importMachine } from '@/machines/import.machine'
import { workerActor } from '@/machines/worker-actor'
import type { DecisionAuthor } from '@/workspace/triage/decision-log'
import { useDataSource } from './data-source'
import { namedActorContext } from './named-actor-context'
import { WorkspaceActorHost } from './workspace-actor-host'
import { prewarmWorkspaceWorker, takeWorkspaceWorker } from './workspace-worker'
import { useRequiredContext } from './required-context'

export const ImportActor = namedActorContext(createActorContext(importMachine), 'ImportProvider')

interface ImportDialogControls {
  opened: boolean
  open: () => void
  close: () => void
}

const ImportDialogContext = createContext<ImportDialogControls | null>(null)

/**
 * The import machine with the browser's worker, for one workspace; `author` signs what VEX files
 * decide, and `choose` puts the workspace on screen.
 */
const provideImport =
  (author: DecisionAuthor | undefined, choose: (choice: 'workspace') => void) =>
  ({ databaseName, changed }: { databaseName?: string; changed: () => void }) =>
    importMachine.provide({
      actions: { announceChange: () => changed(), showWorkspace: () => choose('workspace') },
      actors: { runImport: workerActor(importJob(databaseName, takeWorkspaceWorker, author)) },
    })

/**
 * Whether the import dialog is open (for the screens and menus that open it), and the import
 * machine that the dialog, passed in by the app shell, runs. A new identity gets a new machine.
 */
export function ImportProvider({
  dialog,
  author,
  children,
}: {
  dialog: ReactNode
  /** The signed-in person: the author of the decisions an imported VEX document brings. */
  author?: DecisionAuthor
  children: ReactNode
}) {
  const [opened, setOpened] = useState(false)
  const { choose } = useDataSource()
  const provide = useMemo(() => provideImport(author, choose), [author, choose])
  const controls = useMemo(
    () => ({
      opened,
      open: () => {
        prewarmWorkspaceWorker()
        setOpened(true)
      },
      close: () => setOpened(false),
    }),
    [opened],
  )
  return (
    <ImportDialogContext.Provider value={controls}>
      {children}
      <WorkspaceActorHost context={ImportActor} provide={provide}>
        {dialog}
      </WorkspaceActorHost>
    </ImportDialogContext.Provider>
  )
}

export function useImportDialog(): ImportDialogControls {
  return useRequiredContext(ImportDialogContext, 'useImportDialog', 'an ImportProvider')
}
