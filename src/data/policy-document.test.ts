import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  API_CHECKS,
  formatCheck,
  KEV_CHECKS,
  LEVELS,
  parseCheck,
  parseLine,
  parsePolicy,
  saveLineCheck,
  saveLineText,
  saveTags,
  serializePolicy,
  splitTags,
} from './policy-document'
import { samplePolicyDocument } from './sample-policy'

const levelArbitrary = fc.constantFrom(...LEVELS)
/** Lines made of the characters that matter to the parser. */
const lineArbitrary = fc.oneof(
  fc.string(),
  fc
    .tuple(
      fc.constantFrom('', '# ', '## ', '- ', '-', '#', '  '),
      fc.string({ unit: fc.constantFrom('a', ' ', '[', ']', '\r', '#', '-', 'x') }),
      fc.constantFrom(
        '',
        ' [Mandatory]',
        '[Recommended]',
        ' [Strongly Recommended]',
        ' [Optional]',
        ' [mandatory]',
        ' [Mandatory] ',
        '\r',
      ),
    )
    .map((parts) => parts.join('')),
)
const documentArbitrary = fc
  .tuple(
    fc.constantFrom(
      '',
      '---\ntitle: T\ntags: [a]\n---\n',
      '---\r\ntitle: T\r\n---\r\n',
      '---\n: bad yaml: [\n---\n',
      '---\n',
    ),
    fc.array(lineArbitrary, { maxLength: 30 }),
  )
  .map(([front, lines]) => front + lines.join('\n'))

