import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { PENDING_COUNTS_ID } from './record-keys'
import type { DecisionRecord, PendingCountsMarker } from './records'

const isPendingCountsMarker = (record: DecisionEntry | PendingCountsMarker): record is PendingCountsMarker =>
  record.id === PENDING_COUNTS_ID

/** The decision log from the decisions store's records (the pending counts' marker left out). */
export function flattenLog(records: readonly DecisionRecord[]): DecisionEntry[] {
  const log: DecisionEntry[] = []
  for (const record of records) {
    if ('page' in record) for (const entry of record.page) log.push(entry)
    else if (!isPendingCountsMarker(record)) log.push(record)
  }
  return log
}
