/**
 * `work` over `items`, at most `limit` at once, each result given as soon as it is ready (in any
 * order) while the next one starts. After a failure no more start: the ones under way are still
 * given (what landed stays), then the failure is thrown.
 */
export async function* asCompleted<Item, Result>(
  items: readonly Item[],
  limit: number,
  work: (item: Item) => Promise<Result>,
): AsyncGenerator<Result> {
  type Settled = { index: number; result?: Result; error?: unknown; failed: boolean }
  const running = new Map<number, Promise<Settled>>()
  let next = 0
  let failure: { error: unknown } | undefined
  const start = () => {
    const index = next++
    running.set(
      index,
      work(items[index]).then(
        (result) => ({ index, result, failed: false }),
        (error: unknown) => ({ index, error, failed: true }),
      ),
    )
  }
  while (next < items.length && running.size < limit) start()
  while (running.size > 0) {
    const settled = await Promise.race(running.values())
    running.delete(settled.index)
    if (settled.failed) {
      failure ??= { error: settled.error }
      continue
    }
    if (!failure && next < items.length) start()
    yield settled.result as Result
  }
  if (failure) throw failure.error
}
