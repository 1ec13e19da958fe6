import { describe, expect, it } from 'vitest'
import { generateOrganisation } from '@/data/generator'
import { nameOrder, type NameOrder } from './name-order'

describe('the name-order worker', () => {
  it('answers with the same order as sorting on the page', async () => {
    const names = generateOrganisation(2_000).map((repository) => repository.name)
    const worker = new Worker(new URL('./name-order.worker.ts', import.meta.url), { type: 'module' })
    const answer = new Promise<NameOrder>((resolve, reject) => {
      worker.onmessage = ({ data }: MessageEvent<NameOrder>) => resolve(data)
      worker.onerror = (event) => reject(new Error(event.message))
    })
    worker.postMessage(names)
    const order = await answer
    worker.terminate()
    expect(order.ascending).toBeInstanceOf(Int32Array)
    expect(order).toEqual(nameOrder(names))
  })
})
