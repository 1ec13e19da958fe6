import { useEffect, useMemo, useState } from 'react'
import type { DataSource, RepositoryFindings } from '@/data/data-source'
import type { Repository } from '@/data/repositories'

export type FindingsState =
  { status: 'loading' } | { status: 'ready'; findings: RepositoryFindings } | { status: 'failed'; message: string }

/** A repository's findings: at once when the data source has them in memory, else read from storage. */
export function useRepositoryFindings(source: DataSource, repository: Repository): FindingsState {
  const value = useMemo(() => {
    const findings = source.findings(repository)
    // A render React never commits (StrictMode's second call, an interrupted render) leaves its
    // read unwatched: its failure must not surface as an unhandled rejection.
    if (findings instanceof Promise) findings.catch(() => undefined)
    return findings
  }, [source, repository])
  const [loaded, setLoaded] = useState<{ from: Promise<RepositoryFindings>; state: FindingsState }>()

  useEffect(() => {
    if (!(value instanceof Promise)) return
    let current = true
    value.then(
      (findings) => current && setLoaded({ from: value, state: { status: 'ready', findings } }),
      (error: unknown) =>
        current &&
        setLoaded({
          from: value,
          state: { status: 'failed', message: `The findings could not be read: ${String(error)}` },
        }),
    )
    return () => {
      current = false
    }
  }, [value])

  if (!(value instanceof Promise)) return { status: 'ready', findings: value }
  if (loaded?.from === value) return loaded.state
  // Read again after a change (a decision, an import): the findings shown stay until the new ones come.
  return loaded?.state.status === 'ready' ? loaded.state : { status: 'loading' }
}
