/** The repository's name from its URI (https, ssh or scp-like: `…/org/repo.git` → `repo`), else the text as written. */
export function repositoryNameOf(uri: string): string {
  const trimmed = uri
    .trim()
    .replace(/\.git$/, '')
    .replace(/\/+$/, '')
  const match = /[:/]([^/:]+\/[^/:]+)$/.exec(trimmed)
  return match ? match[1].split('/')[1] : trimmed
}

/**
 * An image reference without its tag and digest, so that every release of an image is one
 * repository: `busybox:1.32.1` → `busybox`, `ghcr.io/acme/api@sha256:…` → `ghcr.io/acme/api`,
 * `localhost:5000/app:1` → `localhost:5000/app` (a registry's port stays).
 */
export function imageName(reference: string): string {
  let name = reference.trim()
  const at = name.indexOf('@')
  if (at >= 0) name = name.slice(0, at)
  const colon = name.lastIndexOf(':')
  if (colon > name.lastIndexOf('/')) name = name.slice(0, colon)
  return name
}

/** Text that names a place on a disk (`.`, `./src`, `/tmp/x`, `C:\x`, `image.tar`), not a project. */
export function isLocalPath(text: string): boolean {
  const trimmed = text.trim()
  return (
    trimmed === '' ||
    /^(\.{1,2}|~)([\\/]|$)/.test(trimmed) ||
    trimmed.startsWith('/') ||
    /^[A-Za-z]:[\\/]/.test(trimmed) ||
    trimmed.includes('\\') ||
    /\.(tar|tar\.gz|tgz|zip|json|xml|sbom|spdx|cdx)$/i.test(trimmed)
  )
}

/** A URL or an scp-like address of a repository (`https://…`, `git@host:org/repo.git`, `github.com/org/repo`). */
export const isRepositoryAddress = (text: string): boolean =>
  /^[a-z][a-z0-9+.-]*:\/\//i.test(text.trim()) ||
  /^[\w.-]+@[\w.-]+:/.test(text.trim()) ||
  /^[\w-]+(\.[\w-]+)+\/[^/\s]+\/[^/\s]+/.test(text.trim())

/**
 * A repository name a person can read in a URL, the same from every path in (the import dialog,
 * a dropped folder, a feed): trimmed, each run of spaces one space; undefined when empty or
 * longer than 200 characters.
 */
export function cleanRepositoryName(name: string): string | undefined {
  const trimmed = name.trim().replace(/\s+/g, ' ')
  return trimmed === '' || trimmed.length > 200 ? undefined : trimmed
}

/**
 * The repository a file's path gives (`<repo>/<anything>`): a chosen or dropped folder's top-level
 * folders are repositories; files directly in it belong to the folder itself; a lone file, to none.
 */
export function repositoryFromPath(path: string): string | undefined {
  const segments = path.split('/').filter(Boolean)
  if (segments.length >= 3) return segments[1]
  if (segments.length === 2) return segments[0]
  return undefined
}
