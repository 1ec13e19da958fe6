import type { OpenWorkspaceStore } from '@/state/workspace-connections'
import { openWorkspace } from '@/workspace/store/open'
import type { WorkspaceDatabase } from '@/workspace/store/records'

/**
 * A workspace store that answers only when the test lets it: each read waits for `release()`, and
 * `hold()` makes the reads after it wait again. It opens `database` whoever asks (a test's user
 * need not match the identity the workspace was filled for), else the database asked for, or
 * fails with `fail(error)`.
 */
export function delayedStore(database?: string) {
  let release = () => {}
  let gate = Promise.resolve()
  let failure: unknown
  const connections: WorkspaceDatabase[] = []
  const hold = () => {
    gate = new Promise((resolve) => (release = resolve))
  }
  hold()
  const open: OpenWorkspaceStore = async (name) => {
    await gate
    if (failure) throw failure
    const connection = await openWorkspace(database ?? name)
    connections.push(connection)
    return connection
  }
  return {
    open,
    release: () => release(),
    hold,
    fail: (error: unknown) => {
      failure = error
      release()
    },
    close: () => connections.splice(0).forEach((connection) => connection.close()),
  }
}
