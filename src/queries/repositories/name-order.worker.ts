import { nameOrder } from './name-order'

/** Sorts a list of names in a worker, off the main thread (docs/benchmarks.md). */
self.onmessage = ({ data }: MessageEvent<string[]>) => {
  const order = nameOrder(data)
  self.postMessage(order, { transfer: [order.ascending.buffer, order.tied.buffer] })
}
