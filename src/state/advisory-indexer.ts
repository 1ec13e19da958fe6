import { useCallback, useEffect, useMemo, useRef } from 'react'
import type { AdvisoryIndexRequest } from '@/workspace/advisory-index.worker'

const newWorker = () =>
  new Worker(new URL('../workspace/advisory-index.worker.ts', import.meta.url), { type: 'module' })

/**
 * Keeps the workspace's advisory index after this tab changed the findings: built in a worker, so
 * the next visit to `/vulnerabilities` shows at once. A newer change stops a build under way.
 */
export function useAdvisoryIndexer(databaseName: string | undefined): { keep: () => void; stop: () => void } {
  const running = useRef<Worker | undefined>(undefined)
  useEffect(() => () => running.current?.terminate(), [])
  const stop = useCallback(() => {
    running.current?.terminate()
    running.current = undefined
  }, [])
  const keep = useCallback(() => {
    stop()
    if (!databaseName || typeof Worker === 'undefined') return
    const worker = newWorker()
    const finish = () => {
      worker.terminate()
      if (running.current === worker) running.current = undefined
    }
    worker.onmessage = finish
    worker.onerror = (event) => {
      event.preventDefault()
      finish()
    }
    worker.postMessage({ database: databaseName } satisfies AdvisoryIndexRequest)
    running.current = worker
  }, [databaseName, stop])
  return useMemo(() => ({ keep, stop }), [keep, stop])
}
