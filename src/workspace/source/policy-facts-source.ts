import { once, type DataSource, type PolicyFacts, type PolicyFactsProgress } from '@/data/data-source'
import type { RepositorySummary } from '@/workspace/model/repository-records'
import {
  factSubjectOf,
  policyFactPartsOf,
  policyFactsFromParts,
  SupersededFactsError,
} from '@/workspace/projections/policy-facts'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import type { WorkspaceIndexes } from './workspace-indexes'

/**
 * The policy facts of the workspace's repositories, read when a policy page first asks: in a
 * worker where one runs (the page then copies only the facts), else here, the digests let go once
 * summarised. A worker that fails (it could not start, a read failed there) leaves the work to
 * the page.
 */
export function workspacePolicyFacts(
  sorted: readonly RepositorySummary[],
  indexes: WorkspaceIndexes,
  decisions: readonly DecisionEntry[],
  now: number,
): NonNullable<DataSource['policyFacts']> {
  return policyFactsOnce(async (onProgress) => {
    const subjects = sorted.map(factSubjectOf)
    const onPage = async () => {
      // No catalogue read is no catalogue held: the KEV check then says it is not imported.
      const [{ digests }, catalogues] = await Promise.all([
        indexes.digests(),
        indexes.catalogues?.().catch(() => undefined),
      ])
      return policyFactPartsOf(subjects, digests, decisions, new Date(now), { catalogues })
    }
    const parts = indexes.policyFacts
      ? await indexes.policyFacts({ repositories: subjects, now, onProgress }).catch((error: unknown) => {
          if (error instanceof SupersededFactsError) throw error
          console.warn('The policy facts are worked out on the page', error)
          return onPage()
        })
      : await onPage()
    return policyFactsFromParts(sorted, parts)
  })
}

/**
 * The policy facts, made once, and how far their reading is told to everyone who asked while it
 * goes on (a screen left and opened again asks again, for the same facts).
 */
function policyFactsOnce(
  make: (onProgress: (progress: PolicyFactsProgress) => void) => Promise<PolicyFacts>,
): NonNullable<DataSource['policyFacts']> {
  const listeners = new Set<(progress: PolicyFactsProgress) => void>()
  let settled = false
  const facts = once(() =>
    make((progress) => {
      for (const listener of listeners) listener(progress)
    }).finally(() => {
      settled = true
      listeners.clear()
    }),
  )
  return (onProgress) => {
    if (onProgress && !settled) listeners.add(onProgress)
    return facts()
  }
}
