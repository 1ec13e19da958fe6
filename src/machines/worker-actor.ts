import { fromCallback, type EventObject } from 'xstate'

/** How one kind of work is run in a Web Worker: every worker of Vigil is started through this. */
export interface WorkerJob<Input, Message, Event> {
  /**
   * Starts the worker. The caller writes `new Worker(new URL('…', import.meta.url))` itself: the
   * bundler finds a worker only where its URL is written out.
   */
  create: () => Worker
  /** The message that starts the work, or the event to report at once when it cannot start. */
  request: (input: Input) => { message: unknown } | { refused: Event }
  /** A message of the worker as an event to report; undefined reports nothing. */
  receive: (message: Message, input: Input) => Event | undefined
  /** True for the worker's last message: the worker is ended once it is reported. */
  isLast?: (message: Message) => boolean
  /** The event for a worker that could not load or stopped with an error. */
  crashed: (reason: string) => Event
}

/**
 * Runs a job in a new worker and reports its events; returns the function that ends it (a file
 * mid-write in a worker is rolled back with its transaction when the worker ends).
 */
export function runWorker<Input, Message, Event>(
  job: WorkerJob<Input, Message, Event>,
  input: Input,
  report: (event: Event) => void,
): () => void {
  const start = job.request(input)
  if ('refused' in start) {
    report(start.refused)
    return () => {}
  }
  const worker = job.create()
  let ended = false
  const end = () => {
    if (ended) return
    ended = true
    worker.terminate()
  }
  worker.onmessage = ({ data }: MessageEvent<Message>) => {
    if (ended) return
    const event = job.receive(data, input)
    if (event !== undefined) report(event)
    if (job.isLast?.(data)) end()
  }
  worker.onerror = (event) => {
    // Handled here: the error is reported to the user, not left to the console.
    event.preventDefault()
    if (ended) return
    end()
    report(job.crashed(event.message || 'the worker failed'))
  }
  worker.postMessage(start.message)
  return end
}

/** A job as an invoked actor of a machine: its events go to the machine, and it ends with it. */
export function workerActor<Input, Message, Event extends EventObject>(job: WorkerJob<Input, Message, Event>) {
  return fromCallback<Event, Input>(({ input, sendBack }) => runWorker(job, input, sendBack))
}
