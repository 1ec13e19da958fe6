import { parse as parseYaml, parseDocument } from 'yaml'
import type { FindingSeverity } from './findings'
import { readSla, type SlaSettings } from './policy-sla'
import { prototypeFreeLookup } from '@/lib/prototype-free-lookup'

/**
 * A policy document: YAML front matter, then markdown with level-tagged lines. A rule line may
 * end with what checks it, before its level tag: `- Never render user HTML {cwe: 79, 80} [Mandatory]`.
 */

export const LEVELS = ['Mandatory', 'Strongly Recommended', 'Recommended'] as const
export type Level = (typeof LEVELS)[number]

export interface PolicyMeta {
  title: string
  description: string
  scope: { framework: string; orgs: string }
  tags: string[]
  enforcementDefault: string
  /** Days to fix per severity, when the front matter sets `sla:` (else `defaultSla` applies). */
  sla?: SlaSettings
}

export type LineKind = 'heading' | 'section' | 'rule' | 'paragraph' | 'blank'

/** The named checks of the `api` kind. */
export const API_CHECKS = ['sensitive-endpoints-need-auth'] as const
export type ApiCheck = (typeof API_CHECKS)[number]

/** The named checks of the `kev` kind: `overdue`, an open finding CISA's KEV catalogue lists past its due date. */
export const KEV_CHECKS = ['overdue'] as const
export type KevCheck = (typeof KEV_CHECKS)[number]

/**
 * What checks a rule line: a finding fails it by CWE, rule, severity or KEV due date; a repository
 * by its API.
 */
export interface RuleCheck {
  /** `CWE-79`. */
  cwes: string[]
  /** Rule ids, matched whole or as the last part of a longer id (`react-dangerouslysetinnerhtml`). */
  rules: string[]
  severities: FindingSeverity[]
  api: ApiCheck[]
  /** `overdue`: no open finding whose CVE CISA's KEV catalogue lists with a due date before today. */
  kev: KevCheck[]
}

export const CHECK_KINDS = ['cwe', 'rules', 'severity', 'api', 'kev'] as const

export interface PolicyLine {
  kind: LineKind
  /**
   * '# ', '## ', '- ' or '' for paragraphs and blank lines; '\\' for a paragraph whose text
   * would otherwise read as a heading, a rule or a blank line (`\\# x`, `\\   `).
   */
  marker: string
  text: string
  /** A recognised level tag and the exact text it was written as (with the space before it). */
  tag?: { level: Level; raw: string }
  /**
   * A rule line's check, `{cwe: 79, 80; rules: js/xss}`, the exact text it was written as (with
   * the space before it), and what is wrong with it: a check with problems checks what it can.
   */
  check?: { raw: string; spec: RuleCheck; problems: string[] }
  /** '\r' for a line that ended in CRLF, so that it is written back the same. */
  eol: string
}

export interface ParsedPolicy {
  /** The front matter block exactly as written, fences and final newline included ('' when none). */
  frontMatter: string
  meta: PolicyMeta
  /** What was wrong with the front matter, when it could not be read. */
  metaError?: string
  /** What was wrong with the front matter's `sla:` field: each such field keeps its default. */
  slaProblems?: string[]
  lines: PolicyLine[]
}

const tagPattern = new RegExp(`^(.*?)(\\s*\\[(${LEVELS.join('|')})\\])$`)
/** A brace group at the end that starts with a word and a colon: `{cwe: 79}`, `{rules: a; cwe: 1}`. */
const checkPattern = /^(.*?)(\s*\{\s*[A-Za-z][\w-]*\s*:[^{}]*\})$/
const trailingTagPattern = new RegExp(`\\[(${LEVELS.join('|')})\\]\\s*$`)
const frontMatterPattern = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/

const emptyMeta: PolicyMeta = {
  title: '',
  description: '',
  scope: { framework: '', orgs: '' },
  tags: [],
  enforcementDefault: '',
}

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : ''
}

function readMeta(yamlText: string): { meta: PolicyMeta; error?: string; slaProblems?: string[] } {
  try {
    const data = parseYaml(yamlText) as Record<string, unknown> | null
    if (!data || typeof data !== 'object' || Array.isArray(data))
      return { meta: emptyMeta, error: 'The front matter is not a set of fields.' }
    const scope = (data.scope && typeof data.scope === 'object' ? data.scope : {}) as Record<string, unknown>
    const meta: PolicyMeta = {
      title: text(data.title),
      description: text(data.description),
      scope: { framework: text(scope.framework), orgs: text(scope.orgs) },
      tags: Array.isArray(data.tags) ? data.tags.map(text).filter((tag) => tag !== '') : [],
      enforcementDefault: text(data.enforcementDefault),
    }
    if (data.sla === undefined) return { meta }
    const { sla, problems } = readSla(data.sla)
    return { meta: { ...meta, sla }, slaProblems: problems.length > 0 ? problems : undefined }
  } catch (error) {
    return {
      meta: emptyMeta,
      error: `The front matter is not valid YAML: ${error instanceof Error ? error.message : String(error)}`,
    }
  }
}

