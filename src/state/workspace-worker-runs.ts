import { runWorker, type WorkerJob } from '@/machines/worker-actor'

/** The request a workspace's worker is answering, and how to end it. */
interface Running {
  end: () => void
  reject: (error: Error) => void
}

/**
 * A kind of work a worker does for a workspace: it answers one message with one reply, or with
 * parts and a last reply, or `{ failed }` with why it could not.
 */
export interface WorkspaceWorkerKind<Input, Reply = unknown> {
  /** Written out here, not passed a URL: the bundler finds a worker only where its URL is written. */
  create: () => Worker
  /** The message that starts the work. */
  message: (input: Input) => unknown
  /**
   * For an answer handed over in parts, each a message the page takes in a short task of its own:
   * a new receiver per request, given each reply as it comes, which keeps a part and returns
   * undefined, or returns the answer's last reply (with what the parts brought).
   */
  receiver?: (input: Input) => (reply: Reply) => Reply | undefined
}

/**
 * One worker per workspace for a kind of work: a request ends the one before it, and `end` ends
 * it when a write is about to make its answer out of date (its reads would only hold the write
 * back). An ended request rejects with the error `superseded` makes.
 */
export function workerPerWorkspace<Input, Reply extends object, Answer>(
  worker: WorkspaceWorkerKind<Input, Exclude<Reply, { failed: string }>>,
  answer: (reply: Exclude<Reply, { failed: string }>) => Answer,
  failure: (reason: string) => Error,
  superseded: () => Error,
) {
  type Answered = Exclude<Reply, { failed: string }>
  const running = new Map<string, Running>()
  return {
    run(database: string, input: Input): Promise<Answer> {
      running.get(database)?.reject(superseded())
      const take = worker.receiver?.(input) ?? ((reply: Answered) => reply)
      let answered = false
      const job: WorkerJob<Input, Reply | { failed: string }, Reply | { failed: string }> = {
        create: worker.create,
        request: (input) => ({ message: worker.message(input) }),
        receive: (reply) => {
          let last: Reply | { failed: string } | undefined
          try {
            last = 'failed' in reply ? reply : take(reply as Answered)
          } catch (error) {
            // A part the page could not take: the answer fails, and the worker is ended.
            last = { failed: error instanceof Error ? error.message : String(error) }
          }
          answered = last !== undefined
          return last
        },
        isLast: () => answered,
        crashed: (reason) => ({ failed: reason }),
      }
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
          else
            try {
              resolve(answer(reply as Answered))
            } catch (error) {
              reject(failure(error instanceof Error ? error.message : String(error)))
            }
        })
      })
    },
    end(database: string): void {
      running.get(database)?.reject(superseded())
    },
  }
}
