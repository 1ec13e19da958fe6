import { openDB } from 'idb'
import { SCHEMA_VERSION, upgradeWorkspace } from './migrations'
import type { WorkspaceDatabase, WorkspaceSchema } from './records'

/** The error opening a workspace written by a newer Vigil than this one. */
export class NewerWorkspaceError extends Error {
  constructor() {
    super(
      'Your workspace was saved by a newer version of Vigil than this page. Reload the page to get the newer version; your data is kept.',
    )
    this.name = 'NewerWorkspaceError'
  }
}

/** The error opening a workspace that another tab keeps open at an older version, so it cannot be upgraded. */
export class BlockedWorkspaceError extends Error {
  constructor() {
    super(
      'Another tab keeps your workspace open with an older version of Vigil, so this page cannot read it. Close or reload the other Vigil tabs, then reload this page; your data is kept.',
    )
    this.name = 'BlockedWorkspaceError'
  }
}

/** Opens the named workspace, creating it or bringing it to this version first. */
export async function openWorkspace(name: string): Promise<WorkspaceDatabase> {
  // An upgrade another tab blocks waits until that tab closes the workspace, which may be never.
  let refuse = (_error: Error) => {}
  const blocked = new Promise<never>((_resolve, reject) => (refuse = reject))
  try {
    const opened = openDB<WorkspaceSchema>(name, SCHEMA_VERSION, {
      upgrade: (database, oldVersion, _newVersion, transaction) => upgradeWorkspace(database, oldVersion, transaction),
      // Another tab upgrades or deletes the workspace: let it.
      blocking: (_current, _blocked, event) => (event.target as IDBDatabase).close(),
      blocked: () => refuse(new BlockedWorkspaceError()),
    })
    // Opened once the other tab lets go after all: closed, as this page has said it cannot read it.
    void blocked.catch(() => opened.then((database) => database.close()).catch(() => undefined))
    return await Promise.race([opened, blocked])
  } catch (error) {
    if (error instanceof DOMException && error.name === 'VersionError') throw new NewerWorkspaceError()
    throw error
  }
}