const severityWords = prototypeFreeLookup<FindingSeverity>({
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  unknown: 'Unknown',
})
const checkExamples: Record<(typeof CHECK_KINDS)[number], string> = {
  cwe: '{cwe: 79}',
  rules: '{rules: js/xss}',
  severity: '{severity: critical, high}',
  api: `{api: ${API_CHECKS[0]}}`,
  kev: `{kev: ${KEV_CHECKS[0]}}`,
}

/** Reads a check group, `{cwe: 79, 80; rules: js/xss}`: what it checks, and what is wrong with it. */
export function parseCheck(group: string): { spec: RuleCheck; problems: string[] } {
  const spec: RuleCheck = { cwes: [], rules: [], severities: [], api: [], kev: [] }
  const problems: string[] = []
  const inner = group.trim().replace(/^\{/, '').replace(/\}$/, '')
  for (const clause of inner.split(';')) {
    if (clause.trim() === '') continue
    const colon = clause.indexOf(':')
    if (colon < 0) {
      problems.push(`"${clause.trim()}" is not a check: write a kind, a colon and what it checks, such as {cwe: 79}.`)
      continue
    }
    const kind = clause.slice(0, colon).trim().toLowerCase()
    const values = clause
      .slice(colon + 1)
      .split(',')
      .map((value) => value.trim())
      .filter((value) => value !== '')
    if (!(CHECK_KINDS as readonly string[]).includes(kind)) {
      problems.push(`"${kind}" is not a kind of check: write cwe, rules, severity, api or kev, such as {cwe: 79}.`)
      continue
    }
    if (values.length === 0) {
      const example = checkExamples[kind as (typeof CHECK_KINDS)[number]]
      problems.push(`The ${kind} check names nothing: list what it checks after the colon, such as ${example}.`)
    }
    for (const value of values) {
      if (kind === 'cwe') {
        const match = /^(?:cwe[-_: ]?)?0*(\d{1,5})$/i.exec(value)
        if (match) spec.cwes.push(`CWE-${match[1]}`)
        else problems.push(`"${value}" is not a CWE id: write its number, such as {cwe: 79}.`)
      } else if (kind === 'rules') spec.rules.push(value)
      else if (kind === 'severity') {
        const severity = severityWords[value.toLowerCase()]
        if (severity) spec.severities.push(severity)
        else problems.push(`"${value}" is not a severity: write critical, high, medium, low or unknown.`)
      } else if (kind === 'kev') {
        const check = value.toLowerCase()
        if ((KEV_CHECKS as readonly string[]).includes(check)) spec.kev.push(check as KevCheck)
        else problems.push(`"${value}" is not a KEV check Vigil knows: write ${KEV_CHECKS.join(' or ')}.`)
      } else if ((API_CHECKS as readonly string[]).includes(value)) spec.api.push(value as ApiCheck)
      else problems.push(`"${value}" is not an API check Vigil knows: write ${API_CHECKS.join(' or ')}.`)
    }
  }
  return {
    spec: {
      cwes: [...new Set(spec.cwes)],
      rules: [...new Set(spec.rules)],
      severities: [...new Set(spec.severities)],
      api: [...new Set(spec.api)],
      kev: [...new Set(spec.kev)],
    },
    problems,
  }
}

/** A check as the document writes it: `{cwe: 79, 80; rules: js/xss}`; '' when it checks nothing. */
export function formatCheck(spec: RuleCheck): string {
  const clauses = [
    ['cwe', spec.cwes.map((cwe) => cwe.replace(/^CWE-/, ''))],
    ['rules', spec.rules],
    ['severity', spec.severities.map((severity) => severity.toLowerCase())],
    ['api', spec.api],
    ['kev', spec.kev],
  ] as const
  const written = clauses
    .filter(([, values]) => values.length > 0)
    .map(([kind, values]) => `${kind}: ${values.join(', ')}`)
  return written.length === 0 ? '' : `{${written.join('; ')}}`
}

const PARAGRAPH_ESCAPE = '\\'

/** True when the text, written as it is, would not read back as a paragraph. */
function needsEscape(text: string): boolean {
  return text.trim() === '' || text.startsWith('# ') || text.startsWith('## ') || text.startsWith('- ')
}

