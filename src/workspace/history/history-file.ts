import { Validator, type Schema } from '@cfworker/json-schema'
import type { FindingSeverity } from '@/data/findings'
import {
  addScans,
  lowerBound,
  type FindingRecord,
  type HistoryState,
  type RunHistory,
  type Scan,
} from './finding-history'
import { type TimeSource } from '@/workspace/model/model'
import historySchema from './history.schema.json'
import { readTeamJson } from '@/workspace/files/team-json'

/** The version of the history file this Vigil writes and reads. */
export const historyFileVersion = 1

export interface HistoryFile {
  generatedAt?: string
  history: HistoryState
}

/** Why a history file could not be read, in words a person can act on. */
export class HistoryFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'HistoryFileError'
  }
}

/** What the history keeps, so that it stays small however long a team scans. */
export interface HistoryLimits {
  /** The scans of each run of the last this many days before its newest scan (older scans only fill in). */
  scanDays: number
  /** At most this many scans a run (a run scanned on every push keeps fewer days). */
  maxScans: number
  /** A finding fixed this many days ago is forgotten, and so is a run not scanned for as long. */
  forgetDays: number
}

export const defaultHistoryLimits: HistoryLimits = { scanDays: 90, maxScans: 400, forgetDays: 400 }

const DAY = 86_400

const letters: Record<FindingSeverity, string> = { Critical: 'C', High: 'H', Medium: 'M', Low: 'L', Unknown: 'U' }
const severityOfLetter: Record<string, FindingSeverity> = {
  C: 'Critical',
  H: 'High',
  M: 'Medium',
  L: 'Low',
  U: 'Unknown',
}

function compactRun(run: RunHistory, forgetBefore: number, limits: HistoryLimits): RunHistory | undefined {
  const scans = run.scans
  const newest = scans[scans.length - 1]
  if (newest < forgetBefore) return undefined
  const firstKept = Math.max(lowerBound(scans, newest - limits.scanDays * DAY), scans.length - limits.maxScans)
  // The newest dropped scan stays, so that a later scan between it and the next is still placed exactly.
  const boundary = Math.max(firstKept - 1, 0)
  let findings: Map<string, FindingRecord> | undefined
  for (const [key, record] of run.findings) {
    const fixedAt = record.stretches[record.stretches.length - 1]
    if (fixedAt < forgetBefore) {
      findings ??= new Map(run.findings)
      findings.delete(key)
    }
  }
  if (boundary === 0 && findings === undefined) return run
  return {
    ...run,
    scans: boundary === 0 ? scans : scans.slice(boundary),
    truncated: run.truncated || boundary > 0,
    findings: findings ?? run.findings,
  }
}

/**
 * The history within its limits: each run keeps its recent scans (and the one before them), a
 * finding fixed more than `forgetDays` before `now` is forgotten (if it comes back, it is new),
 * and so is a run not scanned for as long. Runs and records that stay as they were are shared.
 */
export function compactHistory(
  state: HistoryState,
  now: Date,
  limits: HistoryLimits = defaultHistoryLimits,
): HistoryState {
  const forgetBefore = Math.floor(now.getTime() / 1000) - limits.forgetDays * DAY
  const repositories = new Map<string, ReadonlyMap<string, RunHistory>>()
  for (const [name, runs] of state.repositories) {
    const kept = new Map<string, RunHistory>()
    let changed = false
    for (const [id, run] of runs) {
      const compacted = compactRun(run, forgetBefore, limits)
      if (compacted !== run) changed = true
      if (compacted !== undefined) kept.set(id, compacted)
    }
    if (kept.size > 0) repositories.set(name, changed ? kept : runs)
  }
  return { repositories }
}

/** The team's history after this CI run: the previous history, this run's scans, within the limits. */
export function mergeHistory(
  previous: HistoryState,
  scans: Iterable<Scan>,
  options: { now: Date; limits?: HistoryLimits },
): HistoryState {
  return compactHistory(addScans(previous, scans), options.now, options.limits)
}

const quotedLetters = Object.fromEntries(
  Object.entries(letters).map(([severity, letter]) => [severity, `"${letter}"`]),
) as Record<FindingSeverity, string>

function encodeFinding(index: number, record: FindingRecord, newest: number): string {
  const stretches = record.stretches
  let text = `[${index},${quotedLetters[record.severity]},${record.scans},${newest - stretches[0]}`
  for (let at = 1; at < stretches.length; at += 1) {
    if (Number.isFinite(stretches[at])) text += `,${stretches[at] - stretches[at - 1]}`
  }
  return `${text}]`
}

