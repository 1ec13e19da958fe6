import type { Validator } from '@cfworker/json-schema'
import { describeSchemaErrors } from '@/lib/schema-errors'

/** A JSON file a team publishes for Vigil (the feed's manifest, the history file, the decisions file). */
export interface TeamJsonFormat {
  /** The file as a sentence's subject names it: "The history file". */
  title: string
  /** The message when an HTML page came instead (a sign-in or error page). */
  htmlPage: string
  /** The member that holds the file's version, and the newest version this Vigil reads. */
  version?: { member: string; newest: number }
  validator: Validator
  /** The format as a person looks it up: "Vigil's history format (docs/history.md)". */
  format: string
  /** The whole document, as an error at its root names it. */
  whole: string
  fail: (message: string) => Error
}

/**
 * Reads a team's JSON file up to its schema: a byte-order mark and leading space allowed, an HTML
 * page, text that is not JSON, a newer version than this Vigil reads, and a document that does not
 * match the schema each refused in words a person can act on. The format's own checks come after.
 */
export function readTeamJson(text: string, format: TeamJsonFormat): unknown {
  const body = text.replace(/^\uFEFF/, '').trimStart()
  if (body.startsWith('<')) throw format.fail(format.htmlPage)
  let document: unknown
  try {
    document = JSON.parse(body)
  } catch (error) {
    throw format.fail(`${format.title} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (format.version) {
    const { member, newest } = format.version
    const version = (document as Record<string, unknown> | null)?.[member]
    if (typeof version === 'number' && version > newest) {
      throw format.fail(
        `${format.title} is of version ${version}, newer than this Vigil reads (${newest}): reload Vigil to get the newer version.`,
      )
    }
  }
  const result = format.validator.validate(document)
  if (!result.valid) {
    throw format.fail(
      `${format.title} does not match ${format.format}: ${describeSchemaErrors(result.errors, format.whole)}.`,
    )
  }
  return document
}
