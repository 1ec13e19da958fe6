import { describe, expect, it } from 'vitest'
import { createActor, setup } from 'xstate'
import { runWorker, workerActor, type WorkerJob } from './worker-actor'

/** A stand-in for a Web Worker: records what the page sends, and lets the test answer. */
class FakeWorker {
  onmessage: ((event: MessageEvent) => void) | null = null
  onerror: ((event: ErrorEvent) => void) | null = null
  sent: unknown[] = []
  terminated = false
  postMessage(message: unknown) {
    this.sent.push(message)
  }
  terminate() {
    this.terminated = true
  }
  answer(data: unknown) {
    this.onmessage?.({ data } as MessageEvent)
  }
  fail(message: string) {
    let prevented = false
    this.onerror?.({ message, preventDefault: () => (prevented = true) } as unknown as ErrorEvent)
    return prevented
  }
}

type Message = { type: 'step'; n: number } | { type: 'done' }
type Event = { type: 'job.step'; n: number } | { type: 'job.done' } | { type: 'job.failed'; message: string }

function job(worker: FakeWorker, ready = true): WorkerJob<{ items: number }, Message, Event> {
  return {
    create: () => worker as unknown as Worker,
    request: (input) =>
      ready ? { message: { count: input.items } } : { refused: { type: 'job.failed', message: 'not ready' } },
    receive: (message) => (message.type === 'step' ? { type: 'job.step', n: message.n } : { type: 'job.done' }),
    isLast: (message) => message.type === 'done',
    crashed: (reason) => ({ type: 'job.failed', message: `stopped: ${reason}` }),
  }
}

describe('runWorker', () => {
  it('sends the request, reports each message as an event, and ends the worker after the last', () => {
    const worker = new FakeWorker()
    const events: Event[] = []
    runWorker(job(worker), { items: 2 }, (event) => events.push(event))
    expect(worker.sent).toEqual([{ count: 2 }])
    worker.answer({ type: 'step', n: 1 })
    expect(worker.terminated).toBe(false)
    worker.answer({ type: 'done' })
    worker.answer({ type: 'step', n: 2 })
    expect(events).toEqual([{ type: 'job.step', n: 1 }, { type: 'job.done' }])
    expect(worker.terminated).toBe(true)
  })

  it('reports a refusal without starting a worker', () => {
    const worker = new FakeWorker()
    const events: Event[] = []
    runWorker(job(worker, false), { items: 1 }, (event) => events.push(event))
    expect(events).toEqual([{ type: 'job.failed', message: 'not ready' }])
    expect(worker.sent).toEqual([])
  })

  it('turns a crash into the job’s failure, handled rather than left to the console, once', () => {
    const worker = new FakeWorker()
    const events: Event[] = []
    runWorker(job(worker), { items: 1 }, (event) => events.push(event))
    expect(worker.fail('out of memory')).toBe(true)
    worker.fail('again')
    expect(events).toEqual([{ type: 'job.failed', message: 'stopped: out of memory' }])
    expect(worker.terminated).toBe(true)
  })

  it('ends the worker when stopped, and reports nothing after', () => {
    const worker = new FakeWorker()
    const events: Event[] = []
    const stop = runWorker(job(worker), { items: 1 }, (event) => events.push(event))
    stop()
    worker.answer({ type: 'step', n: 1 })
    expect(worker.terminated).toBe(true)
    expect(events).toEqual([])
  })
})

describe('workerActor', () => {
  it('runs the job as an invoked actor whose events reach the machine, and ends it with the state', () => {
    const worker = new FakeWorker()
    const machine = setup({
      types: { events: {} as Event | { type: 'cancel' } },
      actors: { work: workerActor(job(worker)) },
    }).createMachine({
      initial: 'working',
      context: {},
      states: {
        working: {
          invoke: { src: 'work', input: { items: 3 } },
          on: { 'job.done': 'finished', cancel: 'cancelled' },
        },
        finished: {},
        cancelled: {},
      },
    })
    const finishing = createActor(machine).start()
    worker.answer({ type: 'done' })
    expect(finishing.getSnapshot().value).toBe('finished')

    const actor = createActor(machine).start()
    expect(worker.sent.at(-1)).toEqual({ count: 3 })
    worker.terminated = false
    actor.send({ type: 'cancel' })
    expect(actor.getSnapshot().value).toBe('cancelled')
    expect(worker.terminated).toBe(true)
  })
})
