const absolute = /^(?:\/|[A-Za-z]:[\\/]|\\\\)/

/**
 * Where a path's checkout ends: the index of its last folder named as the repository (a clone's
 * folder usually is), or -1 when no folder is.
 */
export function checkoutEnd(segments: readonly string[], repository: string | undefined): number {
  if (repository === undefined) return -1
  const name = repository.toLowerCase()
  return segments.slice(0, -1).findLastIndex((segment) => segment.toLowerCase() === name)
}

/**
 * Paths written on the scanning machine (`/home/runner/work/app/app/package-lock.json`,
 * `C:\src\app\go.sum`), made relative to the checkout, so that a scan of one checkout on a
 * laptop and in CI names its files alike. The checkout is the last folder named as the repository
 * (a clone's folder usually is); else the folder all the paths share, which makes one path its
 * file's name. Paths that are already relative, or a list that mixes both, are kept as written.
 */
export function relativeToScanRoot(paths: readonly string[], repository?: string): Map<string, string> {
  const relative = new Map<string, string>()
  if (paths.length === 0 || !paths.every((path) => absolute.test(path))) return relative
  const distinct = [...new Set(paths)]
  const split = distinct.map((path) => path.split(/[\\/]+/))
  const checkouts = split.map((segments) => checkoutEnd(segments, repository))
  let shared = Math.min(...split.map((segments) => segments.length - 1))
  for (const segments of split)
    for (let at = 0; at < shared; at += 1)
      if (segments[at] !== split[0][at]) {
        shared = at
        break
      }
  const inCheckout = checkouts.every((checkout) => checkout >= 0)
  distinct.forEach((path, index) =>
    relative.set(path, split[index].slice(inCheckout ? checkouts[index] + 1 : shared).join('/')),
  )
  return relative
}
