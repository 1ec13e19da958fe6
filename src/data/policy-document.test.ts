import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LEVELS, parseLine, parsePolicy, saveLineText, saveTags, serializePolicy, splitTags } from './policy-document'
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
