import * as cvssLibrary from 'ae-cvss-calculator'
import type { CvssScore, FindingSeverity } from './model'

/** GitHub's bands: ≥ 9.0 Critical, 7.0–8.9 High, 4.0–6.9 Medium, 0.1–3.9 Low; 0 or none is Unknown. */
export function severityOfScore(score: number | undefined): FindingSeverity {
  if (score === undefined || !Number.isFinite(score) || score <= 0 || score > 10) return 'Unknown'
  if (score >= 9) return 'Critical'
  if (score >= 7) return 'High'
  if (score >= 4) return 'Medium'
  return 'Low'
}

/** A tool's severity word (critical, HIGH, moderate, medium, low, negligible, info...), or Unknown. */
export function severityOfWord(word: unknown): FindingSeverity {
  if (typeof word !== 'string') return 'Unknown'
  switch (word.trim().toLowerCase()) {
    case 'critical':
      return 'Critical'
    case 'high':
    case 'important':
      return 'High'
    case 'medium':
    case 'moderate':
      return 'Medium'
    case 'low':
    case 'minor':
    case 'negligible':
      return 'Low'
    default:
      return 'Unknown'
  }
}

type Calculator = Pick<typeof cvssLibrary, 'fromVector'>
type Bundled = { CvssCalculator?: Calculator; default?: { CvssCalculator?: Calculator } }

/** The library ships a UMD bundle: at run time its functions sit under `CvssCalculator`, not where its types say. */
const calculator: Calculator =
  (cvssLibrary as unknown as Bundled).CvssCalculator ??
  (cvssLibrary as unknown as Bundled).default?.CvssCalculator ??
  cvssLibrary

const vectorPrefixes = new Map([
  ['CVSSv2', ''],
  ['CVSSv3', 'CVSS:3.0/'],
  ['CVSSv31', 'CVSS:3.1/'],
  ['CVSSv4', 'CVSS:4.0/'],
])

/**
 * Scores a CVSS vector (2.0, 3.0, 3.1 or 4.0) with ae-cvss-calculator. `method` is CycloneDX's
 * name for the version, for vectors written without their `CVSS:3.1/` prefix.
 */
export function scoreVector(vector: unknown, method?: string): CvssScore | undefined {
  if (typeof vector !== 'string' || vector.length > 400) return undefined
  let text = vector.trim().replace(/^\(|\)$/g, '')
  const prefix = method ? vectorPrefixes.get(method) : undefined
  if (!text.startsWith('CVSS:') && prefix) text = prefix + text
  try {
    const parsed = calculator.fromVector(text)
    if (!parsed) return undefined
    const score = parsed.calculateScores().overall
    if (typeof score !== 'number' || !Number.isFinite(score)) return undefined
    return { version: parsed.getVectorName().replace('CVSS:', ''), vector: text, score }
  } catch {
    return undefined
  }
}

const versionRank = (version: string) => Number(version) || 0

/** Of several scores, the one of the newest CVSS version (the highest score on a tie). */
export function preferredScore(scores: (CvssScore | undefined)[]): CvssScore | undefined {
  return scores
    .filter((score): score is CvssScore => score !== undefined)
    .sort((a, b) => versionRank(b.version) - versionRank(a.version) || b.score - a.score)[0]
}