/**
 * Writes the history file: every finding key once, in a sorted list the findings point into, then
 * one repository a line, its runs' scans and findings as compact arrays of whole seconds.
 */
export function writeHistoryFile(state: HistoryState, generatedAt: string): string {
  const keySet = new Set<string>()
  for (const runs of state.repositories.values()) {
    for (const run of runs.values()) for (const key of run.findings.keys()) keySet.add(key)
  }
  const keys = [...keySet].sort()
  const indexOf = new Map(keys.map((key, index) => [key, index]))
  const lines: string[] = []
  for (const name of [...state.repositories.keys()].sort()) {
    const runs = state.repositories.get(name)!
    const written: string[] = []
    for (const id of [...runs.keys()].sort()) {
      const run = runs.get(id)!
      const newest = run.scans[run.scans.length - 1]
      const scans = run.scans.map((time, at) => (at === 0 ? time : time - run.scans[at - 1]))
      const findings = [...run.findings.keys()]
        .sort()
        .map((key) => encodeFinding(indexOf.get(key)!, run.findings.get(key)!, newest))
      const head = JSON.stringify({
        run: run.run,
        tool: run.tool,
        timeSource: run.timeSource,
        ...(run.truncated ? { truncated: true } : {}),
        scans,
      })
      written.push(`${head.slice(0, -1)},"findings":[${findings.join(',')}]}`)
    }
    lines.push(`{"name":${JSON.stringify(name)},"runs":[${written.join(',')}]}`)
  }
  return [
    `{"vigilHistory":${historyFileVersion},"generatedAt":${JSON.stringify(generatedAt)},`,
    `"keys":[`,
    keys.map((key) => JSON.stringify(key)).join(',\n'),
    `],`,
    `"repositories":[`,
    lines.join(',\n'),
    `]}`,
    '',
  ].join('\n')
}

/**
 * The schema's outline: validating each of millions of small arrays through the schema takes
 * seconds, so keys, scans and findings are checked by `checkItems` below, to the schema's rules.
 */
function outlineOf(schema: typeof historySchema): Schema {
  const outline = structuredClone(schema) as unknown as {
    properties: { keys: Record<string, unknown> }
    $defs: { run: { properties: Record<string, Record<string, unknown>> } }
  }
  delete outline.properties.keys.items
  const run = outline.$defs.run.properties
  for (const name of ['scans', 'findings']) {
    delete run[name].items
    delete run[name].prefixItems
  }
  return outline as unknown as Schema
}

const validator = new Validator(outlineOf(historySchema), '2020-12', false)
const findingRule = historySchema.$defs.finding
const severityLetters = Object.values(letters)
const maxKeyLength = historySchema.properties.keys.items.maxLength

