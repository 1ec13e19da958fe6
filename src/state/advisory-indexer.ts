import { useCallback, useEffect, useMemo, useRef } from 'react'
import { runWorker, type WorkerJob } from '@/machines/worker-actor'
import type { AdvisoryIndexRequest } from '@/workspace/workers/advisory-index.worker'

/** Builds and keeps the advisory index of a workspace (by database name) in a worker. */
const indexJob: WorkerJob<string, 'done', 'done' | 'failed'> = {
  create: () =>
    new Worker(new URL('../workspace/workers/advisory-index.worker.ts', import.meta.url), { type: 'module' }),
  request: (database) => ({ message: { database } satisfies AdvisoryIndexRequest }),
  receive: () => 'done',
  isLast: () => true,
  // Only the next visit is slower for it: the page builds the index itself then.
  crashed: () => 'failed',
}

/**
 * Keeps the workspace's advisory index after this tab changed the findings: built in a worker, so
 * the next visit to `/vulnerabilities` shows at once. A newer change stops a build under way.
 */
export function useAdvisoryIndexer(databaseName: string | undefined): { keep: () => void; stop: () => void } {
  const running = useRef<() => void>(undefined)
  const stop = useCallback(() => {
    running.current?.()
    running.current = undefined
  }, [])
  useEffect(() => stop, [stop])
  const keep = useCallback(() => {
    stop()
    if (!databaseName || typeof Worker === 'undefined') return
    running.current = runWorker(indexJob, databaseName, () => {})
  }, [databaseName, stop])
  return useMemo(() => ({ keep, stop }), [keep, stop])
}
