#!/usr/bin/env node
// `node bench/ab.mjs`: a CSS change's cost per keystroke, A against B in one page (bench/ab-letters.ts).
import { loadModule } from '../scripts/load-module.mjs'

process.setSourceMapsEnabled(true)
const { compareLetters } = await loadModule('bench/ab-letters.ts')
await compareLetters()
