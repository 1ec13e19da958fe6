import axe from 'axe-core'

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA (2.2 adds target size), and axe's best practices. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/**
 * axe-core's violations in the document, as "rule: targets" lines. A screen under test renders
 * outside the app's landmarks, so the landmark rule is left to the end-to-end tests.
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const { violations } = await axe.run(root, {
    runOnly: { type: 'tag', values: WCAG_TAGS },
    rules: { region: { enabled: false } },
  })
  return violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
}
