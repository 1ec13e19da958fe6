/**
 * Advisory ids: the spelling Vigil keeps for each family, the canonical id among a finding's ids,
 * and advisories linked across findings by their aliases.
 */

/**
 * Advisory id families, each with the spelling Vigil keeps. CVE ids are upper case; GHSA ids keep
 * GitHub's spelling, `GHSA-` then the lower-case body; other prefixes take their usual spelling
 * (`RHSA`, `openSUSE-SU`) and the rest stays as written.
 */
const families: { rank: number; pattern: RegExp; spell: (match: RegExpExecArray) => string }[] = [
  { rank: 0, pattern: /^CVE-(\d{4})-(\d{4,})/i, spell: (m) => `CVE-${m[1]}-${m[2]}` },
  {
    rank: 1,
    pattern: /^GHSA((?:-[23456789cfghjmpqrvwx]{4}){3})(?![0-9a-z])/i,
    spell: (m) => `GHSA${m[1].toLowerCase()}`,
  },
  // Language and open-source databases published as OSV.
  {
    rank: 2,
    pattern: /^(GO|PYSEC|RUSTSEC|OSV|GSD|MAL|PSF|HSEC|RSEC|JLSEC)-(\d{4})-(\d+)/i,
    spell: (m) => `${m[1].toUpperCase()}-${m[2]}-${m[3]}`,
  },
  { rank: 2, pattern: /^CGA((?:-[0-9a-z]{4}){3})(?![0-9a-z])/i, spell: (m) => `CGA${m[1].toLowerCase()}` },
  // Distributions' advisories.
  { rank: 3, pattern: /^(DSA|DLA|DTSA)-(\d+(?:-\d+)?)/i, spell: (m) => `${m[1].toUpperCase()}-${m[2]}` },
  {
    rank: 3,
    pattern: /^(RH[SBE]A|AL[SBE]A|RL[SBE]A|RX[SBE]A)-(\d{4}:\d+)/i,
    spell: (m) => `${m[1].toUpperCase()}-${m[2]}`,
  },
  {
    rank: 3,
    pattern: /^(ALAS[0-9A-Z.-]*?)-(\d{4}-\d+)/i,
    spell: (m) => `${m[1].toUpperCase()}-${m[2]}`,
  },
  { rank: 3, pattern: /^(USN|LSN)-(\d+-\d+)/i, spell: (m) => `${m[1].toUpperCase()}-${m[2]}` },
  { rank: 3, pattern: /^(EL[SBE]A|MGASA|OESA)-(\d{4}-\d+)/i, spell: (m) => `${m[1].toUpperCase()}-${m[2]}` },
  {
    rank: 3,
    pattern: /^(SUSE|openSUSE)-([A-Z]{2,3})-(\d{4}:\d+(?:-\d+)?)/i,
    spell: (m) => `${m[1].toLowerCase() === 'suse' ? 'SUSE' : 'openSUSE'}-${m[2].toUpperCase()}-${m[3]}`,
  },
  {
    rank: 3,
    pattern: /^(UBUNTU|DEBIAN|ALPINE|ROOT)-CVE-(\d{4})-(\d{4,})/i,
    spell: (m) => `${m[1].toUpperCase()}-CVE-${m[2]}-${m[3]}`,
  },
  { rank: 3, pattern: /^(openEuler-SA)-(\d{4}-\d+)/i, spell: (m) => `openEuler-SA-${m[2]}` },
  { rank: 3, pattern: /^(PHSA)-(\d{4}-[\d.]+-\d+)/i, spell: (m) => `PHSA-${m[2]}` },
]

const OTHER_RANK = 4

function familyOf(text: string) {
  for (const family of families) {
    const match = family.pattern.exec(text)
    if (match) return { family, match }
  }
  return undefined
}

/**
 * An advisory id in the spelling Vigil keeps: `cve-2021-44228` → `CVE-2021-44228`,
 * `GHSA-JFH8-C2JP-5V3Q` → `GHSA-jfh8-c2jp-5v3q`, `rhsa-2021:1234` → `RHSA-2021:1234`. An id of
 * no known family is kept as written (trimmed).
 */
export function normaliseAdvisoryId(id: string): string {
  const text = id.trim()
  const found = familyOf(text)
  return found && found.match[0].length === text.length ? found.family.spell(found.match) : text
}

/**
 * The advisory id a text starts with, if it starts with one of a known family and the id ends
 * there or at a non-word character (Grype's SARIF rule `CVE-2021-44228-log4j-core`).
 */
