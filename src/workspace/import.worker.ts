/// <reference lib="webworker" />
import { FeedError } from './feed-manifest'
import { syncFeed, type FeedProgress, type FeedSyncReport } from './feed-sync'
import { importFile, type FileOutcome, type ImportFileInput, type ImportPhase } from './import-file'
import type { DecisionAuthor } from './triage/decision-log'
import { openWorkspace, type WorkspaceDatabase } from './store/schema'

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

scope.onmessage = async ({ data }: MessageEvent<ImportRequestMessage>) => {
  if (data?.type !== 'import' && data?.type !== 'sync') return
  const database = await open(data.database)
  if (!database) return
  if (data.type === 'import') {
    for (const [index, file] of data.files.entries()) {
      const outcome = await importFile(database, { ...file, author: data.author }, (phase) =>
        post({ type: 'progress', index, phase }),
      )
      post({ type: 'file', index, outcome })
    }
    database.close()
    post({ type: 'finished' })
    return
  }
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
