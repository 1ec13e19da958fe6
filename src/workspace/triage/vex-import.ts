import { asArray, asObject, asObjects, asText, isObject, own, type JsonObject } from '@/workspace/files/json'
import { justifications, scopeKey, type Decision, type DecisionState, type Justification } from './decision'
import { canonicalPackageUrl, parsePackageUrl } from './package-url'
import { prototypeFreeLookup } from '@/lib/prototype-free-lookup'

/** Why a file could not be taken as VEX, in words a person can act on. */
export class VexImportError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'VexImportError'
  }
}

export type VexFormat = 'openvex' | 'cyclonedx-vex'

export interface VexImport {
  format: VexFormat
  /** One decision per advisory and package (or per advisory, when no package is named), newest statement first wins. */
  decisions: Decision[]
  /** Statements left out or changed, in words. */
  warnings: string[]
}

/** OpenVEX or CycloneDX VEX: a CycloneDX file counts as VEX when every vulnerability carries an analysis. */
export function detectVex(document: unknown): VexFormat | undefined {
  if (!isObject(document)) return undefined
  const context = asText(own(document, '@context'))
  if (context?.startsWith('https://openvex.dev/ns')) return 'openvex'
  if (own(document, 'bomFormat') === 'CycloneDX') {
    const vulnerabilities = asObjects(own(document, 'vulnerabilities'))
    if (vulnerabilities.length > 0 && vulnerabilities.every((entry) => isObject(own(entry, 'analysis'))))
      return 'cyclonedx-vex'
  }
  return undefined
}

const fromCycloneDx = prototypeFreeLookup<Justification>({
  code_not_present: 'vulnerable_code_not_present',
  code_not_reachable: 'vulnerable_code_not_in_execute_path',
  requires_configuration: 'vulnerable_code_cannot_be_controlled_by_adversary',
  requires_dependency: 'vulnerable_code_cannot_be_controlled_by_adversary',
  requires_environment: 'vulnerable_code_cannot_be_controlled_by_adversary',
  protected_by_compiler: 'inline_mitigations_already_exist',
  protected_at_runtime: 'inline_mitigations_already_exist',
  protected_at_perimeter: 'inline_mitigations_already_exist',
  protected_by_mitigating_control: 'inline_mitigations_already_exist',
})

const openVexStates = prototypeFreeLookup<DecisionState>({
  not_affected: 'not-affected',
  affected: 'affected',
  fixed: 'fixed',
  under_investigation: 'in-triage',
})

const cycloneDxStates = prototypeFreeLookup<DecisionState>({
  not_affected: 'not-affected',
  false_positive: 'false-positive',
  exploitable: 'affected',
  in_triage: 'in-triage',
  resolved: 'fixed',
  resolved_with_pedigree: 'fixed',
})

/** A purl written the way scopes compare them, or undefined when the text is none. */
function purlOf(text: string | undefined): string | undefined {
  const identity = text === undefined ? undefined : parsePackageUrl(text)
  return identity ? canonicalPackageUrl(identity) : undefined
}

interface Statement {
  advisoryId: string
  purls: (string | undefined)[]
  state: DecisionState
  justification?: Justification
  reason: string
  time: number
  where: string
}

/** A not-affected statement without a justification Vigil knows cannot be logged as such: in triage, said why. */
function settle(statement: Statement, warnings: string[]): Statement {
  if (statement.state !== 'not-affected' || statement.justification) return statement
  warnings.push(
    `${statement.where} says ${statement.advisoryId} does not affect it without one of the five justifications: imported as in triage, for the team to choose one.`,
  )
  return { ...statement, state: 'in-triage' }
}

function openVexStatements(document: JsonObject, warnings: string[]): Statement[] {
  const author = asText(own(document, 'author'))
  const documentTime = Date.parse(asText(own(document, 'timestamp')) ?? '')
  return asObjects(own(document, 'statements')).flatMap((statement, index) => {
    const where = `Statement ${index + 1}`
    const vulnerability = own(statement, 'vulnerability')
    const advisoryId = isObject(vulnerability) ? asText(own(vulnerability, 'name')) : asText(vulnerability)
    const state = openVexStates[asText(own(statement, 'status')) ?? '']
    if (!advisoryId || !state) {
      warnings.push(`${where} names no vulnerability or no status Vigil knows: left out.`)
      return []
    }
    const purls = asObjects(own(statement, 'products')).flatMap((product) => {
      const subcomponents = asObjects(own(product, 'subcomponents'))
      const components = subcomponents.length > 0 ? subcomponents : [product]
      return components.map((component) =>
        purlOf(asText(own(asObject(own(component, 'identifiers')), 'purl')) ?? asText(own(component, '@id'))),
      )
    })
    const justification = asText(own(statement, 'justification'))
    const words = [
      own(statement, 'impact_statement'),
      own(statement, 'action_statement'),
      own(statement, 'status_notes'),
    ]
      .map(asText)
      .filter(Boolean)
      .join(' ')
    const time = Date.parse(asText(own(statement, 'timestamp')) ?? '')
    return [
      settle(
        {
          advisoryId,
          purls: purls.length ? purls : [undefined],
          state,
          justification: justifications.includes(justification as Justification)
            ? (justification as Justification)
            : undefined,
          reason: [words, author ? `(OpenVEX by ${author})` : '(OpenVEX)'].filter(Boolean).join(' '),
          time: Number.isNaN(time) ? documentTime : time,
          where,
        },
        warnings,
      ),
    ]
  })
}

