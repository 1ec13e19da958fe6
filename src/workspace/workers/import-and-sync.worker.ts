/// <reference lib="webworker" />
import { FeedError } from '@/workspace/feed/format/manifest'
import { syncFeed, type FeedSyncReport } from '@/workspace/feed/sync/sync'
import { type FeedProgress } from '@/workspace/feed/sync/sync-progress'
import { importFile, type FileOutcome, type ImportFileInput, type ImportPhase } from '@/workspace/import/import-file'
import type { DecisionAuthor } from '@/workspace/triage/decision-log'
import { openWorkspace } from '@/workspace/store/open'
import type { WorkspaceDatabase } from '@/workspace/store/records'

/** What the page sends the import worker: files to import, or a feed to sync. */
export type ImportRequestMessage =
  | { type: 'import'; database: string; files: ImportFileInput[]; author?: DecisionAuthor }
  | {
      type: 'sync'
      database: string
      manifestUrl: string
      pageOrigin: string
      token?: string
      connectSrc?: string[]
    }

/** What the import worker answers, as it goes. */
export type ImportWorkerMessage =
  | { type: 'progress'; index: number; phase: ImportPhase }
  | { type: 'file'; index: number; outcome: FileOutcome }
  | { type: 'finished' }
  | { type: 'failed'; message: string }
  | { type: 'sync-progress'; progress: FeedProgress }
  | { type: 'synced'; report: FeedSyncReport }

const scope = self as unknown as DedicatedWorkerGlobalScope
const post = (message: ImportWorkerMessage) => scope.postMessage(message)

async function open(name: string): Promise<WorkspaceDatabase | undefined> {
  try {
    return await openWorkspace(name)
  } catch (error) {
    post({
      type: 'failed',
      message: `Vigil cannot open its storage in this browser (${error instanceof Error ? error.message : String(error)}). Private windows of some browsers allow none; sample data still works.`,
    })
    return undefined
  }
}

/** Imports the dialog's files one after the other, each in its own transaction. */
async function importFiles(data: Extract<ImportRequestMessage, { type: 'import' }>) {
  // The storage opens while the first file is read and parsed; nothing is reported of a file
  // until it is open (when it cannot be, the import fails as a whole, with the reason).
  const opening = open(data.database)
  const workspace = async () => (await opening) ?? Promise.reject(new Error('The workspace could not be opened.'))
  for (const [index, file] of data.files.entries()) {
    const outcome = await importFile(workspace, { ...file, author: data.author }, (phase) =>
      post({ type: 'progress', index, phase }),
    )
    if (!(await opening)) return
    post({ type: 'file', index, outcome })
  }
  const database = await opening
  if (!database) return
  database.close()
  post({ type: 'finished' })
}

scope.onmessage = async ({ data }: MessageEvent<ImportRequestMessage>) => {
  if (data?.type === 'import') return importFiles(data)
  if (data?.type !== 'sync') return
  const database = await open(data.database)
  if (!database) return
  try {
    const report = await syncFeed({
      database,
      manifestUrl: data.manifestUrl,
      pageOrigin: data.pageOrigin,
      token: data.token,
      connectSrc: data.connectSrc,
      online: () => scope.navigator.onLine,
      onProgress: (progress) => post({ type: 'sync-progress', progress }),
    })
    post({ type: 'synced', report })
  } catch (error) {
    post({
      type: 'failed',
      message:
        error instanceof FeedError
          ? error.message
          : `The sync failed: ${error instanceof Error ? error.message : String(error)}`,
    })
  } finally {
    database.close()
  }
}
