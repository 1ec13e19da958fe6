import { createActorContext } from '@xstate/react'
import { createContext, useMemo, useState, type ReactNode } from 'react'
import { fromCallback } from 'xstate'
import { inspection } from '@/lib/inspection'
import { importMachine, type ImportRunInput, type ImportRunnerEvent } from '@/machines/import.machine'
import type { ImportRequestMessage, ImportWorkerMessage } from '@/workspace/import.worker'
import { namedActorContext } from './named-actor-context'
import { useWorkspace } from './workspace'
import { useRequiredContext } from './required-context'

export const ImportActor = namedActorContext(createActorContext(importMachine), 'ImportProvider')

interface ImportDialogControls {
  opened: boolean
  open: () => void
  close: () => void
}

const ImportDialogContext = createContext<ImportDialogControls | null>(null)

const newWorker = () => new Worker(new URL('../workspace/import.worker.ts', import.meta.url), { type: 'module' })

/** A worker started while the dialog opens, so that the first file does not wait for it to load. */
let spare: Worker | undefined

function prewarmWorker() {
  spare ??= newWorker()
}

function takeWorker(): Worker {
  const worker = spare ?? newWorker()
  spare = undefined
  return worker
}

/** Runs the import worker: the page only shows its progress (ARCHITECTURE.md §5). */
function workerRunner(databaseName: string | undefined) {
  return fromCallback<ImportRunnerEvent, ImportRunInput>(({ input, sendBack }) => {
    if (!databaseName) {
      sendBack({ type: 'import.failed', message: 'Your workspace is not ready yet: try again in a moment.' })
      return () => {}
    }
    const worker = takeWorker()
    worker.onmessage = ({ data }: MessageEvent<ImportWorkerMessage>) => {
      if (data.type === 'progress')
        sendBack({ type: 'import.progress', index: input.files[data.index].index, phase: data.phase })
      else if (data.type === 'file')
        sendBack({ type: 'import.file', index: input.files[data.index].index, outcome: data.outcome })
      else
        sendBack(
          data.type === 'failed' ? { type: 'import.failed', message: data.message } : { type: 'import.finished' },
        )
    }
    worker.onerror = (event) => {
      event.preventDefault()
      sendBack({
        type: 'import.failed',
        message: `The import stopped: ${event.message || 'the import worker failed'}.`,
      })
    }
    const request: ImportRequestMessage = {
      type: 'import',
      database: databaseName,
      files: input.files.map((file) => file.input),
    }
    worker.postMessage(request)
    // Cancel, or the dialog going away: a file mid-write is rolled back with its transaction.
    return () => worker.terminate()
  })
}

/** The import machine with the browser's worker, for one workspace. */
function ImportActorHost({ databaseName, children }: { databaseName?: string; children: ReactNode }) {
  const { changed } = useWorkspace()
  const logic = useMemo(
    () =>
      importMachine.provide({
        actions: { announceChange: () => changed() },
        actors: { runImport: workerRunner(databaseName) },
      }),
    [changed, databaseName],
  )
  const [options] = useState(() => inspection())
  return (
    <ImportActor.Provider logic={logic} options={options}>
      {children}
    </ImportActor.Provider>
  )
}

/**
 * Whether the import dialog is open (for the screens and menus that open it), and the import
 * machine that the dialog, passed in by the app shell, runs. A new identity gets a new machine.
 */
export function ImportProvider({ dialog, children }: { dialog: ReactNode; children: ReactNode }) {
  const { databaseName } = useWorkspace()
  const [opened, setOpened] = useState(false)
  const controls = useMemo(
    () => ({
      opened,
      open: () => {
        prewarmWorker()
        setOpened(true)
      },
      close: () => setOpened(false),
    }),
    [opened],
  )
  return (
    <ImportDialogContext.Provider value={controls}>
      {children}
      <ImportActorHost key={databaseName ?? 'none'} databaseName={databaseName}>
        {dialog}
      </ImportActorHost>
    </ImportDialogContext.Provider>
  )
}

export function useImportDialog(): ImportDialogControls {
  return useRequiredContext(ImportDialogContext, 'useImportDialog', 'an ImportProvider')
}
