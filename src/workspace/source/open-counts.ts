import type { FindingCounts } from '@/data/findings'
import type { RepositorySummary } from '@/workspace/model/repository-records'

/** The open findings of a repository: once decisions are weighed, when any was made. */
export const openCounts = (summary: RepositorySummary): FindingCounts => summary.triage?.counts ?? summary.counts
