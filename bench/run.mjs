#!/usr/bin/env node
// `npm run bench`: builds Vigil and the reference pages, serves them on loopback, and measures in
// headless Chromium, interleaving Vigil with its reference so that machine noise cancels.
// Prints a table and writes bench/results.json. Nothing here is a test: it only measures.
// The bench is TypeScript (bench/runner.ts and the modules it imports), which Node 20 cannot run:
// Vite's module runner loads it, as the other scripts load the app's modules.
import { loadModule } from '../scripts/load-module.mjs'

// Stack traces name the TypeScript's lines, through the source maps the runner inlines.
process.setSourceMapsEnabled(true)
// runnerImport closes its module runner once runner.ts and its static imports are loaded: the
// bench runs after that, so its modules must import each other statically (a later import()
// of a bench module would find the runner closed). Packages are plain Node imports either way.
const { runBench } = await loadModule('bench/runner.ts')
await runBench()
