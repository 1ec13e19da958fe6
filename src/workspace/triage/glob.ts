/**
 * Path patterns of triage decisions (`test/**`, `**\/*.spec.ts`, `src/{a,b}/*.ts`), matched the way
 * Trivy and Grype match theirs: against the whole path, `*` and `?` within one folder name, `**` as
 * a whole segment for any number of folders, `{a,b}` for alternatives, `[abc]` and `[a-z]` for one
 * character of a set (`[!a]` for one outside it). No regular expression is built from the pattern,
 * and the matching is linear in practice: a star backtracks to its last position only.
 */

export interface PathPattern {
  source: string
  /** One list of segments per alternative of the braces. */
  alternatives: string[][]
}

/** Why a pattern cannot be used, in words; undefined when it can. */
export function checkPathPattern(pattern: string): string | undefined {
  const text = pattern.trim()
  if (text === '') return 'Write a path pattern, such as test/** or **/*.spec.ts.'
  if (text.length > 500) return 'The path pattern is longer than 500 characters.'
  let depth = 0
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]
    if (char === '\\') return `Write "/" between folders in the path pattern "${text}", not "\\".`
    if (char === '{') depth += 1
    if (char === '}') depth -= 1
    if (depth < 0 || depth > 1)
      return `The braces of the path pattern "${text}" do not pair up (one level of {a,b} at most).`
    if (char === '[') {
      const end = text.indexOf(']', index + 2)
      if (end < 0) return `The "[" of the path pattern "${text}" has no closing "]".`
      index = end
    }
  }
  if (depth !== 0) return `The braces of the path pattern "${text}" do not pair up (one level of {a,b} at most).`
  if (expandBraces(text).length > 64) return `The path pattern "${text}" has more than 64 alternatives.`
  return undefined
}

function expandBraces(pattern: string): string[] {
  const open = pattern.indexOf('{')
  if (open < 0) return [pattern]
  const close = pattern.indexOf('}', open)
  const head = pattern.slice(0, open)
  const tail = expandBraces(pattern.slice(close + 1))
  return pattern
    .slice(open + 1, close)
    .split(',')
    .flatMap((choice) => tail.map((rest) => head + choice + rest))
}

/** A path as patterns see it: forward slashes, no leading `./` or `/`, no empty segments. */
export function normalisePath(path: string): string {
  return path
    .replace(/\\/g, '/')
    .replace(/^(?:\.\/|\/)+/, '')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/')
}

/** Compiles a pattern once for many paths; throws when `checkPathPattern` would refuse it. */
export function compilePathPattern(pattern: string): PathPattern {
  const problem = checkPathPattern(pattern)
  if (problem) throw new Error(problem)
  const source = pattern.trim()
  return {
    source,
    alternatives: expandBraces(source).map((alternative) =>
      normalisePath(alternative)
        .split('/')
        // `a/**/**/b` is `a/**/b`.
        .filter((segment, index, segments) => !(segment === '**' && segments[index - 1] === '**')),
    ),
  }
}

/** Whether `char` is in the bracket expression opening at `open`, and where the expression's `]` is. */
function matchClass(pattern: string, open: number, char: string): { matched: boolean; end: number } {
  let index = open + 1
  const negated = pattern[index] === '!' || pattern[index] === '^'
  if (negated) index += 1
  let matched = false
  let first = true
  while (index < pattern.length && (pattern[index] !== ']' || first)) {
    first = false
    const low = pattern[index]
    if (pattern[index + 1] === '-' && pattern[index + 2] !== undefined && pattern[index + 2] !== ']') {
      if (char >= low && char <= pattern[index + 2]) matched = true
      index += 3
    } else {
      if (char === low) matched = true
      index += 1
    }
  }
  return { matched: matched !== negated, end: index }
}

/** One segment: `*` any run of characters, `?` one character, `[...]` one of a set. */
function matchSegment(pattern: string, text: string): boolean {
  let p = 0
  let t = 0
  let starP = -1
  let starT = 0
  while (t < text.length) {
    const char = pattern[p]
    if (char === '*') {
      starP = p
      starT = t
      p += 1
      continue
    }
    if (char === '?') {
      p += 1
      t += 1
      continue
    }
    if (char === '[') {
      const { matched, end } = matchClass(pattern, p, text[t])
      if (matched) {
        p = end + 1
        t += 1
        continue
      }
    } else if (char !== undefined && char === text[t]) {
      p += 1
      t += 1
      continue
    }
    if (starP < 0) return false
    p = starP + 1
    starT += 1
    t = starT
  }
  while (pattern[p] === '*') p += 1
  return p === pattern.length
}

/** Segments of a pattern against segments of a path, `**` standing for any number of them. */
function matchSegments(pattern: string[], path: string[]): boolean {
  let p = 0
  let t = 0
  let starP = -1
  let starT = 0
  while (t < path.length) {
    if (pattern[p] === '**') {
      starP = p
      starT = t
      p += 1
      continue
    }
    if (p < pattern.length && matchSegment(pattern[p], path[t])) {
      p += 1
      t += 1
      continue
    }
    if (starP < 0) return false
    p = starP + 1
    starT += 1
    t = starT
  }
  while (pattern[p] === '**') p += 1
  return p === pattern.length
}

/** Whether a path (as a scanner wrote it) matches a compiled pattern. */
export function matchesPath(pattern: PathPattern, path: string): boolean {
  const segments = normalisePath(path).split('/')
  return pattern.alternatives.some((alternative) => matchSegments(alternative, segments))
}