describe('policy document parser', () => {
  it('reads the sample: front matter, headings, sections and tagged rules', () => {
    const policy = parsePolicy(samplePolicyDocument)
    expect(policy.meta).toEqual({
      title: 'React Security Best Practices',
      description: 'Baseline security rules for React single-page applications, from rendering to routing.',
      scope: { framework: 'React', orgs: 'All' },
      tags: ['frontend', 'security'],
      enforcementDefault: 'Recommended',
    })
    expect(policy.metaError).toBeUndefined()
    const sections = policy.lines.filter((line) => line.kind === 'section').map((line) => line.text)
    expect(sections).toEqual([
      'Cross-site scripting (XSS)',
      'Component-level security',
      'State and context',
      'Dependencies and supply chain',
      'Authentication',
      'Secure headers and CSP',
      'Routing and redirection',
      'Forms and user input',
      'Miscellaneous',
    ])
    expect(policy.lines.filter((line) => line.kind === 'rule').every((line) => line.tag)).toBe(true)
  })

  it('writes every document back unchanged: serialize(parse(doc)) === doc', () => {
    expect(serializePolicy(parsePolicy(samplePolicyDocument))).toBe(samplePolicyDocument)
    fc.assert(fc.property(documentArbitrary, (document) => serializePolicy(parsePolicy(document)) === document))
    fc.assert(fc.property(fc.string(), (document) => serializePolicy(parsePolicy(document)) === document))
  })

  it('recognises a level tag only at the end of a line, in square brackets, with an allowed value', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '.') }), levelArbitrary, (text, level) => {
        const line = parseLine(`- ${text} [${level}]`)
        return line.tag?.level === level && line.text === text.replace(/\s+$/, '')
      }),
    )
    expect(parseLine('- Do this [Mandatory] later').tag).toBeUndefined()
    expect(parseLine('- Do this [Mandatory] ').tag).toBeUndefined()
    expect(parseLine('- Do this (Mandatory)').tag).toBeUndefined()
    expect(parseLine('- Do this [Optional]').tag).toBeUndefined()
    expect(parseLine('- Do this [mandatory]').tag).toBeUndefined()
    expect(parseLine('## Heading [Strongly Recommended]')).toMatchObject({ kind: 'section', text: 'Heading' })
  })

  it('keeps a line’s level tag when its text is edited', () => {
    fc.assert(
      fc.property(
        levelArbitrary,
        fc.string({ unit: fc.constantFrom('a', 'b', ' ', '<', '>') }).filter((text) => text.trim() !== ''),
        (level, newText) => {
          const document = `# Title\n- old rule [${level}]\nplain paragraph`
          const edited = saveLineText(document, 1, newText) as string
          const line = parsePolicy(edited).lines[1]
          return (
            line.kind === 'rule' && line.tag?.level === level && edited.split('\n')[1] === `- ${newText} [${level}]`
          )
        },
      ),
    )
    expect(saveLineText('- a [Mandatory]\r\nnext', 0, 'b')).toBe('- b [Mandatory]\r\nnext')
    expect(saveLineText('para', 0, 'two\nlines')).toBe('two lines')
  })

  it('changes nothing for an out-of-range index or a line that is not a rule or paragraph', () => {
    fc.assert(
      fc.property(documentArbitrary, fc.integer(), (document, index) => {
        const lines = parsePolicy(document).lines
        fc.pre(index < 0 || index >= lines.length)
        return saveLineText(document, index, 'anything') === undefined
      }),
    )
    expect(saveLineText('# Heading', 0, 'x')).toBeUndefined()
    expect(saveLineText('- rule', 0.5, 'x')).toBeUndefined()
  })

  it.each(['# x', '## x', '- x', '   ', ''])(
    'keeps a paragraph edited to %j a paragraph, written back as escaped',
    (text) => {
      const document = '---\ntitle: T\n---\nA paragraph [Mandatory]\n- rule'
      const edited = saveLineText(document, 0, text) as string
      const line = parsePolicy(edited).lines[0]
      // Spaces before the tag are the tag's own: a paragraph of spaces reads back empty.
      expect(line).toMatchObject({ kind: 'paragraph', text: text.trim() ? text : '', tag: { level: 'Mandatory' } })
      expect(serializePolicy(parsePolicy(edited))).toBe(edited)
      // Edited back to ordinary text, the escape goes.
      expect(saveLineText(edited, 0, 'Plain')).toMatch(/^---\ntitle: T\n---\nPlain +\[Mandatory\]\n- rule$/)
    },
  )

  it('leaves front matter that does not parse exactly as written when tags are saved', () => {
    const document = '---\ntitle: [broken\n---\n- rule'
    expect(saveTags(document, ['a'])).toBe(document)
  })

  it('splits tags on commas, trims them and drops empties', () => {
    expect(splitTags(' frontend, security ,, react ,')).toEqual(['frontend', 'security', 'react'])
    expect(splitTags(' , ')).toEqual([])
  })

  it('writes tags into the front matter and leaves the rest as written', () => {
    const edited = saveTags(samplePolicyDocument, ['frontend', 'spa'])
    expect(parsePolicy(edited).meta.tags).toEqual(['frontend', 'spa'])
    expect(parsePolicy(edited).meta.title).toBe('React Security Best Practices')
    expect(edited.slice(edited.indexOf('# React'))).toBe(
      samplePolicyDocument.slice(samplePolicyDocument.indexOf('# React')),
    )
    expect(saveTags('no front matter', ['x'])).toBe('no front matter')
  })

  it('reports front matter that is not valid YAML', () => {
    expect(parsePolicy('---\ntitle: [unclosed\n---\nbody').metaError).toMatch(/not valid YAML/)
    expect(parsePolicy('body only').metaError).toBe('The document has no front matter.')
  })
})

