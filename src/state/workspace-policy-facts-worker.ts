import type { PolicyFactsProgress } from '@/data/data-source'
import { FactsUnpacker } from '@/workspace/projections/packed-facts'
import { SupersededFactsError, type PolicyFactParts, type RepositoryFacts } from '@/workspace/projections/policy-facts'
import type { PolicyFactsReply, PolicyFactsRequest } from '@/workspace/workers/policy-facts.worker'
import { workerPerWorkspace } from './workspace-worker-runs'

/** What the page makes of the worker's replies: the parts unpacked as they come, then the whole. */
type Received = Exclude<PolicyFactsReply, { failed: string }> | { facts: PolicyFactParts }

/** What the page asks: the worker's request, and who hears how far the reading is. */
type PageRequest = PolicyFactsRequest & { onProgress?: (progress: PolicyFactsProgress) => void }

const factsWork = workerPerWorkspace(
  {
    create: () =>
      new Worker(new URL('../workspace/workers/policy-facts.worker.ts', import.meta.url), { type: 'module' }),
    // How far the reading is stays here, for the page.
    message: ({ onProgress: _onProgress, ...request }: PageRequest): PolicyFactsRequest => request,
    receiver: ({ onProgress }: PageRequest) => {
      const unpacker = new FactsUnpacker()
      const repositories: RepositoryFacts[] = []
      return (reply: Received): Received | undefined => {
        if ('progress' in reply) {
          onProgress?.(reply.progress)
          return undefined
        }
        if ('part' in reply) {
          for (const repository of unpacker.unpack(reply.part)) repositories.push(repository)
          return undefined
        }
        return 'scanners' in reply
          ? { facts: { repositories, scanners: reply.scanners, kevCatalogue: reply.kevCatalogue } }
          : reply
      }
    },
  },
  (reply: Received): PolicyFactParts => {
    if (!('facts' in reply)) throw new Error('The policy facts came without their end.')
    return reply.facts
  },
  (reason) => new Error(`The policy's facts could not be worked out in a worker: ${reason}`),
  () => new SupersededFactsError(),
)

/**
 * The facts the policy's checks read, worked out in a worker from the workspace's digests and
 * decisions: the page unpacks each part in a short task as it comes. A request ends the one
 * before it for the same workspace. Unlike the days to fix, the work is not ended before a
 * write: its reads are short transactions (a write waits for one), and the data source the write
 * makes asks again, which ends it.
 */
export const policyFactsInWorker = (request: PageRequest): Promise<PolicyFactParts> =>
  factsWork.run(request.database, request)
