/// <reference lib="webworker" />
import { importFile, type FileOutcome, type ImportFileInput, type ImportPhase } from './import-file'
import { openWorkspace } from './store'

/** What the page sends the import worker. */
export interface ImportRequestMessage {
  type: 'import'
  database: string
  files: ImportFileInput[]
}

/** What the import worker answers, as it goes. */
export type ImportWorkerMessage =
  | { type: 'progress'; index: number; phase: ImportPhase }
  | { type: 'file'; index: number; outcome: FileOutcome }
  | { type: 'finished' }
  | { type: 'failed'; message: string }

const scope = self as unknown as DedicatedWorkerGlobalScope
const post = (message: ImportWorkerMessage) => scope.postMessage(message)

scope.onmessage = async ({ data }: MessageEvent<ImportRequestMessage>) => {
  if (data?.type !== 'import') return
  let database
  try {
    database = await openWorkspace(data.database)
  } catch (error) {
    post({
      type: 'failed',
      message: `Vigil cannot open its storage in this browser (${error instanceof Error ? error.message : String(error)}). Private windows of some browsers allow none; sample data still works.`,
    })
    return
  }
  for (const [index, file] of data.files.entries()) {
    const outcome = await importFile(database, file, (phase) => post({ type: 'progress', index, phase }))
    post({ type: 'file', index, outcome })
  }
  database.close()
  post({ type: 'finished' })
}
