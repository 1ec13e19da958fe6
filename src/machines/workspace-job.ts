import type { ImportRequestMessage, ImportWorkerMessage } from '@/workspace/workers/import-and-sync.worker'
import type { WorkerJob } from './worker-actor'

interface WorkspaceJob<Input, Event> {
  /** What the work is called in a message: "The import stopped: …". */
  name: string
  request: (input: Input, database: string) => ImportRequestMessage
  receive: (message: ImportWorkerMessage, input: Input) => Event | undefined
  isLast: (message: ImportWorkerMessage) => boolean
  failed: (message: string) => Event
}

/**
 * A job of the workspace's worker (the import dialog's files, a feed sync): the page only shows
 * its progress. Refused, in words, until the signed-in identity's workspace is known. `create`
 * starts the worker: the host supplies it, as it supplies every browser effect.
 */
export function workspaceJob<Input, Event>(
  databaseName: string | undefined,
  create: () => Worker,
  job: WorkspaceJob<Input, Event>,
): WorkerJob<Input, ImportWorkerMessage, Event> {
  return {
    create,
    request: (input) =>
      databaseName
        ? { message: job.request(input, databaseName) }
        : { refused: job.failed('Your workspace is not ready yet: try again in a moment.') },
    receive: (message, input) =>
      message.type === 'failed' ? job.failed(message.message) : job.receive(message, input),
    isLast: (message) => message.type === 'failed' || job.isLast(message),
    crashed: (reason) => job.failed(`The ${job.name} stopped: ${reason}.`),
  }
}
