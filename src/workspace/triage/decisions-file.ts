import { Validator, type Schema } from '@cfworker/json-schema'
import { isDay } from './decision'
import type { DecisionEntry } from './decision-log'
import { checkPathPattern } from './glob'
import decisionsSchema from './decisions.schema.json'
import { readTeamJson } from '@/workspace/files/team-json'

/** The version of the decisions file this Vigil writes and reads. */
export const decisionsFileVersion = 1

export interface DecisionsFile {
  generatedAt?: string
  decisions: DecisionEntry[]
}

/** Why a decisions file could not be read, in words a person can act on. */
export class DecisionsFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DecisionsFileError'
  }
}

const validator = new Validator(decisionsSchema as unknown as Schema, '2020-12', false)

/**
 * Reads a decisions file: JSON that matches the decisions schema, of a version this Vigil knows,
 * each entry id once, each day a real day and each path pattern usable.
 */
export function readDecisionsFile(text: string): DecisionsFile {
  const document = readTeamJson(text, {
    title: 'The decisions file',
    htmlPage:
      'The decisions file is an HTML page, not JSON: check its address (a sign-in page or an error page answers like this).',
    version: { member: 'vigilDecisions', newest: decisionsFileVersion },
    validator,
    format: "Vigil's decisions format (docs/triage.md)",
    whole: 'the file',
    fail: (message) => new DecisionsFileError(message),
  })
  const file = document as { generatedAt?: string; decisions: DecisionEntry[] }
  const ids = new Set<string>()
  for (const [index, entry] of file.decisions.entries()) {
    if (ids.has(entry.id)) {
      throw new DecisionsFileError(
        `The decisions file has two entries with the id "${entry.id}" (the second at /decisions/${index}): each entry is written once.`,
      )
    }
    ids.add(entry.id)
    for (const day of [entry.expiresOn, entry.dueOn]) {
      if (day !== undefined && !isDay(day)) {
        throw new DecisionsFileError(`The day "${day}" of /decisions/${index} does not exist: write it as 2026-12-31.`)
      }
    }
    if (entry.scope.kind === 'path') {
      const problem = checkPathPattern(entry.scope.pattern)
      if (problem) throw new DecisionsFileError(`/decisions/${index}/scope/pattern: ${problem}`)
    }
  }
  return { generatedAt: file.generatedAt, decisions: file.decisions }
}

/** Writes the whole log as a decisions file: one entry a line, so that a change is one line of a diff. */
export function writeDecisionsFile(log: readonly DecisionEntry[], generatedAt: string): string {
  const lines = log.map((entry) => `    ${JSON.stringify(entry)}`)
  const head = `{\n  "vigilDecisions": ${decisionsFileVersion},\n  "generatedAt": ${JSON.stringify(generatedAt)},\n  "decisions": [`
  return lines.length === 0 ? `${head}]\n}\n` : `${head}\n${lines.join(',\n')}\n  ]\n}\n`
}

/** The local entries a feed's log lacks: decisions made here that CI has not published yet. */
export function unpublishedEntries(
  local: readonly DecisionEntry[],
  published: readonly DecisionEntry[],
): DecisionEntry[] {
  const ids = new Set(published.map((entry) => entry.id))
  return local.filter((entry) => !ids.has(entry.id))
}
