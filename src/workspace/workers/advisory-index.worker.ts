/// <reference lib="webworker" />
import { keepAdvisoryIndex } from './keep-advisory-index'
import { openWorkspace } from '@/workspace/store/open'

/** What the page sends: the workspace whose advisory index to build and keep. */
export interface AdvisoryIndexRequest {
  database: string
}

const scope = self as unknown as DedicatedWorkerGlobalScope

scope.onmessage = async ({ data }: MessageEvent<AdvisoryIndexRequest>) => {
  try {
    const database = await openWorkspace(data.database)
    try {
      await keepAdvisoryIndex(database)
    } finally {
      database.close()
    }
  } catch (error) {
    // Only the next visit is slower for it: the page builds the index itself then.
    console.warn('The advisory index was not kept', error)
  }
  scope.postMessage('done')
}