/** Every component of a BOM, nested ones and the BOM's subject included, by bom-ref. */
function componentPurls(document: JsonObject): Map<string, string | undefined> {
  const byRef = new Map<string, string | undefined>()
  const stack = [own(asObject(own(document, 'metadata')), 'component'), ...asArray(own(document, 'components'))]
  while (stack.length) {
    const component = stack.pop()
    if (!isObject(component)) continue
    const ref = asText(own(component, 'bom-ref'))
    if (ref) byRef.set(ref, purlOf(asText(own(component, 'purl'))))
    stack.push(...asArray(own(component, 'components')))
  }
  return byRef
}

function cycloneDxStatements(document: JsonObject, warnings: string[]): Statement[] {
  const components = componentPurls(document)
  const documentTime = Date.parse(asText(own(asObject(own(document, 'metadata')), 'timestamp')) ?? '')
  return asObjects(own(document, 'vulnerabilities')).flatMap((vulnerability, index) => {
    const where = `Vulnerability ${index + 1}`
    const advisoryId = asText(own(vulnerability, 'id'))
    const analysis = asObject(own(vulnerability, 'analysis'))
    const state = cycloneDxStates[asText(own(analysis, 'state')) ?? '']
    if (!advisoryId || !state) {
      warnings.push(`${where} names no id or no analysis state Vigil knows: left out.`)
      return []
    }
    const purls = asObjects(own(vulnerability, 'affects')).map((affect) => {
      const ref = asText(own(affect, 'ref'))
      return ref === undefined ? undefined : components.has(ref) ? components.get(ref) : purlOf(ref)
    })
    const responses = asArray(own(analysis, 'response')).filter((response) => typeof response === 'string')
    const time = Date.parse(asText(own(analysis, 'lastUpdated')) ?? asText(own(analysis, 'firstIssued')) ?? '')
    return [
      settle(
        {
          advisoryId,
          purls: purls.length ? purls : [undefined],
          state,
          justification: fromCycloneDx[asText(own(analysis, 'justification')) ?? ''],
          reason: [asText(own(analysis, 'detail')), responses.length ? `(response: ${responses.join(', ')})` : '']
            .filter(Boolean)
            .join(' '),
          time: Number.isNaN(time) ? documentTime : time,
          where,
        },
        warnings,
      ),
    ]
  })
}

/**
 * Reads an OpenVEX or CycloneDX VEX document as decisions over the findings other tools reported in
 * `repository`: per advisory and package purl the document names, or per advisory in the repository
 * when it names none. Of two statements about the same advisory and package, the newer counts.
 */
export function importVex(text: string, repository: string): VexImport {
  let document: unknown
  try {
    document = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (error) {
    throw new VexImportError(
      `The VEX file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const format = detectVex(document)
  if (!format) {
    throw new VexImportError(
      isObject(document) && own(document, 'bomFormat') === 'CycloneDX'
        ? 'This CycloneDX file reports vulnerabilities without an analysis: it is a scan, not VEX. Import it as a scan file.'
        : 'The file is neither OpenVEX (an "@context" of https://openvex.dev/ns) nor CycloneDX VEX (vulnerabilities with an analysis).',
    )
  }
  const warnings: string[] = []
  const statements =
    format === 'openvex'
      ? openVexStatements(document as JsonObject, warnings)
      : cycloneDxStatements(document as JsonObject, warnings)
  const newest = new Map<string, { decision: Decision; time: number }>()
  for (const statement of statements) {
    for (const purl of new Set(statement.purls)) {
      const decision: Decision = {
        state: statement.state,
        scope: { kind: 'advisory', repository, advisoryId: statement.advisoryId, ...(purl ? { purl } : {}) },
        reason: statement.reason,
        ...(statement.justification && statement.state === 'not-affected'
          ? { justification: statement.justification }
          : {}),
      }
      const key = scopeKey(decision.scope)
      const known = newest.get(key)
      if (!known || !(statement.time < known.time)) newest.set(key, { decision, time: statement.time })
    }
  }
  if (newest.size === 0) throw new VexImportError('The VEX file has no statement Vigil can use.')
  return { format, decisions: [...newest.values()].map(({ decision }) => decision), warnings }
}
