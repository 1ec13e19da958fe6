import {
  asArray,
  asNumber,
  asObject,
  asObjects,
  asStrings,
  asText,
  own,
  unique,
  valueText,
  type JsonObject,
} from '@/workspace/files/json'
import type { SecuritySeverity } from '@/workspace/model/model'
import { severityOfScore, severityOfWord } from '@/workspace/model/severity'

/**
 * A SARIF result's rule and its words: the rule a result refers to, what the rule says (title,
 * CWEs, security severity, aliases, package URLs, CVSS vectors), and the result's message with
 * its arguments filled in.
 */

/** CWE ids from tags in their real spellings: `external/cwe/cwe-079`, `CWE-22: …`, `cwe:79`. */
export function cwesOf(tags: unknown[]): string[] {
  const found: string[] = []
  for (const tag of tags) {
    if (typeof tag !== 'string') continue
    const match = /(?:^|[/\s])cwe[-_:/ ]?0*(\d{1,5})\b/i.exec(tag)
    if (match) found.push(`CWE-${match[1]}`)
  }
  return unique(found)
}

const [OPEN, CLOSE, ZERO, NINE] = ['{', '}', '0', '9'].map((char) => char.charCodeAt(0))

/** `{0}`-style placeholders filled from the message's arguments; `{{` and `}}` are braces. */
export function fillArguments(text: string, args: unknown[]): string {
  // Read left to right as the pattern /\{\{|\}\}|\{(\d+)\}/g would, without a callback per placeholder.
  let out = ''
  let copied = 0
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at)
    if (char !== OPEN && char !== CLOSE) continue
    if (text.charCodeAt(at + 1) === char) {
      out += text.slice(copied, at + 1)
      copied = at + 2
      at += 1
      continue
    }
    if (char === CLOSE) continue
    let end = at + 1
    while (end < text.length && text.charCodeAt(end) >= ZERO && text.charCodeAt(end) <= NINE) end++
    if (end === at + 1 || text.charCodeAt(end) !== CLOSE) continue
    const value = args[Number(text.slice(at + 1, end))]
    if (value !== undefined) {
      out += text.slice(copied, at) + valueText(value)
      copied = end + 1
    }
    at = end
  }
  return copied === 0 ? text : out + text.slice(copied)
}

/**
 * A `security-severity` as SARIF writers give it: a CVSS-like score as a number or text (CodeQL
 * "8.8"), or a word (Semgrep "HIGH"). Zero, or a word that is no severity, is none.
 */
export function securitySeverityOf(value: unknown): SecuritySeverity | undefined {
  const score = asNumber(value)
  if (score !== undefined) {
    const band = severityOfScore(score)
    return band === 'Unknown' ? undefined : { band, score }
  }
  const band = severityOfWord(value)
  return band === 'Unknown' ? undefined : { band }
}

export interface ToolComponent {
  name: string
  rules: JsonObject[]
  byId: Map<string, JsonObject>
}

export function toolComponent(value: unknown): ToolComponent {
  const component = asObject(value)
  const rules = asObjects(own(component, 'rules'))
  const byId = new Map<string, JsonObject>()
  for (const rule of rules) {
    const id = asText(own(rule, 'id'))
    if (id && !byId.has(id)) byId.set(id, rule)
  }
  return { name: asText(own(component, 'name')) ?? 'unknown tool', rules, byId }
}

/** The rule a result refers to: by index or id, in the driver or the extension it names, else any. */
export function findRule(
  result: JsonObject,
  driver: ToolComponent,
  extensions: ToolComponent[],
): JsonObject | undefined {
  const reference = asObject(own(result, 'rule'))
  const componentIndex = asNumber(own(asObject(own(reference, 'toolComponent')), 'index'))
  const component =
    componentIndex !== undefined && Number.isInteger(componentIndex) ? (extensions[componentIndex] ?? driver) : driver
  const index = asNumber(own(reference, 'index')) ?? asNumber(own(result, 'ruleIndex'))
  if (index !== undefined && Number.isInteger(index) && index >= 0 && component.rules[index]) {
    return component.rules[index]
  }
  const id = asText(own(reference, 'id')) ?? asText(own(result, 'ruleId'))
  if (!id) return undefined
  // A hierarchical id (`rule/sub`) falls back to its base rule.
  for (const candidate of [component, driver, ...extensions]) {
    const rule = candidate.byId.get(id) ?? candidate.byId.get(id.split('/')[0])
    if (rule) return rule
  }
  return undefined
}

export function messageText(result: JsonObject, rule: JsonObject | undefined): string | undefined {
  const message = asObject(own(result, 'message'))
  const args = asArray(own(message, 'arguments'))
  const id = asText(own(message, 'id'))
  const fromRule = id ? asText(own(asObject(own(asObject(own(rule ?? {}, 'messageStrings')), id)), 'text')) : undefined
  const text = asText(own(message, 'text')) ?? fromRule ?? asText(own(message, 'markdown'))
  return text === undefined ? undefined : fillArguments(text, args)
}

export const textOf = (value: unknown) => asText(own(asObject(value), 'text'))

export interface RuleFacts {
  level: string
  name?: string
  title?: string
  fullDescription?: string
  help?: string
  helpUri?: string
  cwes: string[]
  securitySeverity?: SecuritySeverity
  /** Aliases of an advisory rule (OSV-Scanner writes them as `deprecatedIds`). */
  aliases: string[]
  purls: string[]
  vectors: string[]
}

export function ruleFacts(rule: JsonObject): RuleFacts {
  const properties = asObject(own(rule, 'properties'))
  return {
    level: asText(own(asObject(own(rule, 'defaultConfiguration')), 'level')) ?? 'warning',
    name: asText(own(rule, 'name')),
    title: textOf(own(rule, 'shortDescription')) ?? asText(own(rule, 'name')),
    fullDescription: textOf(own(rule, 'fullDescription')),
    help: textOf(own(rule, 'help')),
    helpUri: asText(own(rule, 'helpUri')),
    cwes: cwesOf(asArray(own(properties, 'tags'))),
    securitySeverity: securitySeverityOf(own(properties, 'security-severity')),
    aliases: asStrings(own(rule, 'deprecatedIds')),
    purls: asStrings(own(properties, 'purls')),
    // Trivy copies its CVSS vectors into the rule's properties.
    vectors: ['cvssv40_vector', 'cvssv3_vector', 'cvssv2_vector']
      .map((name) => asText(own(properties, name)))
      .filter((vector): vector is string => vector !== undefined),
  }
}
