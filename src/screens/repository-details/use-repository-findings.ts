import { useMemo } from 'react'
import type { DataSource, RepositoryFindings } from '@/data/data-source'
import type { Repository } from '@/data/repositories'
import { useLastSettled, watched } from '@/components/use-last-settled'

export type FindingsState =
  { status: 'loading' } | { status: 'ready'; findings: RepositoryFindings } | { status: 'failed'; message: string }

/** A repository's findings: at once when the data source has them in memory, else read from storage. */
export function useRepositoryFindings(source: DataSource, repository: Repository): FindingsState {
  const value = useMemo(() => {
    const findings = source.findings(repository)
    return findings instanceof Promise ? watched(findings) : findings
  }, [source, repository])
  const last = useLastSettled(value instanceof Promise ? value : undefined)

  if (!(value instanceof Promise)) return { status: 'ready', findings: value }
  // Read again after a change (a decision, an import): the findings shown stay until the new ones come.
  if (last?.promise !== value && last?.result.status !== 'ready') return { status: 'loading' }
  if (last.result.status === 'ready') return { status: 'ready', findings: last.result.value }
  return { status: 'failed', message: `The findings could not be read: ${String(last.result.error)}` }
}
