import { join, resolve } from 'node:path'

/** The repository's root: the bench builds there and writes its results under bench/. */
export const root = resolve(import.meta.dirname, '..')
/** Vigil's production build, with the seed pages and the generated scan files beside it. */
export const vigilDir = join(root, 'dist-bench/vigil')
/** The reference pages (bare React, plain-DOM filter and advisories). */
export const referenceDir = join(root, 'dist-bench/reference')
