/** The repository's name from its URI (https, ssh or scp-like: `…/org/repo.git` → `repo`), else the text as written. */
export function repositoryNameOf(uri: string): string {
  const trimmed = uri
    .trim()
    .replace(/\.git$/, '')
    .replace(/\/+$/, '')
  const match = /[:/]([^/:]+\/[^/:]+)$/.exec(trimmed)
  return match ? match[1].split('/')[1] : trimmed
}
