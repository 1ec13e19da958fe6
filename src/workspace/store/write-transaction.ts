import { isQuotaError } from '@/lib/quota-error'

/** The error a write fails with when the browser's storage quota is used up. */
export class StorageFullError extends Error {
  constructor() {
    super(
      'The browser’s storage for Vigil is full: nothing of this file was saved. Delete old data or free disk space.',
    )
    this.name = 'StorageFullError'
  }
}

/** What `writeWhole` needs of a transaction (idb's `IDBPTransaction`). */
interface AbortableTransaction {
  readonly done: Promise<void>
  readonly error: DOMException | null
  abort(): void
}

/**
 * Runs `write` in `transaction` and waits for the transaction's end: what it writes lands whole or
 * not at all. Whatever fails, the transaction is aborted and waited for; a full storage fails with
 * `StorageFullError`.
 */
export async function writeWhole<Result>(
  transaction: AbortableTransaction,
  write: () => Promise<Result>,
): Promise<Result> {
  // Its end is awaited last: a put failing meanwhile must not be reported as unhandled first.
  transaction.done.catch(() => undefined)
  try {
    const result = await write()
    await transaction.done
    return result
  } catch (error) {
    try {
      transaction.abort()
    } catch {
      // already finished
    }
    await transaction.done.catch(() => undefined)
    if (isQuotaError(error) || isQuotaError(transaction.error)) throw new StorageFullError()
    // A put that failed aborted the transaction with its own error; the request waited on then
    // only says it was aborted.
    throw transaction.error ?? error
  }
}
