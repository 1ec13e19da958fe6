import { describe, expect, it } from 'vitest'
import { StorageFullError, writeWhole } from './write-transaction'

/** A transaction as idb gives it: `done` settles when it commits or aborts, `error` says why it aborted by itself. */
function fakeTransaction({ abortsWith }: { abortsWith?: DOMException } = {}) {
  let settle: { commit: () => void; abort: (error: DOMException) => void } | undefined
  const transaction = {
    error: null as DOMException | null,
    aborted: false,
    done: new Promise<void>((resolve, reject) => (settle = { commit: resolve, abort: reject })),
    abort() {
      if (transaction.aborted) throw new DOMException('The transaction has finished.', 'InvalidStateError')
      transaction.aborted = true
      settle!.abort(new DOMException('The transaction was aborted.', 'AbortError'))
    },
    commit: () => settle!.commit(),
  }
  if (abortsWith) {
    transaction.error = abortsWith
    transaction.aborted = true
    settle!.abort(abortsWith)
  }
  return transaction
}

describe('a write that lands whole or not at all', () => {
  it('gives what the write gave once the transaction commits', async () => {
    const transaction = fakeTransaction()
    const result = writeWhole(transaction, async () => {
      transaction.commit()
      return 'written'
    })
    await expect(result).resolves.toBe('written')
    expect(transaction.aborted).toBe(false)
  })

  it('aborts the transaction when the write throws, and fails with its error', async () => {
    const transaction = fakeTransaction()
    const failure = new Error('The file could not be read.')
    await expect(writeWhole(transaction, () => Promise.reject(failure))).rejects.toBe(failure)
    expect(transaction.aborted).toBe(true)
  })

  it.each([
    ['the write', new DOMException('Quota exceeded', 'QuotaExceededError'), undefined],
    ['the transaction', new DOMException('The transaction was aborted.', 'AbortError'), 'QuotaExceededError'],
  ])('tells a full storage as such when %s reports it', async (_where, thrown, abortedWith) => {
    const transaction = fakeTransaction(abortedWith ? { abortsWith: new DOMException('Full', abortedWith) } : {})
    await expect(writeWhole(transaction, () => Promise.reject(thrown))).rejects.toBeInstanceOf(StorageFullError)
  })

  it('fails with the error the transaction aborted with, not the abort a later request was told', async () => {
    const constraint = new DOMException('Key already exists.', 'ConstraintError')
    const transaction = fakeTransaction({ abortsWith: constraint })
    const aborted = new DOMException('The transaction was aborted.', 'AbortError')
    await expect(writeWhole(transaction, () => Promise.reject(aborted))).rejects.toBe(constraint)
  })
})