describe('policy checks in rule lines', () => {
  it('reads the check at the end of a rule line, before its level tag', () => {
    expect(parseLine('- Never render user HTML {cwe: 79, CWE-080} [Mandatory]')).toEqual({
      kind: 'rule',
      marker: '- ',
      text: 'Never render user HTML',
      check: {
        raw: ' {cwe: 79, CWE-080}',
        spec: { cwes: ['CWE-79', 'CWE-80'], rules: [], severities: [], api: [], kev: [] },
        problems: [],
      },
      tag: { level: 'Mandatory', raw: ' [Mandatory]' },
      eol: '',
    })
    expect(parseLine('- Escape {rules: js/xss, react-dangerouslysetinnerhtml; cwe: 79}').check?.spec).toEqual({
      cwes: ['CWE-79'],
      rules: ['js/xss', 'react-dangerouslysetinnerhtml'],
      severities: [],
      api: [],
      kev: [],
    })
    expect(
      parseLine('- No known criticals {severity: Critical, high} [Strongly Recommended]').check?.spec.severities,
    ).toEqual(['Critical', 'High'])
    expect(parseLine('- Sensitive endpoints need auth {api: sensitive-endpoints-need-auth}').check?.spec.api).toEqual([
      'sensitive-endpoints-need-auth',
    ])
  })

  it('reads the KEV check: no open finding past the due date CISA’s KEV catalogue gives it', () => {
    expect(parseLine('- Fix known exploited vulnerabilities by their KEV due date {kev: overdue} [Mandatory]')).toEqual(
      {
        kind: 'rule',
        marker: '- ',
        text: 'Fix known exploited vulnerabilities by their KEV due date',
        check: {
          raw: ' {kev: overdue}',
          spec: { cwes: [], rules: [], severities: [], api: [], kev: ['overdue'] },
          problems: [],
        },
        tag: { level: 'Mandatory', raw: ' [Mandatory]' },
        eol: '',
      },
    )
    expect(parseCheck('{KEV: Overdue; severity: critical}')).toEqual({
      spec: { cwes: [], rules: [], severities: ['Critical'], api: [], kev: ['overdue'] },
      problems: [],
    })
    expect(formatCheck(parseCheck('{kev: overdue, OVERDUE; severity: critical}').spec)).toBe(
      '{severity: critical; kev: overdue}',
    )
    const document = '---\ntitle: T\n---\n- Patch KEV findings in time {kev: overdue} [Mandatory]'
    expect(serializePolicy(parsePolicy(document))).toBe(document)
  })

  it('leaves braces that are no check, and braces outside rule lines, as text', () => {
    expect(parseLine('- Render {value} as text [Recommended]')).toMatchObject({ text: 'Render {value} as text' })
    expect(parseLine('- Render {value} as text').check).toBeUndefined()
    expect(parseLine('A paragraph {cwe: 79} [Mandatory]')).toMatchObject({ text: 'A paragraph {cwe: 79}' })
    expect(parseLine('## Section {cwe: 79}').check).toBeUndefined()
    expect(parseLine('- {cwe: 79} in the middle [Mandatory]').check).toBeUndefined()
  })

  it.each([
    ['- x {cwes: 79}', '"cwes" is not a kind of check: write cwe, rules, severity, api or kev'],
    ['- x {cwe: xss}', '"xss" is not a CWE id: write its number, such as {cwe: 79}.'],
    ['- x {severity: urgent}', '"urgent" is not a severity: write critical, high, medium, low or unknown.'],
    ['- x {api: everything}', '"everything" is not an API check Vigil knows: write sensitive-endpoints-need-auth.'],
    ['- x {kev: late}', '"late" is not a KEV check Vigil knows: write overdue.'],
    ['- x {kev: }', 'The kev check names nothing: list what it checks after the colon, such as {kev: overdue}.'],
    ['- x {rules: }', 'The rules check names nothing: list what it checks after the colon, such as {rules: js/xss}.'],
    ['- x {cwe: 79; oops}', '"oops" is not a check: write a kind, a colon and what it checks'],
    ['- x [Mandatory] {cwe: 79}', 'Write the level tag after the check, at the very end of the line'],
  ])('says what is wrong with %s', (line, problem) => {
    const check = parseLine(line).check
    expect(check?.problems.join(' ')).toContain(problem)
  })

  it('writes every document with checks back unchanged', () => {
    const withChecks = fc
      .array(
        fc
          .tuple(
            fc.constantFrom('- ', '', '## '),
            fc.string({ unit: fc.constantFrom('a', ' ', '{', '}', ':', ';', ',', '[') }),
            fc.constantFrom('', ' {cwe: 79}', '{rules: a, b; severity: high}', ' { api : x }', ' {x}', '  {cwe:}'),
            fc.constantFrom('', ' [Mandatory]', ' [Recommended]', '\r'),
          )
          .map((parts) => parts.join('')),
        { maxLength: 20 },
      )
      .map((lines) => `---\ntitle: T\n---\n${lines.join('\n')}`)
    fc.assert(fc.property(withChecks, (document) => serializePolicy(parsePolicy(document)) === document))
  })

  it('keeps a rule line’s check and level tag when its text is edited', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LEVELS),
        fc.constantFrom(
          ' {cwe: 79, 80}',
          ' {rules: js/xss; severity: critical}',
          '  {api: sensitive-endpoints-need-auth}',
        ),
        fc
          .string({ unit: fc.constantFrom('a', 'b', ' ', '{', '}', ':', '[', ']') })
          .filter((text) => text.trim() !== ''),
        (level, check, newText) => {
          const document = `---\ntitle: T\n---\n# Title\n- old rule${check} [${level}]`
          const edited = saveLineText(document, 1, newText) as string
          const line = parsePolicy(edited).lines[1]
          expect(line.tag?.level).toBe(level)
          // Spaces the new text ends with go to the check, as they go to a level tag.
          expect(line.check?.raw.trim()).toBe(check.trim())
          expect(line.text).toBe(newText.replace(/\s+$/, ''))
          expect(serializePolicy(parsePolicy(edited))).toBe(edited)
        },
      ),
    )
  })

  it('adds, replaces and removes a rule line’s check, keeping its text and level tag', () => {
    const document = '---\ntitle: T\n---\n- Escape output [Mandatory]\nA paragraph'
    const added = saveLineCheck(document, 0, '{cwe: 79}') as string
    expect(added).toBe('---\ntitle: T\n---\n- Escape output {cwe: 79} [Mandatory]\nA paragraph')
    const replaced = saveLineCheck(added, 0, ' {rules: js/xss} ') as string
    expect(replaced).toBe('---\ntitle: T\n---\n- Escape output {rules: js/xss} [Mandatory]\nA paragraph')
    expect(saveLineCheck(replaced, 0, '')).toBe(document)
    expect(saveLineCheck(document, 0, 'cwe: 79')).toBeUndefined()
    expect(saveLineCheck(document, 0, 'text {cwe: 79}')).toBeUndefined()
    expect(saveLineCheck(document, 1, '{cwe: 79}')).toBeUndefined()
    expect(saveLineCheck(document, 7, '{cwe: 79}')).toBeUndefined()
  })

  it('writes a check in one spelling that reads back the same', () => {
    expect(formatCheck(parseCheck('{ CWE: CWE-79 ,80; severity: HIGH; rules: a }').spec)).toBe(
      '{cwe: 79, 80; rules: a; severity: high}',
    )
    expect(formatCheck({ cwes: [], rules: [], severities: [], api: [], kev: [] })).toBe('')
    const spec = fc.record({
      cwes: fc.uniqueArray(
        fc.integer({ min: 1, max: 99999 }).map((n) => `CWE-${n}`),
        { maxLength: 3 },
      ),
      rules: fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9./-]{0,20}$/), { maxLength: 3 }),
      severities: fc.uniqueArray(fc.constantFrom(...(['Critical', 'High', 'Medium', 'Low', 'Unknown'] as const))),
      api: fc.uniqueArray(fc.constantFrom(...API_CHECKS)),
      kev: fc.uniqueArray(fc.constantFrom(...KEV_CHECKS)),
    })
    fc.assert(
      fc.property(spec, (value) => {
        const text = formatCheck(value)
        if (text === '') return
        expect(parseCheck(text)).toEqual({ spec: value, problems: [] })
        expect(parseLine(`- rule ${text} [Mandatory]`).check?.spec).toEqual(value)
      }),
    )
  })
})

