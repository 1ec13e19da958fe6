import type { PolicyFactsProgress } from '@/data/data-source'
import type { StoredAdvisoryIndex } from '@/workspace/projections/advisory-index'
import type { RepositoryDigest } from '@/workspace/projections/digest'
import type { HistoryState } from '@/workspace/history/finding-history'
import type { FactSubject, PolicyFactParts } from '@/workspace/projections/policy-facts'
import type { KeptTimeline, WorkspaceTimes, WorkspaceTimesRequest } from '@/workspace/projections/workspace-times'
import type { HeldCatalogues } from '@/workspace/intelligence/stored-catalogue'

/** What the organisation-wide screens read of the workspace, and the advisory index they keep. */
export interface WorkspaceIndexes {
  /** The workspace's history (one repository's, when named): the findings' days to fix come from it. */
  history?: (repository?: string) => Promise<HistoryState>
  /** The whole workspace's days to fix and trends, worked out in a worker; without it, on the page. */
  times?: (request: WorkspaceTimesRequest) => Promise<WorkspaceTimes>
  /** The dashboard's timeline kept from the last visit, when it still holds for these inputs (`timesInputs`). */
  keptTimeline?: (inputs: string) => Promise<KeptTimeline | undefined>
  digests: () => Promise<{ digests: RepositoryDigest[]; generation: number }>
  /** The policy's facts worked out in a worker from the digests and decisions it reads; without it, on the page. */
  policyFacts?: (request: {
    repositories: FactSubject[]
    now: number
    onProgress?: (progress: PolicyFactsProgress) => void
  }) => Promise<PolicyFactParts>
  /** The findings' generation alone (`digests` gives it too), read without the digests. */
  generation?: () => Promise<number>
  /** The reference catalogues the workspace holds (CISA's KEV, FIRST's EPSS), joined to findings as they are read. */
  catalogues?: () => Promise<HeldCatalogues>
  storedAdvisories: () => Promise<StoredAdvisoryIndex | undefined>
  saveAdvisories: (index: StoredAdvisoryIndex) => Promise<boolean>
}