/** Reads one body line; a level tag counts only at the very end, in brackets, with a known level. */
export function parseLine(raw: string): PolicyLine {
  const eol = raw.endsWith('\r') ? '\r' : ''
  const content = eol ? raw.slice(0, -1) : raw
  if (content.startsWith(PARAGRAPH_ESCAPE)) {
    // Read as a paragraph that starts with a placeholder, so that the level tag is found as usual.
    const escaped = parseLine(`x${content.slice(PARAGRAPH_ESCAPE.length)}`)
    const text = escaped.text.slice(1)
    if (needsEscape(text)) return { ...escaped, kind: 'paragraph', marker: PARAGRAPH_ESCAPE, text, eol }
  }
  const [kind, marker]: [LineKind, string] = content.startsWith('# ')
    ? ['heading', '# ']
    : content.startsWith('## ')
      ? ['section', '## ']
      : content.startsWith('- ')
        ? ['rule', '- ']
        : content.trim() === ''
          ? ['blank', '']
          : ['paragraph', '']
  const rest = content.slice(marker.length)
  const tagged = kind === 'blank' ? null : tagPattern.exec(rest)
  const line: PolicyLine = tagged
    ? { kind, marker, text: tagged[1], tag: { level: tagged[3] as Level, raw: tagged[2] }, eol }
    : { kind, marker, text: rest, eol }
  const checked = kind === 'rule' ? checkPattern.exec(line.text) : null
  if (!checked) return line
  const { spec, problems } = parseCheck(checked[2])
  if (trailingTagPattern.test(checked[1]))
    problems.push('Write the level tag after the check, at the very end of the line: {cwe: 79} [Mandatory].')
  return { ...line, text: checked[1], check: { raw: checked[2], spec, problems } }
}

export function serializeLine(line: PolicyLine): string {
  return `${line.marker}${line.text}${line.check?.raw ?? ''}${line.tag?.raw ?? ''}${line.eol}`
}

export function parsePolicy(document: string): ParsedPolicy {
  const match = frontMatterPattern.exec(document)
  const frontMatter = match ? match[0] : ''
  const body = document.slice(frontMatter.length)
  const { meta, error, slaProblems } = match
    ? readMeta(match[1])
    : { meta: emptyMeta, error: 'The document has no front matter.', slaProblems: undefined }
  const policy: ParsedPolicy = { frontMatter, meta, metaError: error, lines: body.split('\n').map(parseLine) }
  return slaProblems ? { ...policy, slaProblems } : policy
}

export function serializePolicy(policy: ParsedPolicy): string {
  return policy.frontMatter + policy.lines.map(serializeLine).join('\n')
}

export const LINE_OUT_OF_BOUNDS = 'Failed to save text edit: line index out of bounds'

/** Lines whose text can be edited: rules and paragraphs. */
export function isEditable(line: PolicyLine | undefined): boolean {
  return line?.kind === 'rule' || line?.kind === 'paragraph'
}

/**
 * Replaces the text of body line `index`, keeping its marker, check and level tag, and rewrites
 * the document. Out of range (or not a rule or paragraph): undefined, and the document stays as it is.
 */
export function saveLineText(document: string, index: number, newText: string): string | undefined {
  const policy = parsePolicy(document)
  const line = Number.isInteger(index) ? policy.lines[index] : undefined
  if (!line || !isEditable(line)) return undefined
  const lines = [...policy.lines]
  const text = newText.replace(/[\r\n]+/g, ' ')
  // A paragraph stays a paragraph whatever it is edited to: `# x` or spaces are escaped.
  const marker = line.kind === 'paragraph' ? (needsEscape(text) ? PARAGRAPH_ESCAPE : '') : line.marker
  lines[index] = { ...line, marker, text }
  return serializePolicy({ ...policy, lines })
}

/**
 * Replaces the check of rule line `index` (`{cwe: 79}`, or '' to remove it), keeping its text and
 * level tag. Not a rule line, or a check that is no brace group: undefined, and nothing changes.
 */
export function saveLineCheck(document: string, index: number, check: string): string | undefined {
  const policy = parsePolicy(document)
  const line = Number.isInteger(index) ? policy.lines[index] : undefined
  const group = check.replace(/[\r\n]+/g, ' ').trim()
  if (line?.kind !== 'rule') return undefined
  if (group !== '' && checkPattern.exec(` ${group}`)?.[1] !== '') return undefined
  const lines = [...policy.lines]
  if (group === '') {
    const { check: _removed, ...rest } = line
    lines[index] = rest
  } else {
    const raw = ` ${group}`
    lines[index] = { ...line, check: { raw, ...parseCheck(raw) } }
  }
  return serializePolicy({ ...policy, lines })
}

/** Tag text split on commas, trimmed, empties dropped. */
export function splitTags(value: string): string[] {
  return value
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '')
}

/** Writes the tags into the front matter, leaving every other field as it was written. */
export function saveTags(document: string, tags: string[]): string {
  const policy = parsePolicy(document)
  const match = frontMatterPattern.exec(document)
  // Front matter that does not parse is kept exactly as written, never rewritten.
  if (!match || policy.metaError) return document
  const yamlDocument = parseDocument(match[1])
  yamlDocument.set('tags', yamlDocument.createNode(tags, { flow: false }))
  const newline = match[0].includes('\r\n') ? '\r\n' : '\n'
  const fields = yamlDocument.toString().replace(/\n$/, '').split('\n').join(newline)
  const closing = match[0].endsWith('\n') ? newline : ''
  return serializePolicy({ ...policy, frontMatter: `---${newline}${fields}${newline}---${closing}` })
}
