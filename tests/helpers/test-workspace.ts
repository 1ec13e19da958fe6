import { afterEach } from 'vitest'
import { deleteWorkspace, openWorkspace, type WorkspaceDatabase } from '@/workspace/store/schema'

const opened: { name: string; database: WorkspaceDatabase }[] = []

/** A new, empty workspace database, closed and deleted after the test (with `closeTestWorkspacesAfterEach`). */
export async function freshWorkspace(name = `vigil-workspace-test-${crypto.randomUUID()}`): Promise<WorkspaceDatabase> {
  const database = await openWorkspace(name)
  opened.push({ name, database })
  return database
}

export function closeTestWorkspacesAfterEach() {
  afterEach(async () => {
    for (const { name, database } of opened.splice(0)) {
      database.close()
      await deleteWorkspace(name)
    }
  })
}
