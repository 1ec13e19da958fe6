const absolute = /^(?:\/|[A-Za-z]:[\\/]|\\\\)/

/**
 * Paths written on the scanning machine (`/home/runner/work/app/app/package-lock.json`,
 * `C:\src\app\go.sum`), made relative to the folder they all share, so that a scan of one
 * checkout on a laptop and in CI names its files alike: one path becomes its file's name. Paths
 * that are already relative, or a list that mixes both, are kept as written.
 */
export function relativeToScanRoot(paths: readonly string[]): Map<string, string> {
  const relative = new Map<string, string>()
  if (paths.length === 0 || !paths.every((path) => absolute.test(path))) return relative
  const split = [...new Set(paths)].map((path) => path.split(/[\\/]+/))
  let shared = Math.min(...split.map((segments) => segments.length - 1))
  for (const segments of split)
    for (let at = 0; at < shared; at += 1)
      if (segments[at] !== split[0][at]) {
        shared = at
        break
      }
  for (const [index, path] of [...new Set(paths)].entries()) relative.set(path, split[index].slice(shared).join('/'))
  return relative
}
