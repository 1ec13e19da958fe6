import type { RefreshLedger, RefreshRecord } from '@/auth/refresh-ledger'

/** A refresh ledger in memory, shared by the clients ("tabs") of one node test. */
export class MemoryRefreshLedger implements RefreshLedger {
  stored: unknown = undefined

  read = async (): Promise<unknown> => structuredClone(this.stored)

  write = async (record: RefreshRecord): Promise<void> => {
    this.stored = structuredClone(record)
  }

  clear = async (): Promise<void> => {
    this.stored = undefined
  }
}
