import { mkdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { vigilDir } from './paths'

// Made-up reference catalogues for the exploit-intelligence benchmark, shaped as FIRST's daily
// EPSS file (epss_scores-YYYY-MM-DD.csv.gz) and CISA's KEV feed (known_exploited_vulnerabilities.json).
// Nothing is downloaded: the rows are generated, and their CVEs overlap the seeded workspace's
// (`CVE-2026-1000` to `CVE-2026-8999`, bench/seed/seed.ts).

/** A generated catalogue, on disk and on the bench server. */
export interface CatalogueFile {
  name: string
  path: string
  /** Where the bench server serves it, relative to Vigil's origin. */
  url: string
  /** On disk (gzip-compressed for EPSS). */
  bytes: number
  /** Uncompressed. */
  textBytes: number
  /** Rows (EPSS) or entries (KEV). */
  entries: number
}

export interface CatalogueFiles {
  epss: CatalogueFile
  kev: CatalogueFile
}

/** The seeded workspace's CVEs that are well-formed ids: `CVE-2026-1000` to `CVE-2026-8999`. */
const WORKSPACE_CVES = { from: 1000, to: 8999 }
const EPSS_ROWS = 250_000
const KEV_ENTRIES = 1_500
/** KEV entries among the workspace's CVEs: a fifth, as a large organisation's findings would hold. */
const KEV_IN_WORKSPACE = 300

/** A deterministic number in [0, 1) for an integer (a hash, so the files are the same every run). */
function unit(seed: number): number {
  let x = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b)
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35)
  x ^= x >>> 16
  return (x >>> 0) / 4294967296
}

/** A CVE id as CVE writes it: at least four digits after the year. */
const cveId = (year: number, number: number) => `CVE-${year}-${String(number).padStart(4, '0')}`

/**
 * The CVEs FIRST scores: 250,000, more of them in later years, those of 2026 numbered from 1 so
 * that they include every workspace CVE.
 */
function scoredCves(): { year: number; number: number }[] {
  const years = Array.from({ length: 2026 - 1999 + 1 }, (_, index) => 1999 + index)
  const weights = years.map((year) => year - 1998)
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  const counts = weights.map((weight) => Math.round(((EPSS_ROWS - 20_000) * weight) / total))
  counts[counts.length - 1] = EPSS_ROWS - counts.slice(0, -1).reduce((sum, count) => sum + count, 0)
  if (counts.at(-1)! < WORKSPACE_CVES.to) throw new Error('The EPSS file would miss workspace CVEs')
  return years.flatMap((year, index) =>
    Array.from({ length: counts[index] }, (_, number) => ({ year, number: number + 1 })),
  )
}

/**
 * FIRST's daily EPSS CSV, made up: the `#model_version…,score_date…` line, the header, then a row
 * per CVE in text order (as a sort of the ids would give: `CVE-2021-10000` before `CVE-2021-1001`,
 * which the reader has to sort by number). Scores skewed low as EPSS's are; percentiles their ranks.
 */
function epssCsv(): { text: string; rows: number } {
  const cves = scoredCves()
  // Most scores tiny, a few high, as EPSS's are: 0.00004 to 0.97, the median about 0.0003.
  const scores = cves.map((_, index) => Number((0.00004 + 0.97 * unit(index + 1) ** 12).toFixed(5)))
  // A score's percentile: the share of CVEs scored below it (equal scores share one).
  const ranks = new Float64Array(cves.length)
  const byScore = scores.map((_, index) => index).sort((a, b) => scores[a] - scores[b])
  let below = 0
  for (const [place, index] of byScore.entries()) {
    if (place > 0 && scores[index] !== scores[byScore[place - 1]]) below = place
    ranks[index] = below / cves.length
  }
  const rows = cves.map(
    ({ year, number }, index) => `${cveId(year, number)},${scores[index].toFixed(5)},${ranks[index].toFixed(5)}`,
  )
  rows.sort()
  const text = `#model_version:v2025.03.14,score_date:2026-12-06T12:55:00+0000\ncve,epss,percentile\n${rows.join('\n')}\n`
  return { text, rows: rows.length }
}

