import { runWorker, type WorkerJob } from '@/machines/worker-actor'

/** The request a workspace's worker is answering, and how to end it. */
interface Running {
  end: () => void
  reject: (error: Error) => void
}

/**
 * One worker per workspace for a kind of work: a request ends the one before it, and `end` ends
 * it when a write is about to make its answer out of date (its reads would only hold the write
 * back). An ended request rejects with the error `superseded` makes.
 */
export function workerPerWorkspace<Input, Reply, Answer>(
  job: WorkerJob<Input, Reply, Reply>,
  answer: (reply: Reply) => { answer: Answer } | { failed: Error },
  superseded: () => Error,
) {
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
          const settled = answer(reply)
          if ('answer' in settled) resolve(settled.answer)
          else reject(settled.failed)
        })
      })
    },
    end(database: string): void {
      running.get(database)?.reject(superseded())
    },
  }
}
