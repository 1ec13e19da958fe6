/// <reference lib="webworker" />
import type { PolicyFactsProgress } from '@/data/data-source'
import type { ScannerCoverage } from '@/data/policy-checks'
import { readCatalogues } from '@/workspace/store/catalogue-records'
import { LOG_RECORDS_PER_READ, readLog } from '@/workspace/store/decisions'
import { listDigests } from '@/workspace/store/reads'
import { openWorkspace } from '@/workspace/store/open'
import { FactsPacker, packedBuffers, partsOf, type PackedFacts } from '@/workspace/projections/packed-facts'
import { policyFactPartsOf, type FactSubject } from '@/workspace/projections/policy-facts'

/**
 * What the page sends: the workspace's database, its repositories in the page's order, and the
 * time the decisions (and KEV's due dates) are read at. The worker reads the digests, the decisions
 * and the catalogues itself: reading every digest on the page left it hundreds of megabytes to
 * collect, a pause of its own later.
 */
export interface PolicyFactsRequest {
  database: string
  repositories: FactSubject[]
  now: number
}

/**
 * How far the reading is, now and then; the repositories' facts in packed parts; what each tool
 * covers and whether the KEV catalogue is held, last.
 */
export type PolicyFactsReply =
  | { progress: PolicyFactsProgress }
  | { part: PackedFacts }
  | { scanners: ScannerCoverage[]; kevCatalogue: boolean }
  | { failed: string }

/** How often the page hears how far the reading is: a message is a task of the page's. */
const PROGRESS_EVERY_MS = 250

const scope = self as unknown as DedicatedWorkerGlobalScope

scope.onmessage = async ({ data }: MessageEvent<PolicyFactsRequest>) => {
  try {
    const database = await openWorkspace(data.database)
    try {
      const total = data.repositories.length
      let told = performance.now()
      const onRead = (read: number) => {
        if (performance.now() - told < PROGRESS_EVERY_MS) return
        told = performance.now()
        scope.postMessage({ progress: { read: Math.min(read, total), total } } satisfies PolicyFactsReply)
      }
      const [{ digests }, decisions, catalogues] = await Promise.all([
        listDigests(database, { onRead }),
        readLog(database, undefined, { recordsPerRead: LOG_RECORDS_PER_READ }).then((read) => read.log),
        readCatalogues(database, ['kev']),
      ])
      scope.postMessage({ progress: { read: total, total } } satisfies PolicyFactsReply)
      const { repositories, scanners, kevCatalogue } = await policyFactPartsOf(
        data.repositories,
        digests,
        decisions,
        new Date(data.now),
        { sliced: false, catalogues },
      )
      const packer = new FactsPacker()
      for (const repositoriesOfPart of partsOf(repositories)) {
        const part = packer.pack(repositoriesOfPart)
        scope.postMessage({ part } satisfies PolicyFactsReply, packedBuffers(part))
      }
      scope.postMessage({ scanners, kevCatalogue: kevCatalogue === true } satisfies PolicyFactsReply)
    } finally {
      database.close()
    }
  } catch (error) {
    scope.postMessage({ failed: error instanceof Error ? error.message : String(error) } satisfies PolicyFactsReply)
  }
}