describe('policy SLA in the front matter', () => {
  it('reads the sla field, and says what is wrong with it without blocking the rest', () => {
    const document = '---\ntitle: T\nsla:\n  critical: 3\n  high: soon\n  inTriagePauses: true\n---\n- rule'
    const policy = parsePolicy(document)
    expect(policy.meta.sla).toEqual({
      days: { Critical: 3, High: 30, Medium: 90, Low: 180, Unknown: undefined },
      inTriagePauses: true,
    })
    expect(policy.slaProblems).toEqual([
      'The sla for high is a whole number of days from 1 to 3650, or none (it is "soon").',
    ])
    expect(policy.metaError).toBeUndefined()
    expect(parsePolicy(samplePolicyDocument).meta.sla).toBeUndefined()
    expect(parsePolicy(samplePolicyDocument).slaProblems).toBeUndefined()
    // Saving tags leaves the sla field as it was written.
    expect(saveTags(document, ['x'])).toContain('sla:\n  critical: 3\n  high: soon\n  inTriagePauses: true\n')
  })
})

describe('check words named like Object members', () => {
  it('reads {severity: constructor} as a severity it does not know', () => {
    const { spec, problems } = parseCheck('{severity: constructor, toString}')
    expect(spec.severities).toEqual([])
    expect(problems).toEqual([
      '"constructor" is not a severity: write critical, high, medium, low or unknown.',
      '"toString" is not a severity: write critical, high, medium, low or unknown.',
    ])
  })
})
