import type { CheckedEndpoint, CheckedFinding } from '@/data/policy-checks'
import type { FindingSeverity } from '@/data/findings'
import type { RepositoryFacts } from './policy-facts'

/*
 * The policy facts' findings as a worker hands them to the page, part by part. A structured copy
 * of the facts themselves made every finding and each of its texts anew on the page (at a million
 * findings the page's heap doubled: docs/benchmarks.md). Packed, each text and each distinct finding (the
 * same key, tool, rule, severity, kind, CWEs, count and whether KEV's due date is past, as a group
 * recurring in many repositories is) is sent once, in numbers, and made once on the page.
 */

/** Numbers per finding in `PackedFacts.findings`: tool, rule, severity, kind, CWE list, count, KEV overdue (1 or 0). */
const FIELDS = 7

/** A field left out (a finding without a tool, rule or kind). */
const NONE = 0xffffffff

/** About how many findings a part handed over by a worker holds: the page copies each part in one short task. */
export const FINDINGS_PER_PART = 20_000

/** The repositories in parts of about FINDINGS_PER_PART findings. */
export function partsOf(repositories: readonly RepositoryFacts[]): RepositoryFacts[][] {
  const parts: RepositoryFacts[][] = []
  let part: RepositoryFacts[] = []
  let findings = 0
  for (const repository of repositories) {
    part.push(repository)
    findings += repository.findings.length + (repository.endpoints?.length ?? 0) + 1
    if (findings >= FINDINGS_PER_PART) {
      parts.push(part)
      part = []
      findings = 0
    }
  }
  if (part.length > 0) parts.push(part)
  return parts
}

/** One part of the facts; the texts, CWE lists and findings it adds follow those of the parts before. */
export interface PackedFacts {
  /** Texts first used in this part. */
  texts: string[]
  /** CWE lists first used in this part, as the indexes of their texts. */
  cweLists: number[][]
  /** Findings first used in this part: each one's key, and FIELDS numbers (texts and CWE lists by index). */
  keys: string[]
  findings: Uint32Array
  /** The part's repositories, each with how many findings it has. */
  repositories: { name: string; tools: readonly string[]; endpoints?: CheckedEndpoint[]; findings: number }[]
  /** Each repository's findings in turn, as indexes into every finding sent so far. */
  order: Uint32Array
}

/** The buffers of a part, to transfer rather than copy. */
export const packedBuffers = (part: PackedFacts): ArrayBuffer[] => [
  part.findings.buffer as ArrayBuffer,
  part.order.buffer as ArrayBuffer,
]

/** Packs the facts part by part, each part sending only what the parts before it did not. */
export class FactsPacker {
  private readonly texts = new Map<string, number>()
  private readonly cweLists = new Map<string, number>()
  private readonly singleCwes = new Map<string, number>()
  private listCount = 0
  /** Every finding packed so far, FIELDS numbers each, by index. */
  private readonly fields: number[] = []
  /** The first finding of each key, and after each finding the next of its key (NONE: none). */
  private readonly firstOfKey = new Map<string, number>()
  private readonly nextOfKey: number[] = []

  pack(repositories: readonly RepositoryFacts[]): PackedFacts {
    const texts: string[] = []
    const cweLists: number[][] = []
    const textIndex = (text: string) => {
      let index = this.texts.get(text)
      if (index === undefined) {
        index = this.texts.size
        this.texts.set(text, index)
        texts.push(text)
      }
      return index
    }
    const cweListIndex = (cwes: readonly string[]) => {
      // Most lists are of one CWE: known by it, without a text made for the list.
      const lists = cwes.length === 1 ? this.singleCwes : this.cweLists
      const key = cwes.length === 1 ? cwes[0] : JSON.stringify(cwes)
      let index = lists.get(key)
      if (index === undefined) {
        index = this.listCount++
        lists.set(key, index)
        cweLists.push(cwes.map(textIndex))
      }
      return index
    }
    const keys: string[] = []
    const added: number[] = []
    const { fields, firstOfKey, nextOfKey } = this
    const order = new Uint32Array(repositories.reduce((sum, repository) => sum + repository.findings.length, 0))
    let at = 0
    for (const repository of repositories)
      for (const finding of repository.findings) {
        const tool = finding.tool === undefined ? NONE : textIndex(finding.tool)
        const rule = finding.ruleId === undefined ? NONE : textIndex(finding.ruleId)
        const severity = textIndex(finding.severity)
        const kind = finding.kind === undefined ? NONE : textIndex(finding.kind)
        const cwes = cweListIndex(finding.cwes)
        const count = finding.count ?? 1
        const kevOverdue = finding.kevOverdue === true ? 1 : 0
        const first = firstOfKey.get(finding.key)
        let index = first ?? NONE
        while (index !== NONE) {
          const place = index * FIELDS
          if (
            fields[place] === tool &&
            fields[place + 1] === rule &&
            fields[place + 2] === severity &&
            fields[place + 3] === kind &&
            fields[place + 4] === cwes &&
            fields[place + 5] === count &&
            fields[place + 6] === kevOverdue
          )
            break
          index = nextOfKey[index]
        }
        if (index === NONE) {
          index = nextOfKey.length
          nextOfKey.push(first ?? NONE)
          firstOfKey.set(finding.key, index)
          keys.push(finding.key)
          for (const value of [tool, rule, severity, kind, cwes, count, kevOverdue]) {
            fields.push(value)
            added.push(value)
          }
        }
        order[at++] = index
      }
    return {
      texts,
      cweLists,
      keys,
      findings: Uint32Array.from(added),
      repositories: repositories.map(({ findings, ...repository }) => ({ ...repository, findings: findings.length })),
      order,
    }
  }
}

/** Unpacks the parts in the order they were packed: each distinct finding becomes one object. */
export class FactsUnpacker {
  private readonly texts: string[] = []
  private readonly cweLists: (readonly string[])[] = []
  private readonly findings: CheckedFinding[] = []

  unpack(part: PackedFacts): RepositoryFacts[] {
    const { texts, cweLists, findings } = this
    for (const text of part.texts) texts.push(text)
    for (const list of part.cweLists) cweLists.push(list.map((index) => texts[index]))
    const fields = part.findings
    part.keys.forEach((key, index) => {
      const at = index * FIELDS
      const finding: CheckedFinding = {
        key,
        severity: texts[fields[at + 2]] as FindingSeverity,
        cwes: cweLists[fields[at + 4]],
        count: fields[at + 5],
      }
      if (fields[at] !== NONE) finding.tool = texts[fields[at]]
      if (fields[at + 1] !== NONE) finding.ruleId = texts[fields[at + 1]]
      if (fields[at + 3] !== NONE) finding.kind = texts[fields[at + 3]] as CheckedFinding['kind']
      if (fields[at + 6] === 1) finding.kevOverdue = true
      findings.push(finding)
    })
    let at = 0
    return part.repositories.map(({ findings: count, ...repository }) => {
      const own = new Array<CheckedFinding>(count)
      for (let place = 0; place < count; place++) own[place] = findings[part.order[at++]]
      return { ...repository, findings: own }
    })
  }
}