const vendors = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Tyrell', 'Cyberdyne', 'Soylent']
const products = ['Gateway', 'Mail Server', 'VPN', 'Router', 'CMS', 'Firewall', 'Hypervisor', 'File Transfer']
const kinds = [
  'Remote Code Execution',
  'Command Injection',
  'Authentication Bypass',
  'Path Traversal',
  'Deserialization',
]

/**
 * CISA's KEV catalogue, made up: 1,500 entries with every field the feed has, 300 of them CVEs of
 * the seeded workspace (a fifth of those used in ransomware campaigns), the others older CVEs that
 * the EPSS file scores too.
 */
function kevDocument(): object {
  const inWorkspace = Array.from(
    { length: KEV_IN_WORKSPACE },
    (_, index) =>
      WORKSPACE_CVES.from + Math.floor((index * (WORKSPACE_CVES.to - WORKSPACE_CVES.from)) / KEV_IN_WORKSPACE),
  ).map((number) => cveId(2026, number))
  const others = Array.from({ length: KEV_ENTRIES - KEV_IN_WORKSPACE }, (_, index) =>
    cveId(2002 + (index % 24), 1 + ((index * 37) % 4000)),
  )
  const vulnerabilities = [...others, ...inWorkspace].map((cve, index) => {
    const vendor = vendors[index % vendors.length]
    const product = products[index % products.length]
    const kind = kinds[index % kinds.length]
    const added = new Date(Date.UTC(2021, 10, 3) + index * 86_400_000 * 0.7)
    const due = new Date(added.getTime() + 21 * 86_400_000)
    return {
      cveID: cve,
      vendorProject: vendor,
      product,
      vulnerabilityName: `${vendor} ${product} ${kind} Vulnerability`,
      dateAdded: added.toISOString().slice(0, 10),
      shortDescription: `${vendor} ${product} contains a ${kind.toLowerCase()} vulnerability that allows an unauthenticated attacker to run arbitrary commands on the affected system through a crafted request to its management interface.`,
      requiredAction:
        'Apply mitigations per vendor instructions, follow applicable BOD 22-01 guidance for cloud services, or discontinue use of the product if mitigations are unavailable.',
      dueDate: due.toISOString().slice(0, 10),
      knownRansomwareCampaignUse: index % 5 === 0 ? 'Known' : 'Unknown',
      notes: `https://vendor.example/${vendor.toLowerCase()}/advisories/${cve} ; https://nvd.nist.gov/vuln/detail/${cve}`,
      cwes: [`CWE-${[78, 22, 287, 502, 94][index % 5]}`],
    }
  })
  return {
    title: 'CISA Catalog of Known Exploited Vulnerabilities',
    catalogVersion: '2026.12.05',
    dateReleased: '2026-12-05T14:05:31.9124Z',
    count: vulnerabilities.length,
    vulnerabilities,
  }
}

/** The two catalogues, written where the bench server serves them (after the build, which empties the folder). */
export function writeCatalogueFiles(): CatalogueFiles {
  const dir = join(vigilDir, 'bench-catalogues')
  mkdirSync(dir, { recursive: true })
  const epss = epssCsv()
  const epssPath = join(dir, 'epss_scores-2026-12-06.csv.gz')
  writeFileSync(epssPath, gzipSync(epss.text))
  const kev = kevDocument()
  const kevText = JSON.stringify(kev)
  const kevPath = join(dir, 'known_exploited_vulnerabilities.json')
  writeFileSync(kevPath, kevText)
  return {
    epss: {
      name: 'epss_scores-2026-12-06.csv.gz',
      path: epssPath,
      url: 'bench-catalogues/epss_scores-2026-12-06.csv.gz',
      bytes: statSync(epssPath).size,
      textBytes: Buffer.byteLength(epss.text),
      entries: epss.rows,
    },
    kev: {
      name: 'known_exploited_vulnerabilities.json',
      path: kevPath,
      url: 'bench-catalogues/known_exploited_vulnerabilities.json',
      bytes: statSync(kevPath).size,
      textBytes: Buffer.byteLength(kevText),
      entries: KEV_ENTRIES,
    },
  }
}
