/**
 * How every test runner launches Chromium: Debian's binary (never a downloaded build), with the
 * flags of scripts/chromium.mjs.
 */
export { chromiumArgs } from '../scripts/chromium.mjs'

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
