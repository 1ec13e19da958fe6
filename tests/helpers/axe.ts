import axe from 'axe-core'

/**
 * axe-core's violations in the document, as "rule: targets" lines. A screen under test renders
 * outside the app's landmarks, so the landmark rule is left to the end-to-end tests.
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const { violations } = await axe.run(root, { rules: { region: { enabled: false } } })
  return violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
}
