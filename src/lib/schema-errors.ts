/** An error as JSON Schema validators report it: where in the document, and what is wrong there. */
export interface SchemaError {
  instanceLocation: string
  error: string
}

/**
 * A validator's errors in a sentence a person can act on: the first three places, then how many
 * more. The validator reports each failing keyword up the tree; the deepest ones say what is wrong.
 * `whole` names the document when the error is at its root ("the manifest").
 */
export function describeSchemaErrors(errors: SchemaError[], whole: string): string {
  const deepest = errors.filter(
    (error) =>
      !errors.some((other) => other !== error && other.instanceLocation.startsWith(`${error.instanceLocation}/`)),
  )
  const listed = deepest
    .slice(0, 3)
    .map((error) => `${error.instanceLocation.replace(/^#/, '') || whole}: ${error.error}`)
  return `${listed.join('; ')}${deepest.length > 3 ? `; and ${deepest.length - 3} more` : ''}`
}
