import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cwesOf, fillArguments, securitySeverityOf } from './sarif-rules'

describe('what a SARIF rule says', () => {
  it.each([
    ['8.8', { band: 'High', score: 8.8 }],
    [9.8, { band: 'Critical', score: 9.8 }],
    ['4.0', { band: 'Medium', score: 4 }],
    ['0.1', { band: 'Low', score: 0.1 }],
    ['CRITICAL', { band: 'Critical' }],
    ['HIGH', { band: 'High' }],
    ['Medium', { band: 'Medium' }],
    ['LOW', { band: 'Low' }],
    ['0.0', undefined],
    ['INFO', undefined],
    ['11', undefined],
    [undefined, undefined],
  ])('reads security-severity %j as %j', (value, severity) => {
    expect(securitySeverityOf(value)).toEqual(severity)
  })

  it('fills message arguments as the SARIF pattern reads them, for any text and arguments', () => {
    const byPattern = (text: string, args: unknown[]) =>
      text.replace(/\{\{|\}\}|\{(\d+)\}/g, (match, index: string | undefined) => {
        if (match === '{{') return '{'
        if (match === '}}') return '}'
        const value = args[Number(index)]
        return value === undefined ? match : String(value)
      })
    const piece = fc.constantFrom('{', '}', '{{', '}}', '{0}', '{1}', '{12}', '{01}', '{x}', '0', 'a b', '{}', '}{')
    fc.assert(
      fc.property(
        fc.array(fc.oneof(piece, fc.string())),
        fc.array(fc.oneof(fc.string(), fc.integer())),
        (parts, args) => {
          const text = parts.join('')
          expect(fillArguments(text, args)).toBe(byPattern(text, args))
        },
      ),
    )
  })

  it('reads CWE ids from tags in their real spellings', () => {
    expect(
      cwesOf(['external/cwe/cwe-079', 'CWE-22: Path traversal', 'cwe:89', 'security', 'external/cwe/cwe-079']),
    ).toEqual(['CWE-79', 'CWE-22', 'CWE-89'])
  })
})
