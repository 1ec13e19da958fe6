#!/usr/bin/env node
// `node bench/trace-triage.mjs`: where a bulk decision's time goes (bench/trace-triage.ts), loaded as run.mjs loads the bench.
import { loadModule } from '../scripts/load-module.mjs'

process.setSourceMapsEnabled(true)
const { traceTriage } = await loadModule('bench/trace-triage.ts')
await traceTriage()