const isCount = (value: unknown, minimum: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= minimum

/** The schema's rules for what its outline leaves out, with the validator's kind of message. */
function checkItems(file: { keys: unknown[]; repositories: { runs: { scans: unknown[]; findings: unknown[] }[] }[] }) {
  const refuse = (location: string, problem: string) => {
    throw new HistoryFileError(
      `The history file does not match Vigil's history format (docs/history.md): ${location}: ${problem}.`,
    )
  }
  file.keys.forEach((key, index) => {
    if (typeof key !== 'string' || key.length < 1 || key.length > maxKeyLength)
      refuse(`/keys/${index}`, `a key is text of 1 to ${maxKeyLength} characters`)
  })
  file.repositories.forEach((repository, repositoryIndex) =>
    repository.runs.forEach((run, runIndex) => {
      const path = `/repositories/${repositoryIndex}/runs/${runIndex}`
      run.scans.forEach((step, index) => {
        if (!isCount(step, index === 0 ? 0 : 1))
          refuse(
            `${path}/scans/${index}`,
            index === 0
              ? 'the first scan is whole seconds since 1970'
              : 'each next scan is a whole number of seconds, at least 1, after the one before',
          )
      })
      run.findings.forEach((values, index) => {
        const where = `${path}/findings/${index}`
        if (!Array.isArray(values) || values.length < findingRule.minItems || values.length > findingRule.maxItems)
          return refuse(where, `a finding is an array of ${findingRule.minItems} to ${findingRule.maxItems} items`)
        if (!isCount(values[0], 0)) refuse(`${where}/0`, 'the key index is a whole number from 0')
        if (!severityLetters.includes(values[1] as string)) refuse(`${where}/1`, 'the severity is one of C, H, M, L, U')
        if (!isCount(values[2], 1)) refuse(`${where}/2`, 'the count of scans is a whole number from 1')
        for (let at = 3; at < values.length; at += 1)
          if (!isCount(values[at], 0)) refuse(`${where}/${at}`, 'a time is a whole number of seconds from 0')
      })
    }),
  )
}

interface RawRun {
  run: string
  tool: string
  timeSource: TimeSource
  truncated?: boolean
  scans: number[]
  findings: (number | string)[][]
}

function decodeStretches(values: (number | string)[], newest: number, where: string): number[] {
  const times = values.length - 3
  if (times % 3 === 1) {
    throw new HistoryFileError(
      `${where} has ${times} times: a finding has its first seen, last seen and fixed times, then the same for each return, the last fixed time left out while it is still reported.`,
    )
  }
  const stretches: number[] = [newest - (values[3] as number)]
  for (let at = 4; at < values.length; at += 1) {
    const step = values[at] as number
    // Within a stretch the last scan may be the first; a fix and a return come at later scans.
    if (step === 0 && (at - 3) % 3 !== 1) {
      throw new HistoryFileError(
        `${where}: its times must grow from one to the next (value ${at} is 0): a finding is fixed, and comes back, at a later scan.`,
      )
    }
    stretches.push(stretches[stretches.length - 1] + step)
  }
  if (times % 3 === 2) {
    stretches.push(Infinity)
    if (stretches[stretches.length - 2] !== newest) {
      throw new HistoryFileError(
        `${where} is still reported but was last seen before the run's newest scan: give its fixed time, or its last seen as the newest scan.`,
      )
    }
  } else if (stretches[stretches.length - 1] > newest) {
    throw new HistoryFileError(`${where} was fixed after the run's newest scan: a fix is a scan of the run.`)
  }
  return stretches
}

/**
 * Reads a history file: JSON that matches the history schema, of a version this Vigil knows, each
 * repository once, each run once in its repository, each key once in a run, and every finding's
 * times in order and within its run's scans.
 */
export function readHistoryFile(text: string): HistoryFile {
  const document = readTeamJson(text, {
    title: 'The history file',
    htmlPage:
      'The history file is an HTML page, not JSON: check its address (a sign-in page or an error page answers like this).',
    version: { member: 'vigilHistory', newest: historyFileVersion },
    validator,
    format: "Vigil's history format (docs/history.md)",
    whole: 'the file',
    fail: (message) => new HistoryFileError(message),
  })
  checkItems(document as Parameters<typeof checkItems>[0])
  const file = document as { generatedAt?: string; keys: string[]; repositories: { name: string; runs: RawRun[] }[] }
  const repositories = new Map<string, Map<string, RunHistory>>()
  for (const [repositoryIndex, repository] of file.repositories.entries()) {
    if (repositories.has(repository.name)) {
      throw new HistoryFileError(
        `The history file lists the repository "${repository.name}" twice (the second at /repositories/${repositoryIndex}): merge the two into one.`,
      )
    }
    const runs = new Map<string, RunHistory>()
    repositories.set(repository.name, runs)
    for (const [runIndex, raw] of repository.runs.entries()) {
      const path = `/repositories/${repositoryIndex}/runs/${runIndex}`
      if (runs.has(raw.run)) {
        throw new HistoryFileError(
          `The history file lists the run "${raw.run}" of ${repository.name} twice (the second at ${path}): merge the two into one.`,
        )
      }
      const scans: number[] = []
      for (const step of raw.scans) scans.push(scans.length === 0 ? step : scans[scans.length - 1] + step)
      const newest = scans[scans.length - 1]
      const findings = new Map<string, FindingRecord>()
      for (const [findingIndex, values] of raw.findings.entries()) {
        const where = `The finding at ${path}/findings/${findingIndex}`
        const keyIndex = values[0] as number
        const key = file.keys[keyIndex]
        if (key === undefined) {
          throw new HistoryFileError(
            `${where} names key ${keyIndex}, but the file lists ${file.keys.length} keys: a finding names its key by its place in "keys", from 0.`,
          )
        }
        if (findings.has(key)) {
          throw new HistoryFileError(`${where} repeats the key "${key}" of its run: each finding is listed once a run.`)
        }
        findings.set(key, {
          severity: severityOfLetter[values[1] as string],
          scans: values[2] as number,
          stretches: decodeStretches(values, newest, where),
        })
      }
      runs.set(raw.run, {
        repository: repository.name,
        run: raw.run,
        tool: raw.tool,
        timeSource: raw.timeSource,
        scans,
        truncated: raw.truncated ?? false,
        findings,
      })
    }
  }
  return { generatedAt: file.generatedAt, history: { repositories } }
}
