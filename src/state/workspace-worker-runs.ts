import { runWorker, type WorkerJob } from '@/machines/worker-actor'

/** The request a workspace's worker is answering, and how to end it. */
interface Running {
  end: () => void
  reject: (error: Error) => void
}

/** A worker that answers one message with one reply, or `{ failed }` with why it could not. */
export interface OneReplyWorker<Input> {
  /** Written out here, not passed a URL: the bundler finds a worker only where its URL is written. */
  create: () => Worker
  /** The message that starts the work. */
  message: (input: Input) => unknown
}

/**
 * One worker per workspace for a kind of work: a request ends the one before it, and `end` ends
 * it when a write is about to make its answer out of date (its reads would only hold the write
 * back). An ended request rejects with the error `superseded` makes.
 */
export function workerPerWorkspace<Input, Reply extends object, Answer>(
  worker: OneReplyWorker<Input>,
  answer: (reply: Exclude<Reply, { failed: string }>) => Answer,
  failure: (reason: string) => Error,
  superseded: () => Error,
) {
  const job: WorkerJob<Input, Reply | { failed: string }, Reply | { failed: string }> = {
    create: worker.create,
    request: (input) => ({ message: worker.message(input) }),
    receive: (reply) => reply,
    isLast: () => true,
    crashed: (reason) => ({ failed: reason }),
  }
  const running = new Map<string, Running>()
  return {
    run(database: string, input: Input): Promise<Answer> {
      running.get(database)?.reject(superseded())
      return new Promise((resolve, reject) => {
        const self: Running = {
          end: () => undefined,
          reject: (error: Error) => {
            self.end()
            if (running.get(database) === self) running.delete(database)
            reject(error)
          },
        }
        running.set(database, self)
        self.end = runWorker(job, input, (reply) => {
          if (running.get(database) === self) running.delete(database)
          if ('failed' in reply) reject(failure(reply.failed))
          else resolve(answer(reply as Exclude<Reply, { failed: string }>))
        })
      })
    },
    end(database: string): void {
      running.get(database)?.reject(superseded())
    },
  }
}
