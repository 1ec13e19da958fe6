#!/usr/bin/env node
// `node bench/trace.mjs`: traces search keystrokes (bench/trace-keystrokes.ts), loaded as run.mjs loads the bench.
import { loadModule } from '../scripts/load-module.mjs'

process.setSourceMapsEnabled(true)
const { traceKeystrokes } = await loadModule('bench/trace-keystrokes.ts')
await traceKeystrokes()
