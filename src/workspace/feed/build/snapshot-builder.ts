import type { BuiltManifest, FolderFile } from './feed-builder'
import { pathInRepositoryFolder } from '@/workspace/feed/format/names'
import {
  byName,
  historyToSnapshot,
  packSnapshot,
  SNAPSHOT_FOLDER,
  type BuiltSnapshotPart,
  type SnapshotRepository,
} from '@/workspace/feed/format/snapshot'
import { importFile } from '@/workspace/import/import-file'
import { cleanRepositoryName } from '@/workspace/model/repository-name'
import { unpackPages } from '@/workspace/store/finding-pages'
import { MemoryWorkspace } from '@/workspace/store/memory-workspace'
import { importsIn } from '@/workspace/store/reads'

export interface BuiltSnapshot {
  parts: BuiltSnapshotPart[]
  repositories: number
  /** Repositories a browser fetches file by file: too large for a part, or a file the import would not store as runs. */
  leftOut: string[]
}

/**
 * One repository of a feed as a browser stores it after syncing its files: its files imported, in
 * the manifest's order, by the browser's own import into a workspace of its own. Undefined when
 * one of its files does not land as runs (a VEX document, a refused file): its files are then
 * fetched one by one.
 */
export async function snapshotRepository(
  name: string,
  files: { url: string; sha256: string; file: FolderFile }[],
  now: string,
): Promise<SnapshotRepository | undefined> {
  const workspace = new MemoryWorkspace()
  const imported: SnapshotRepository['files'] = []
  for (const { url, sha256, file } of files) {
    // The name and path a browser syncing the manifest gives the file: its URL below the manifest's folder.
    const outcome = await importFile(
      workspace.database,
      {
        name: url,
        blob: new Blob([file.bytes as Uint8Array<ArrayBuffer>]),
        repository: name,
        fileName: pathInRepositoryFolder(url, name),
        origin: { kind: 'feed', manifestUrl: '' },
        fileTime: file.modifiedAt,
      },
      () => {},
      () => now,
    )
    if (outcome.status !== 'imported' || outcome.decisions || outcome.records.length === 0) return undefined
    imported.push({ url, sha256, runs: outcome.records.flatMap((record) => record.run ?? []) })
  }
  const [summary] = workspace.rowsOf('repositories')
  const [digest] = workspace.rowsOf('digests')
  if (!summary || !digest) return undefined
  return {
    name,
    summary,
    digest,
    runs: workspace.rowsOf('repositoryRuns').flatMap((record) => record.runs),
    pages: unpackPages(workspace.rowsOf('pages')).sort((a, b) => byName(a.run, b.run) || a.page - b.page),
    history: workspace.rowsOf('repositoryRuns').flatMap((record) => record.history.map(historyToSnapshot)),
    imports: workspace
      .rowsOf('imports')
      .flatMap(importsIn)
      .map(({ id: _id, ...record }) => record),
    files: imported,
  }
}

/**
 * The snapshot of a feed: every repository of the manifest pre-digested, packed in parts under
 * `vigil-snapshot/` beside the manifest. `files` are the folder's files as `buildManifest` read
 * them, `prefix` the path from the manifest's folder to theirs.
 */
export async function buildSnapshot(
  manifest: BuiltManifest,
  files: FolderFile[],
  prefix = '',
  onRepository: (done: number) => void = () => {},
): Promise<BuiltSnapshot> {
  const byUrl = new Map(
    files.map((file) => [`${prefix}${file.path.split('/').map(encodeURIComponent).join('/')}`, file]),
  )
  const leftOut: string[] = []
  const named = manifest.repositories
    .map((repository) => ({ name: cleanRepositoryName(repository.name) ?? repository.name, repository }))
    .sort((a, b) => byName(a.name, b.name))
  let done = 0
  async function* repositories(): AsyncGenerator<SnapshotRepository> {
    for (const { name, repository } of named) {
      const snapshot = await snapshotRepository(
        name,
        repository.files.map((entry) => ({ url: entry.url, sha256: entry.sha256, file: byUrl.get(entry.url)! })),
        manifest.generatedAt,
      )
      onRepository((done += 1))
      if (snapshot) yield snapshot
      else leftOut.push(name)
    }
  }
  const packed = await packSnapshot(repositories(), `${SNAPSHOT_FOLDER}/`)
  return {
    parts: packed.parts,
    repositories: packed.parts.reduce((sum, part) => sum + part.entry.repositories, 0),
    leftOut: [...leftOut, ...packed.leftOut],
  }
}
