import { createContext } from 'react'
import { openWorkspace } from '@/workspace/store/open'
import type { WorkspaceDatabase } from '@/workspace/store/records'
import { workspaceConnections } from './workspace-deletion'

/** The browser's IndexedDB, one connection per database name, kept until a deletion closes it. */
function connection(name: string): Promise<WorkspaceDatabase> {
  let database = workspaceConnections.get(name) as Promise<WorkspaceDatabase> | undefined
  if (!database) {
    database = openWorkspace(name)
    workspaceConnections.set(name, database)
    database.catch(() => workspaceConnections.delete(name))
  }
  return database
}

/** Opens a workspace's database by name; tests pass a double through `WorkspaceStoreContext` (a slow store, say). */
export type OpenWorkspaceStore = (name: string) => Promise<WorkspaceDatabase>

/** How the workspace provider opens its database: the browser's IndexedDB, one connection per name. */
export const WorkspaceStoreContext = createContext<OpenWorkspaceStore>(connection)

/** A worker opens the database by its name: it reads what the page reads only through the browser's own store. */
export const workersCanOpen = (open: OpenWorkspaceStore) => open === connection && typeof Worker !== 'undefined'
