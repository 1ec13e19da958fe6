/** The most characters of a match kept in the clear: enough to tell `ghp_…` from `AKIA…`. */
const KEPT = 4
/** Asterisks say something was there; their number says nothing of the secret's length. */
const MASK = '********'

/**
 * A secret's match as Vigil stores it: at most its first four characters (a quarter of a short
 * match), then asterisks. Tools mask their matches already (Trivy writes `****`), but a file
 * that does not must never put a secret into the workspace.
 */
export function maskSecret(match: string | undefined): string {
  const text = (match ?? '').replace(/\s+/g, ' ').trim()
  const kept = text.slice(0, Math.min(KEPT, Math.floor(text.length / 4))).replace(/\*+$/, '')
  return `${kept}${MASK}`
}
