import { parse as parseYaml, parseDocument } from 'yaml'

/** A policy document: YAML front matter, then markdown with level-tagged lines. */

export const LEVELS = ['Mandatory', 'Strongly Recommended', 'Recommended'] as const
export type Level = (typeof LEVELS)[number]

export interface PolicyMeta {
  title: string
  description: string
  scope: { framework: string; orgs: string }
  tags: string[]
  enforcementDefault: string
}

export type LineKind = 'heading' | 'section' | 'rule' | 'paragraph' | 'blank'

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
  /** '\r' for a line that ended in CRLF, so that it is written back the same. */
  eol: string
}

export interface ParsedPolicy {
  /** The front matter block exactly as written, fences and final newline included ('' when none). */
  frontMatter: string
  meta: PolicyMeta
  /** What was wrong with the front matter, when it could not be read. */
  metaError?: string
  lines: PolicyLine[]
}

const tagPattern = new RegExp(`^(.*?)(\\s*\\[(${LEVELS.join('|')})\\])$`)
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

function readMeta(yamlText: string): { meta: PolicyMeta; error?: string } {
  try {
    const data = parseYaml(yamlText) as Record<string, unknown> | null
    if (!data || typeof data !== 'object' || Array.isArray(data))
      return { meta: emptyMeta, error: 'The front matter is not a set of fields.' }
    const scope = (data.scope && typeof data.scope === 'object' ? data.scope : {}) as Record<string, unknown>
    return {
      meta: {
        title: text(data.title),
        description: text(data.description),
        scope: { framework: text(scope.framework), orgs: text(scope.orgs) },
        tags: Array.isArray(data.tags) ? data.tags.map(text).filter((tag) => tag !== '') : [],
        enforcementDefault: text(data.enforcementDefault),
      },
    }
  } catch (error) {
    return {
      meta: emptyMeta,
      error: `The front matter is not valid YAML: ${error instanceof Error ? error.message : String(error)}`,
    }
  }
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
  if (!tagged) return { kind, marker, text: rest, eol }
  return { kind, marker, text: tagged[1], tag: { level: tagged[3] as Level, raw: tagged[2] }, eol }
}

export function serializeLine(line: PolicyLine): string {
  return `${line.marker}${line.text}${line.tag?.raw ?? ''}${line.eol}`
}

export function parsePolicy(document: string): ParsedPolicy {
  const match = frontMatterPattern.exec(document)
  const frontMatter = match ? match[0] : ''
  const body = document.slice(frontMatter.length)
  const { meta, error } = match ? readMeta(match[1]) : { meta: emptyMeta, error: 'The document has no front matter.' }
  return { frontMatter, meta, metaError: error, lines: body.split('\n').map(parseLine) }
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
 * Replaces the text of body line `index`, keeping its marker and level tag, and rewrites the
 * document. Out of range (or not a rule or paragraph): undefined, and the document stays as it is.
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
