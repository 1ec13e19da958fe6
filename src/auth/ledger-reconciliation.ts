import { parseRefreshRecord, tokenDigest, type RefreshLedger, type RefreshRecord } from './refresh-ledger'
import { AuthError, authMessages } from './errors'
import { toSession, type Session } from './session'

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** The refresh ledger as the client uses it: a ledger that fails is warned about, never fatal. */
export function ledgerReconciliation(ledger: RefreshLedger | undefined, now: () => number) {
  return {
    async read(): Promise<RefreshRecord | undefined> {
      try {
        return parseRefreshRecord(await ledger?.read())
      } catch (error) {
        console.warn(`Vigil could not read the refresh ledger: ${messageOf(error)}`)
        return undefined
      }
    },

    async write(record: RefreshRecord): Promise<void> {
      try {
        await ledger?.write(record)
      } catch (error) {
        console.warn(`Vigil could not write the refresh ledger: ${messageOf(error)}`)
      }
    },

    async clear(): Promise<void> {
      try {
        await ledger?.clear()
      } catch (error) {
        console.warn(`Vigil could not clear the refresh ledger: ${messageOf(error)}`)
      }
    },

    /**
     * The newest session this tab knows of: the ledger's tokens replace any session whose refresh
     * token was already spent, and of the rest the one that expires last wins (the ledger's on a
     * tie, then the first known).
     */
    async newestSession(known: Session[], record: RefreshRecord | undefined): Promise<Session> {
      const spent = new Set(record?.spent)
      const candidates = record?.tokens ? [toSession(record.tokens, now())] : []
      for (const session of known) {
        if (!spent.has(await tokenDigest(session.refreshToken))) candidates.push(toSession(session, now()))
      }
      if (candidates.length === 0) throw new AuthError('session-ended', authMessages.noRefreshToken)
      return candidates.reduce((newest, session) => (session.expiresAt > newest.expiresAt ? session : newest))
    },
  }
}
