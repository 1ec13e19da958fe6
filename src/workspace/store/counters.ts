import type { StoredAdvisoryIndex } from '@/workspace/projections/advisory-index'
import type { CounterRecord, KeptTimelineRecord } from './records'

type IndexesStore = {
  get: (name: string) => Promise<StoredAdvisoryIndex | KeptTimelineRecord | CounterRecord | undefined>
}

/** A counter's value; 0 before its first count. */
export async function counterOf(store: IndexesStore, name: CounterRecord['name']): Promise<number> {
  const record = await store.get(name)
  return record?.name === name ? record.value : 0
}

/** Adds `amount` to a counter, in the transaction of the change it counts. */
export async function addToCounter(
  store: IndexesStore & { put: (record: CounterRecord) => Promise<unknown> },
  name: CounterRecord['name'],
  amount: number,
) {
  await store.put({ name, value: (await counterOf(store, name)) + amount })
}

export const generationOf = (store: IndexesStore): Promise<number> => counterOf(store, 'generation')

/** One more change to the findings, counted in the transaction that makes it. */
export const countChange = (store: IndexesStore & { put: (record: CounterRecord) => Promise<unknown> }) =>
  addToCounter(store, 'generation', 1)