export function leadingAdvisoryId(text: string): string | undefined {
  const trimmed = text.trim()
  const found = familyOf(trimmed)
  if (!found) return undefined
  const next = trimmed.charAt(found.match[0].length)
  return next === '' || /[^0-9A-Za-z]/.test(next) ? found.family.spell(found.match) : undefined
}

/** Whether the whole text is an advisory id of a known family. */
export const isAdvisoryId = (text: string): boolean => {
  const found = familyOf(text.trim())
  return !!found && found.match[0].length === text.trim().length
}

const rankOf = (id: string) => {
  const found = familyOf(id)
  return found && found.match[0].length === id.length ? found.family.rank : OTHER_RANK
}

/** What two spellings of one id share: ids of no known family compare without case. */
const comparable = (id: string) => normaliseAdvisoryId(id).toUpperCase()

const byPreference = (a: string, b: string) => rankOf(a) - rankOf(b) || (a < b ? -1 : a > b ? 1 : 0)

/**
 * The advisory's identity from all the ids a file gives it: the canonical id is a CVE when there
 * is one, else a GHSA, else a language database's id (PYSEC, GO, RUSTSEC...), else a
 * distribution's (DSA, RHSA, ALAS...), else the first other id; ties go to the lowest id. The
 * same set of ids always gives the same canonical id, whichever tool wrote it first.
 */
export function canonicalAdvisory(ids: (string | undefined)[]): { advisoryId: string; aliases: string[] } {
  const seen = new Map<string, string>()
  for (const id of ids) {
    if (typeof id !== 'string' || id.trim() === '') continue
    const spelled = normaliseAdvisoryId(id)
    const key = comparable(spelled)
    if (!seen.has(key)) seen.set(key, spelled)
  }
  const sorted = [...seen.values()].sort(byPreference)
  return { advisoryId: sorted[0] ?? 'unknown advisory', aliases: sorted.slice(1) }
}

/**
 * Advisories linked by their aliases across findings and tools: an npm audit GHSA and an OSV
 * CVE whose aliases name that GHSA are one advisory. Link every finding's ids, then ask each
 * id's canonical id.
 */
export class AdvisoryAliases {
  private parent = new Map<string, string>()
  private spelling = new Map<string, string>()

  private find(key: string): string {
    let root = key
    while (this.parent.get(root) !== root) root = this.parent.get(root)!
    // Path compression: later look-ups go straight to the root.
    let node = key
    while (node !== root) {
      const next = this.parent.get(node)!
      this.parent.set(node, root)
      node = next
    }
    return root
  }

  private add(id: string): string {
    const spelled = normaliseAdvisoryId(id)
    const key = spelled.toUpperCase()
    if (!this.parent.has(key)) {
      this.parent.set(key, key)
      this.spelling.set(key, spelled)
    }
    return key
  }

  /** Records that all these ids name one advisory. */
  link(ids: (string | undefined)[]): void {
    const keys = ids.filter((id): id is string => typeof id === 'string' && id.trim() !== '').map((id) => this.add(id))
    for (const key of keys.slice(1)) {
      const [a, b] = [this.find(keys[0]), this.find(key)]
      if (a !== b) this.parent.set(b, a)
    }
  }

  /** Every id linked to this one (itself included), canonical first. */
  group(id: string): string[] {
    const key = comparable(id)
    if (!this.parent.has(key)) return [normaliseAdvisoryId(id)]
    const root = this.find(key)
    return [...this.parent.keys()]
      .filter((other) => this.find(other) === root)
      .map((other) => this.spelling.get(other)!)
      .sort(byPreference)
  }

  /** The canonical id of the advisory this id belongs to. */
  canonical(id: string): string {
    return this.group(id)[0]
  }

  /** Every linked id (in upper case) with its whole group, canonical first: one pass for all. */
  groups(): Map<string, string[]> {
    const byRoot = new Map<string, string[]>()
    for (const key of this.parent.keys()) {
      const root = this.find(key)
      const group = byRoot.get(root)
      if (group) group.push(this.spelling.get(key)!)
      else byRoot.set(root, [this.spelling.get(key)!])
    }
    const byId = new Map<string, string[]>()
    for (const group of byRoot.values()) {
      group.sort(byPreference)
      for (const id of group) byId.set(id.toUpperCase(), group)
    }
    return byId
  }
}
