#!/usr/bin/env node
// `node bench/trace-import.mjs`: where an import's time goes (bench/trace-import.ts), loaded as run.mjs loads the bench.
import { loadModule } from '../scripts/load-module.mjs'

process.setSourceMapsEnabled(true)
const { traceImport } = await loadModule('bench/trace-import.ts')
await traceImport()
