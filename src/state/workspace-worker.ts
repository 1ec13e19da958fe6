const newWorker = () =>
  new Worker(new URL('../workspace/workers/import-and-sync.worker.ts', import.meta.url), { type: 'module' })

/** A worker started while the import dialog opens, so that the first file does not wait for it to load. */
let spare: Worker | undefined

export function prewarmWorkspaceWorker() {
  spare ??= newWorker()
}

/** The workspace's worker (imports and feed syncs): the one started ahead, else a new one. */
export function takeWorkspaceWorker(): Worker {
  const worker = spare ?? newWorker()
  spare = undefined
  return worker
}
